/**
 * The editor dock: Monaco with one tab per open catalog file. Loaded lazily (React.lazy) with
 * Monaco itself. Typing is sent to the worker as Monaco's own change deltas, debounced; the
 * worker re-validates and the graph, table and problems follow. Undo/redo in the editor go to
 * the shared history (typing and actions alike), never to Monaco's own stack.
 */
import { useEffect, useRef, useState } from 'react';
import type { editor as MonacoEditorNs, IDisposable } from 'monaco-editor/editor';
import type { DiagnosticView } from '../../core/service/views';
import type { FileText, TextDelta } from '../../core/service/edit-types';
import { useDiagnostics } from '../state/queries';
import { useApp, useGeneration } from '../state/store';
import {
  addFlusher,
  loadEditCore,
  performAction,
  quickFixes,
  redo,
  schemaMarkers,
  sendTyping,
  setMirror,
  undo,
} from './edit-client';
import { fetchFile, useFiles } from './files';
import {
  closeEditor,
  closeTab,
  noteKeystroke,
  openDialog,
  showNotice,
  showTab,
  useEdits,
} from './edit-store';
import { JSON_STREAM, languageOf, monaco, uriOf } from './monaco-setup';
import './editor.css';

/** Typing is sent this long after the last keystroke (the worker then re-validates). */
const TYPING_DEBOUNCE_MS = 25;
const APPLY_FIX = 'fbc-studio.applyFix';

type Model = MonacoEditorNs.ITextModel;

/**
 * Above this many characters, the whole-file passes Monaco runs on every change (link and colour
 * detection, unicode checks, word suggestions, occurrence highlights) are turned off: on a 2 MB
 * catalog they cost seconds of main thread per keystroke.
 */
const LARGE_FILE = 400_000;
const LARGE_FILE_OPTIONS: MonacoEditorNs.IEditorOptions = {
  links: false,
  colorDecorators: false,
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  quickSuggestions: false,
  unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false, nonBasicASCII: false },
  stickyScroll: { enabled: false },
  folding: false,
};
const SMALL_FILE_OPTIONS: MonacoEditorNs.IEditorOptions = {
  links: true,
  colorDecorators: true,
  occurrencesHighlight: 'singleFile',
  selectionHighlight: true,
  quickSuggestions: true,
  unicodeHighlight: {
    ambiguousCharacters: true,
    invisibleCharacters: true,
    nonBasicASCII: 'inUntrustedWorkspace',
  },
  stickyScroll: { enabled: true, defaultModel: 'indentationModel' },
  folding: true,
};

/** Open models by path (the mirror and the code-action provider look them up). */
const models = new Map<string, Model>();
/** Diagnostics behind each marker, for the quick fixes (marker key → diagnostic). */
const markerDiagnostics = new Map<string, DiagnosticView>();
let applyingRemote = false;

const markerKey = (uri: string, m: { startLineNumber: number; startColumn: number; message: string }) =>
  `${uri}|${m.startLineNumber}:${m.startColumn}|${m.message}`;

let providersRegistered = false;
function registerProviders(): void {
  if (providersRegistered) return;
  providersRegistered = true;
  monaco.editor.registerCommand(APPLY_FIX, (_accessor, action: string, args: Record<string, unknown>) => {
    void performAction(action, args).then((r) => {
      if (r.error) showNotice({ kind: 'error', text: r.error });
    });
  });
  for (const language of ['yaml', 'json', JSON_STREAM]) {
    monaco.languages.registerCodeActionProvider(language, {
      async provideCodeActions(model, _range, context) {
        const actions: import('monaco-editor/editor').languages.CodeAction[] = [];
        for (const marker of context.markers) {
          const d = markerDiagnostics.get(markerKey(model.uri.toString(), marker));
          if (!d) continue;
          const fixes = await quickFixes(d);
          for (const f of fixes) {
            actions.push({
              title: f.title,
              kind: 'quickfix',
              isPreferred: f.preferred,
              diagnostics: [marker],
              command: { id: APPLY_FIX, title: f.title, arguments: [f.action, f.args] },
            });
          }
        }
        return { actions, dispose() {} };
      },
    });
  }
}

/** Applies a worker-side text to a model as one minimal edit, so the cursor and scroll stay put. */
function applyRemote(model: Model, text: string): void {
  const cur = model.getValue();
  if (cur === text) return;
  let start = 0;
  const max = Math.min(cur.length, text.length);
  while (start < max && cur.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && cur.charCodeAt(cur.length - 1 - end) === text.charCodeAt(text.length - 1 - end))
    end++;
  const from = model.getPositionAt(start);
  const to = model.getPositionAt(cur.length - end);
  applyingRemote = true;
  try {
    model.applyEdits([
      {
        range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
        text: text.slice(start, text.length - end),
      },
    ]);
  } finally {
    applyingRemote = false;
  }
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

function setCatalogMarkers(diagnostics: readonly DiagnosticView[]): void {
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

export default function EditorDock() {
  const tabs = useEdits((s) => s.tabs);
  const active = useEdits((s) => s.active);
  const reveal = useEdits((s) => s.reveal);
  const dirty = useEdits((s) => s.edit?.dirty);
  const theme = useApp((s) => s.theme);
  const generation = useGeneration();
  const { data: diagnostics } = useDiagnostics();
  const files = useFiles();
  const containerRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<MonacoEditorNs.IStandaloneCodeEditor | null>(null);
  const viewStates = useRef(new Map<string, MonacoEditorNs.ICodeEditorViewState | null>());
  const [ready, setReady] = useState(0);
  const [missing, setMissing] = useState<string | undefined>();
  const [cursor, setCursor] = useState({ line: 1, column: 1 });
  const filesRef = useRef(files.data);
  if (files.data) filesRef.current = files.data;
  // Flips once: the typing listeners must not be dropped while a new generation's list loads.
  const filesLoaded = filesRef.current !== undefined;
  const readOnly = useRef(new Set<string>());

  // Create the editor once; dispose it and its models on unmount.
  useEffect(() => {
    // Load the worker's edit core now, so the first keystroke does not wait for it.
    void loadEditCore().catch(() => undefined);
    registerProviders();
    const ed = monaco.editor.create(containerRef.current!, {
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      renderWhitespace: 'selection',
      tabSize: 2,
      model: null,
      lightbulb: { enabled: 'on' as never },
      // Nothing provides inline (ghost-text) completions; left on, Monaco still asks on every keystroke.
      inlineSuggest: { enabled: false },
      // The outline model (the default) re-parses every YAML document of the file on each change.
      stickyScroll: { enabled: true, defaultModel: 'indentationModel' },
    });
    editorRef.current = ed;
    if (navigator.webdriver) window.__fbcEditor = ed;
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyZ, () => void undo());
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyZ, () => void redo());
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyY, () => void redo());
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyK, () => openDialog({ kind: 'palette' }));
    const cursorSub = ed.onDidChangeCursorPosition((e) =>
      setCursor({ line: e.position.lineNumber, column: e.position.column }),
    );
    setMirror((changes: readonly FileText[]) => {
      for (const c of changes) {
        const model = models.get(c.path);
        if (!model || model.isDisposed()) continue;
        if (c.text === null) {
          closeTab(c.path);
          continue;
        }
        applyRemote(model, c.text);
      }
    });
    setReady((n) => n + 1);
    return () => {
      setMirror(undefined);
      cursorSub.dispose();
      ed.dispose();
      editorRef.current = null;
      for (const m of models.values()) m.dispose();
      models.clear();
    };
  }, []);

  useEffect(() => monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs'), [theme]);

  // Models for open tabs (created from the worker's current text); typing is sent from each.
  useEffect(() => {
    let cancelled = false;
    const subs: IDisposable[] = [];
    const flushers: (() => void)[] = [];
    for (const [path, model] of models) {
      if (!tabs.includes(path)) {
        model.dispose();
        models.delete(path);
      }
    }
    void (async () => {
      if (filesRef.current === undefined) return;
      let created = false;
      for (const path of tabs) {
        if (models.has(path)) continue;
        const file = await fetchFile(path);
        if (cancelled) return;
        if (!file) {
          setMissing(path);
          continue;
        }
        const info = filesRef.current?.find((f) => f.path === path);
        const lang = languageOf(path, info?.format ?? file.format, info?.blobs ?? 1);
        const model =
          monaco.editor.getModel(uriOf(path)) ?? monaco.editor.createModel(file.text, lang, uriOf(path));
        if (model.getValue() !== file.text) model.setValue(file.text);
        // Monaco normalises mixed line endings and drops a BOM: typing would then rewrite bytes
        // nobody meant to change, so such a file is shown read-only (actions still edit it exactly).
        if (model.getValue() !== file.text) readOnly.current.add(path);
        models.set(path, model);
        created = true;
      }
      // Only when a model was made: the listeners below attach on the next run.
      if (!cancelled && created) setReady((n) => n + 1);
    })();
    if (!filesLoaded) return;
    for (const path of tabs) {
      // Attached once the model exists (next effect run via `ready`).
      const model = models.get(path);
      if (!model) continue;
      let pending: TextDelta[] = [];
      let timer: ReturnType<typeof setTimeout> | undefined;
      let queued = false;
      const flush = () => {
        clearTimeout(timer);
        timer = undefined;
        if (pending.length === 0 || model.isDisposed() || queued) return;
        queued = true;
        void sendTyping(
          path,
          () => {
            queued = false;
            const deltas = pending;
            pending = [];
            return { deltas, length: model.getValueLength() };
          },
          () => model.getValue(),
        ).catch((e: unknown) => showNotice({ kind: 'error', text: `Typing was not applied: ${String(e)}` }));
      };
      flushers.push(addFlusher(flush));
      subs.push(
        model.onDidChangeContent((e) => {
          if (applyingRemote) return;
          noteKeystroke();
          // Offsets refer to the text before the event; applied from the end they stay valid.
          const changes = [...e.changes].sort((a, b) => b.rangeOffset - a.rangeOffset);
          for (const c of changes)
            pending.push({ offset: c.rangeOffset, length: c.rangeLength, text: c.text });
          clearTimeout(timer);
          timer = setTimeout(flush, TYPING_DEBOUNCE_MS);
        }),
      );
      subs.push({ dispose: flush });
    }
    return () => {
      cancelled = true;
      for (const s of subs) s.dispose();
      for (const f of flushers) f();
    };
  }, [tabs, ready, filesLoaded]);

  // Show the active tab, keeping each file's scroll and cursor.
  useEffect(() => {
    const ed = editorRef.current;
    const model = active ? models.get(active) : undefined;
    if (!ed || !model || ed.getModel() === model) return;
    const prev = ed.getModel();
    if (prev) {
      const prevPath = [...models].find(([, m]) => m === prev)?.[0];
      if (prevPath) viewStates.current.set(prevPath, ed.saveViewState());
    }
    ed.setModel(model);
    ed.updateOptions({
      readOnly: !!active && readOnly.current.has(active),
      ...(model.getValueLength() > LARGE_FILE ? LARGE_FILE_OPTIONS : SMALL_FILE_OPTIONS),
    });
    const vs = active ? viewStates.current.get(active) : undefined;
    if (vs) ed.restoreViewState(vs);
  }, [active, ready]);

  // Reveal a location (opened from a node, a problem, the file tree, a bundle's details).
  const revealed = useRef(0);
  useEffect(() => {
    const ed = editorRef.current;
    if (!ed || !reveal || revealed.current === reveal.nonce) return;
    const model = models.get(reveal.path);
    if (!model || ed.getModel() !== model) return;
    revealed.current = reveal.nonce;
    const line = Math.min(reveal.line, model.getLineCount());
    const range =
      reveal.endLine !== undefined && reveal.endLine === reveal.line && reveal.endColumn
        ? new monaco.Range(line, reveal.column, line, reveal.endColumn)
        : new monaco.Range(line, reveal.column, line, reveal.column);
    ed.revealRangeInCenter(range);
    ed.setSelection(range);
    ed.focus();
  }, [reveal, ready, active]);

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

  const dirtySet = new Set((dirty ?? []).map((d) => d.path));
  const activeInfo = files.data?.find((f) => f.path === active);
  const lang = active ? languageOf(active, activeInfo?.format ?? 'yaml', activeInfo?.blobs ?? 1) : '';

  return (
    <section className="editor-dock" aria-label="Editor">
      <div className="editor-tabs" role="tablist" aria-label="Open files">
        {tabs.map((path) => {
          const name = path.slice(path.lastIndexOf('/') + 1);
          const isActive = path === active;
          return (
            <div key={path} className={`editor-tab${isActive ? ' active' : ''}`} title={path}>
              <button
                type="button"
                role="tab"
                aria-selected={isActive}
                className="editor-tab-name"
                onClick={() => showTab(path)}
              >
                {name}
                {dirtySet.has(path) && (
                  <span className="dirty-dot" aria-label="changed" title="Changed since loaded">
                    ●
                  </span>
                )}
              </button>
              <button
                type="button"
                className="editor-tab-close"
                aria-label={`Close ${name}`}
                onClick={() => closeTab(path)}
              >
                ×
              </button>
            </div>
          );
        })}
        <span className="spacer" />
        <button
          type="button"
          className="icon-button subtle"
          aria-label="Close the editor"
          title="Close the editor"
          onClick={closeEditor}
        >
          ×
        </button>
      </div>
      {active && (
        <div className="editor-path mono small" aria-label="File path">
          {active}
        </div>
      )}
      <div ref={containerRef} className="editor-host" data-testid="monaco-host" />
      {tabs.length === 0 && (
        <p className="editor-empty muted">
          Open a file from the Files list, a graph node’s menu (right-click), a problem (double-click), a
          bundle’s details, or the command palette (Ctrl+K).
        </p>
      )}
      {missing && <p className="error-text small pad">{missing} is no longer in the catalog.</p>}
      {active && readOnly.current.has(active) && (
        <p className="warning-box small" role="note">
          This file mixes line endings or starts with a byte-order mark, which the editor would rewrite: it is
          read-only here. One-click actions still edit it byte for byte.
        </p>
      )}
      <div className="editor-status small muted" aria-live="off">
        <span>
          Ln {cursor.line}, Col {cursor.column}
        </span>
        <span>
          {lang === JSON_STREAM
            ? 'JSON stream (FBC schema checked per blob)'
            : lang === 'yaml'
              ? 'YAML · FBC schema'
              : lang === 'json'
                ? 'JSON · FBC schema'
                : lang}
        </span>
        <span>Ctrl+Z undo · Ctrl+. quick fix · Ctrl+K actions</span>
      </div>
    </section>
  );
}
