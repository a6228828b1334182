/**
 * Validator findings as Monaco markers, at their exact ranges (or the first line of a whole blob),
 * with the finding behind each marker remembered for the quick fixes (quick-fixes.ts). Separate from
 * the dock because it is the one translation from the worker's diagnostics to Monaco's markers.
 */
import type { editor as MonacoEditorNs } from 'monaco-editor/editor';
import type { DiagnosticView } from '../../core/service/views';
import { models, type Model } from './editor-models';
import { monaco } from './monaco-setup';

/** Diagnostics behind each marker, for the quick fixes (marker key → diagnostic). */
const markerDiagnostics = new Map<string, DiagnosticView>();

const markerKey = (uri: string, m: { startLineNumber: number; startColumn: number; message: string }) =>
  `${uri}|${m.startLineNumber}:${m.startColumn}|${m.message}`;

/** The finding a marker of `model` was made from, if it is one of ours. */
export function diagnosticOf(model: Model, marker: MonacoEditorNs.IMarkerData): DiagnosticView | undefined {
  return markerDiagnostics.get(markerKey(model.uri.toString(), marker));
}

function toMarker(
  model: Model,
  d: DiagnosticView,
  loc: NonNullable<DiagnosticView['location']>,
): MonacoEditorNs.IMarkerData {
  const severity =
    d.severity === 'error'
      ? monaco.MarkerSeverity.Error
      : d.severity === 'warning'
        ? monaco.MarkerSeverity.Warning
        : monaco.MarkerSeverity.Info;
  const line = Math.min(Math.max(1, loc.start.line), model.getLineCount());
  // A finding about a whole blob or entry range is marked on its first line only.
  let endLine = loc.end.line;
  let endColumn = loc.end.column;
  if (endLine !== line || endColumn <= loc.start.column) {
    endLine = line;
    endColumn = model.getLineMaxColumn(line);
  }
  return {
    severity,
    message: d.message,
    source: d.source === 'opm' ? 'opm validate' : 'FBC Studio',
    code: d.rule,
    startLineNumber: line,
    startColumn: loc.start.column,
    endLineNumber: endLine,
    endColumn,
  };
}

/** Marks every open model with the catalog's findings located in its file. */
export function setCatalogMarkers(diagnostics: readonly DiagnosticView[]): void {
  markerDiagnostics.clear();
  const byPath = new Map<string, MonacoEditorNs.IMarkerData[]>();
  for (const [path, model] of models) {
    const list: MonacoEditorNs.IMarkerData[] = [];
    for (const d of diagnostics) {
      const locs = [d.location, ...(d.targets ?? []).map((t) => t.location)].filter(
        (l): l is NonNullable<typeof l> => !!l && l.file === path,
      );
      for (const loc of locs) {
        const m = toMarker(model, d, loc);
        list.push(m);
        markerDiagnostics.set(markerKey(model.uri.toString(), m), d);
      }
    }
    byPath.set(path, list);
  }
  for (const [path, list] of byPath) {
    const model = models.get(path);
    if (model && !model.isDisposed()) monaco.editor.setModelMarkers(model, 'fbc', list);
  }
}
