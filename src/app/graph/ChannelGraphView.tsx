import type { Core } from 'cytoscape';
import { useId, useRef, useState } from 'react';
import type { GraphEditing } from '../commands/graph-editing';
import type { GraphTip } from './graph-events';
import { GraphLegend } from './GraphLegend';
import { GraphToolbar } from './GraphToolbar';
import type { ChannelGraph, PackageGraphInput } from './types';
import { isChannelGraph } from './types';
import { useCanvasWatch } from './use-canvas-watch';
import { useCytoscape } from './use-cytoscape';
import { useGraphElements, type FocusIntent } from './use-graph-elements';
import { useGraphNavigation } from './use-graph-navigation';
import { useGraphTheme } from './use-graph-theme';
import { useMirrorMarked, useMirrorMarksOn } from './use-mirror-marks';
import { usePathEdges } from './use-path-edges';
import { usePreparedGraph } from './use-prepared-graph';
import { usePresentationFit } from './use-presentation-fit';
import { DEFAULT_MAX_ZOOM, PRESENTATION_ZOOM } from './viewport';
import './graph.css';

export interface ChannelGraphViewProps {
  graph: ChannelGraph | PackageGraphInput;
  selected?: string;
  onSelect(id: string | undefined): void;
  theme: 'light' | 'dark';
  v0Semantics?: boolean;
  highlight?: string[];
  /** Optional: when given, the toolbar shows a "Whole package" toggle and reports changes here. */
  packageView?: boolean;
  onPackageViewChange?(on: boolean): void;
  // --- Paths, presentation, export (src/app/paths, src/app/presentation, src/app/export) ---
  /** An upgrade path, installed → head: the edges between consecutive bundles are drawn as the path. */
  path?: string[];
  /** Presentation mode: the graph is fitted larger (the shell hides the panels around it). */
  presentation?: boolean;
  /** Receives the Cytoscape instance (null when it goes away), for exporting the view. */
  onCy?(cy: Core | null): void;
  /** More controls at the start of the toolbar (the view options: v0 semantics, filters, export). */
  toolbarStart?: React.ReactNode;
  // --- End of paths ---
  // --- Editing (src/app/commands/graph-editing.ts) ---
  /** Context menus and drawing edges by dragging; absent: the graph is read-only. */
  editing?: GraphEditing;
  /**
   * What the graph shows (e.g. `package/channel`). A new graph object with the same identity (the
   * catalog was edited) keeps the viewport and the expanded runs; without it, every new object resets them.
   */
  identity?: string;
  // --- End of editing ---
}

/**
 * The channel upgrade graph: Cytoscape with a preset (precomputed, left-to-right) layout, a toolbar,
 * an on-canvas legend and keyboard navigation. Default export so the shell can React.lazy it and keep
 * cytoscape out of the initial chunk. This component composes what the graph does, each in its own
 * file: the instance (use-cytoscape.ts, graph-events.ts), what is drawn (use-prepared-graph.ts,
 * use-graph-elements.ts, use-path-edges.ts), the camera (viewport.ts, use-presentation-fit.ts), the
 * colours (use-graph-theme.ts), the keyboard and search (use-graph-navigation.ts, GraphToolbar.tsx).
 */
export default function ChannelGraphView(props: ChannelGraphViewProps) {
  const { graph, selected, onSelect, v0Semantics = false, highlight, path, presentation = false } = props;
  const maxZoom = useRef(DEFAULT_MAX_ZOOM);
  maxZoom.current = presentation ? PRESENTATION_ZOOM : DEFAULT_MAX_ZOOM;
  /** Hover text for the edges OLM v0 ignores (and the bundles it skips), at the pointer. */
  const [tip, setTip] = useState<GraphTip | undefined>();
  // Defensive: a caller that omits `theme` gets the system preference for the fallback palette.
  const theme: 'light' | 'dark' =
    props.theme ??
    (typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light');
  const containerRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const focus = useRef<FocusIntent>({});
  const helpId = useId();

  const identity = props.identity ?? graph;
  const { prepared, expand, toggleCollapse } = usePreparedGraph(graph, identity, highlight, v0Semantics);
  const expandRun = (chunkId: string) => {
    expand(chunkId);
    focus.current.pending = chunkId.slice('collapsed:'.length);
  };

  const { cy, paletteKey } = useCytoscape(containerRef, {
    theme,
    select: onSelect,
    expand: expandRun,
    tip: setTip,
    editing: props.editing,
    onCy: props.onCy,
  });
  const rendered = useGraphElements(cy, {
    prepared,
    selected,
    identity,
    maxZoom,
    expand,
    focus,
    root: rootRef,
  });
  usePathEdges(cy, path, prepared);
  const channelGraph = isChannelGraph(graph) ? graph : undefined;
  useMirrorMarksOn(
    cy,
    channelGraph?.package ?? prepared.full.package,
    channelGraph?.channel,
    prepared,
    rendered,
  );
  const mirrorMarked = useMirrorMarked();
  usePresentationFit(cy, containerRef, presentation, maxZoom);
  useGraphTheme(cy, containerRef, paletteKey, theme);
  const shown = useCanvasWatch(cy, containerRef, maxZoom, rendered);
  const nav = useGraphNavigation(cy, { prepared, selected, select: onSelect, expandRun, focus });

  const isPackage = !isChannelGraph(graph);
  const collapsedCount = prepared.view.nodes.filter((n) => n.kind === 'collapsed').length;
  const bundleCount = prepared.full.nodes.filter((n) => n.kind === 'bundle').length;
  const title = isPackage
    ? `${prepared.full.package || 'Package'}: all channels`
    : `${(graph as ChannelGraph).package} / ${(graph as ChannelGraph).channel}`;

  return (
    <div
      ref={rootRef}
      className="fbc-graph"
      data-testid="channel-graph"
      data-node-count={rendered?.nodes ?? 0}
      data-edge-count={rendered?.edges ?? 0}
      data-collapsed={String(prepared.collapsed && collapsedCount > 0)}
      data-ready={rendered ? 'true' : 'false'}
    >
      <GraphToolbar
        start={props.toolbarStart}
        zoomIn={nav.zoomIn}
        zoomOut={nav.zoomOut}
        fit={nav.fit}
        collapsed={prepared.collapsed}
        toggleCollapse={toggleCollapse}
        packageView={props.packageView}
        onPackageViewChange={props.onPackageViewChange}
        find={nav.find}
        status={nav.status}
      />
      <div className="fbc-graph-stage">
        <div className="fbc-graph-title">
          <strong>{title}</strong>
          {!isPackage && (graph as ChannelGraph).isDefault && (
            <span className="fbc-badge">default channel</span>
          )}
          {isPackage && prepared.full.defaultChannel && (
            <span className="fbc-badge">default: {prepared.full.defaultChannel}</span>
          )}
          <span className="fbc-graph-count">
            {bundleCount} bundle{bundleCount === 1 ? '' : 's'}
            {/* A long channel does not fit at a readable size: say that the rest is a pan away. */}
            {shown !== undefined && shown < bundleCount && ` · ${shown} of ${bundleCount} shown`}
            {collapsedCount > 0 && ` · ${collapsedCount} collapsed run${collapsedCount === 1 ? '' : 's'}`}
          </span>
        </div>
        <div
          ref={containerRef}
          className="fbc-graph-canvas"
          tabIndex={0}
          role="application"
          aria-roledescription="upgrade graph"
          aria-label={`Upgrade graph of ${title}, ${bundleCount} bundles`}
          aria-describedby={helpId}
          onKeyDown={nav.onKeyDown}
        />
        <p id={helpId} className="fbc-visually-hidden">
          Arrow right and left move to the newer or older bundle, up and down within a column; Home and End go
          to the oldest bundle and the head; Shift with an arrow pans; plus and minus zoom, 0 fits, Escape
          clears the selection. The Entries table below the graph lists the same bundles as a table.
        </p>
        <a className="fbc-skip-link" href="#channel-entries">
          Skip to the Entries table (the graph as a table)
        </a>
        <span className="fbc-visually-hidden" aria-live="polite">
          {selected ? `Selected ${selected}` : ''}
        </span>
        {tip && (
          <div className="fbc-graph-tip" role="tooltip" style={{ left: tip.x + 12, top: tip.y + 12 }}>
            {tip.text}
          </div>
        )}
      </div>
      {/* Under the canvas, never over the nodes. */}
      <GraphLegend
        v0Semantics={v0Semantics}
        showCollapsed={collapsedCount > 0}
        showPath={(path?.length ?? 0) > 1 || (highlight?.length ?? 0) > 0}
        showMirror={mirrorMarked}
      />
    </div>
  );
}

/** Named export as well: the shell's lazy loader picks `ChannelGraphView` by name. */
export { ChannelGraphView };
/** For the Export graph menu (src/app/export): the palette the graph is drawn with, and its style. */
export { fallbackPalettes, graphStylesheet, readPalette } from './style';
export { nodeWidth } from './elements';
