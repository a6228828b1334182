/**
 * Keeps the open models' markers current: the validator's findings after every re-validation
 * (markers.ts), and for JSON streams the FBC schema checked per blob in the worker (Monaco's JSON
 * service cannot check a stream). Separate from the models because markers follow the catalog's
 * generation, not the tabs.
 */
import { useEffect } from 'react';
import { useDiagnostics } from '../state/queries';
import { useGeneration } from '../state/store';
import { schemaMarkers } from './edit-client';
import { models } from './editor-models';
import { setCatalogMarkers } from './markers';
import { JSON_STREAM, monaco } from './monaco-setup';

export function useEditorMarkers(ready: number): void {
  const generation = useGeneration();
  const { data: diagnostics } = useDiagnostics();

  // Validator findings as markers, at their exact ranges.
  useEffect(() => {
    if (diagnostics) setCatalogMarkers(diagnostics);
  }, [diagnostics, ready]);

  // JSON streams: the FBC schema checked per blob in the worker (Monaco's JSON service cannot).
  useEffect(() => {
    let cancelled = false;
    for (const [path, model] of models) {
      if (model.getLanguageId() !== JSON_STREAM) continue;
      void schemaMarkers(path).then((list) => {
        if (cancelled || model.isDisposed()) return;
        monaco.editor.setModelMarkers(
          model,
          'fbc-schema',
          list.map((m) => ({
            severity: monaco.MarkerSeverity.Warning,
            message: m.message,
            source: 'FBC schema',
            startLineNumber: m.range.start.line,
            startColumn: m.range.start.column,
            endLineNumber: m.range.end.line,
            endColumn: m.range.end.column,
          })),
        );
      });
    }
    return () => {
      cancelled = true;
    };
  }, [generation, ready]);
}
