import { useEffect, useRef } from 'react';
import type { editor as MonacoEditorNs } from 'monaco-editor/editor';
import { useApp } from '../state/store';
import '../editor/editor.css';
import { languageOf, monaco, monacoTheme } from '../editor/monaco-setup';

/** A side-by-side Monaco diff of two texts (read-only). `null` shows as an empty, absent file. */
export function DiffView(props: {
  path: string;
  original: string | null;
  modified: string | null;
  originalLabel: string;
  modifiedLabel: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useApp((s) => s.theme);
  const diffRef = useRef<MonacoEditorNs.IStandaloneDiffEditor | null>(null);

  useEffect(() => {
    const diff = monaco.editor.createDiffEditor(ref.current!, {
      automaticLayout: true,
      readOnly: true,
      originalEditable: false,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: false,
      ignoreTrimWhitespace: false,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fontSize: 12,
      renderOverviewRuler: false,
      hideUnchangedRegions: { enabled: true, contextLineCount: 3, minimumLineCount: 4, revealLineCount: 10 },
    });
    diffRef.current = diff;
    return () => {
      const m = diff.getModel();
      diff.dispose();
      m?.original.dispose();
      m?.modified.dispose();
      diffRef.current = null;
    };
  }, []);

  useEffect(() => {
    const diff = diffRef.current;
    if (!diff) return;
    const old = diff.getModel();
    const lang = languageOf(props.path, /\.json$/i.test(props.path) ? 'json' : 'yaml', 2);
    diff.setModel({
      original: monaco.editor.createModel(props.original ?? '', lang),
      modified: monaco.editor.createModel(props.modified ?? '', lang),
    });
    old?.original.dispose();
    old?.modified.dispose();
    // Each side is a text field of its own: named for screen readers by file and side.
    diff
      .getOriginalEditor()
      .updateOptions({ ariaLabel: `${props.path}, ${props.originalLabel} (read-only)` });
    diff
      .getModifiedEditor()
      .updateOptions({ ariaLabel: `${props.path}, ${props.modifiedLabel} (read-only)` });
  }, [props.path, props.original, props.modified]);

  useEffect(() => monaco.editor.setTheme(monacoTheme(theme)), [theme]);

  return (
    <div className="diff-view">
      <div className="diff-labels small muted">
        <span>{props.originalLabel}</span>
        <span>{props.modifiedLabel}</span>
      </div>
      <div ref={ref} className="diff-host" data-testid="diff-editor" />
    </div>
  );
}

/** "+3 −1" line counts of a change (a plain line multiset difference, for the file list). */
export function lineStats(a: string | null, b: string | null): { added: number; removed: number } {
  const count = (t: string | null) => {
    const m = new Map<string, number>();
    for (const l of (t ?? '').split('\n')) m.set(l, (m.get(l) ?? 0) + 1);
    return m;
  };
  const ca = count(a);
  const cb = count(b);
  let added = 0;
  let removed = 0;
  for (const [l, n] of cb) added += Math.max(0, n - (ca.get(l) ?? 0));
  for (const [l, n] of ca) removed += Math.max(0, n - (cb.get(l) ?? 0));
  return { added, removed };
}
