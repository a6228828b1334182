/**
 * The graph's toolbar: the caller's view options first, then zoom, fit, the collapse and whole-package
 * toggles, "Find bundle" and the status line. Presentational only (the graph view passes what each
 * control does), so the toolbar's markup is apart from the canvas logic.
 */
import { useId, useState, type ReactNode } from 'react';
import { TextInput } from '../ui/TextInput';

export interface GraphToolbarProps {
  /** More controls at the start (the view options: v0 semantics, filters, export). */
  start?: ReactNode;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  collapsed: boolean;
  toggleCollapse(): void;
  /** When given, a "Whole package" toggle reports changes here. */
  packageView?: boolean;
  onPackageViewChange?(on: boolean): void;
  find(query: string): void;
  status: string;
}

export function GraphToolbar(props: GraphToolbarProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const { onPackageViewChange } = props;
  return (
    <div className="fbc-graph-toolbar" role="toolbar" aria-label="Graph controls">
      {props.start}
      <button type="button" onClick={props.zoomIn} aria-label="Zoom in" title="Zoom in (+)">
        +
      </button>
      <button type="button" onClick={props.zoomOut} aria-label="Zoom out" title="Zoom out (−)">
        −
      </button>
      <button type="button" onClick={props.fit} aria-label="Fit graph to view" title="Fit (0)">
        Fit
      </button>
      <button
        type="button"
        aria-pressed={props.collapsed}
        onClick={props.toggleCollapse}
        title="Collapse long linear replaces runs into +N nodes"
      >
        Collapse runs
      </button>
      {onPackageViewChange && (
        <button
          type="button"
          aria-pressed={!!props.packageView}
          onClick={() => onPackageViewChange(!props.packageView)}
          title="Show every channel of the package at once"
        >
          Whole package
        </button>
      )}
      <form
        className="fbc-graph-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          props.find(query);
        }}
      >
        <label htmlFor={searchId}>Find bundle</label>
        <TextInput
          id={searchId}
          type="search"
          value={query}
          placeholder="name or version"
          onValue={setQuery}
          autoComplete="off"
        />
        <button type="submit">Find</button>
      </form>
      <span className="fbc-graph-status" role="status" aria-live="polite">
        {props.status}
      </span>
    </div>
  );
}
