/**
 * Schema completion and hover in JSON streams (several top-level values in one file), which
 * Monaco's JSON service cannot parse as a whole. For each request the value under the cursor is
 * copied into a hidden "shadow" model at the same lines and columns (json-stream-scan.ts), and
 * Monaco's own JSON worker, which already applies the FBC schema to `.json` URIs, answers for it.
 *
 * One shadow model per stream file, at `file:///__fbc-shadow__/<path>.json`, disposed with the
 * file's model (its tab closing). It never carries markers: it is created as `json` (which starts
 * Monaco's JSON mode and worker when no JSON file did yet) and at once moved to a language of its
 * own, out of the JSON diagnostics' reach, so no schema or syntax warning about a value cut out of
 * its file can surface in the marker list or marker navigation. The JSON worker does not care
 * about a model's language, only its URI.
 */
import * as monaco from 'monaco-editor/editor';
import { getWorker } from 'monaco-editor/languages/features/json/register';
import { changedRange, shadowText, valueAt, valueSpans, type Span } from './json-stream-scan';
import {
  toCompletionList,
  toHover,
  toLspPosition,
  type LspCompletionList,
  type LspHover,
  type LspPosition,
  type MonacoEnums,
} from './json-stream-lsp';

type Model = monaco.editor.ITextModel;

/** What the JSON worker's proxy offers at runtime beyond its published type. */
interface JsonWorker {
  doComplete(uri: string, position: LspPosition): Promise<LspCompletionList | null>;
  doHover(uri: string, position: LspPosition): Promise<LspHover | null>;
}

const SHADOW_LANGUAGE = 'fbc-json-shadow';
const SHADOW_ROOT = '/__fbc-shadow__';

const enums: MonacoEnums = {
  kind: monaco.languages.CompletionItemKind,
  insertAsSnippet: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
};

/** Shadow models by their file's model URI. */
const shadows = new Map<string, Model>();

/** Requests run one at a time: each sets the shared shadow text, then asks the worker about it. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(op: () => Promise<T>): Promise<T> {
  const next = queue.then(op, op);
  queue = next.catch(() => undefined);
  return next;
}

/** The shadow's URI: under its own root (clearly not a catalog file) and ending in `.json` (the schema's fileMatch). */
function shadowUri(model: Model): monaco.Uri {
  const path = model.uri.path;
  return model.uri.with({ path: `${SHADOW_ROOT}${path}${/\.json$/i.test(path) ? '' : '.json'}` });
}

/** Each file's text and values as of a model version: hovering around a file does not rescan it. */
const scans = new WeakMap<Model, { version: number; text: string; spans: Span[] }>();
function scan(model: Model): { text: string; spans: Span[] } {
  const version = model.getVersionId();
  let s = scans.get(model);
  if (s?.version !== version) {
    const text = model.getValue();
    s = { version, text, spans: valueSpans(text) };
    scans.set(model, s);
  }
  return s;
}

/** Puts the value at `offset` of `model` into its shadow model (created on first use). */
function syncShadow(model: Model, offset: number): Model {
  const { text, spans } = scan(model);
  const next = shadowText(text, valueAt(spans, offset));
  const key = model.uri.toString();
  const shadow = shadows.get(key);
  if (!shadow || shadow.isDisposed()) {
    const uri = shadowUri(model);
    monaco.editor.getModel(uri)?.dispose();
    const created = monaco.editor.createModel(next, 'json', uri);
    monaco.editor.setModelLanguage(created, SHADOW_LANGUAGE);
    shadows.set(key, created);
    model.onWillDispose(() => {
      shadows.delete(key);
      created.dispose();
    });
    return created;
  }
  const edit = changedRange(shadow.getValue(), next);
  if (edit) {
    const from = shadow.getPositionAt(edit.start);
    const to = shadow.getPositionAt(edit.end);
    shadow.applyEdits([
      { range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), text: edit.text },
    ]);
  }
  return shadow;
}

/** Monaco's JSON worker with `uri` synced to it. */
async function jsonWorker(uri: monaco.Uri): Promise<JsonWorker> {
  const giveUp = performance.now() + 15_000;
  for (;;) {
    try {
      const get = await getWorker();
      return (await get(uri)) as unknown as JsonWorker;
    } catch (e) {
      // Monaco sets its JSON mode up once a `json` model exists (our first shadow), after loading
      // its code; until then getWorker rejects.
      if (performance.now() > giveUp) throw e;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Registers completion and hover for `languageId` (the JSON stream language). */
export function registerJsonStreamHelp(languageId: string): monaco.IDisposable[] {
  monaco.languages.register({ id: SHADOW_LANGUAGE });
  return [
    monaco.languages.registerCompletionItemProvider(languageId, {
      // As Monaco's JSON mode: after `"` (a key or value starts), `:` and a space.
      triggerCharacters: [' ', ':', '"'],
      provideCompletionItems: (model, position, _context, token) =>
        serially(async () => {
          const shadow = syncShadow(model, model.getOffsetAt(position));
          const worker = await jsonWorker(shadow.uri);
          if (token.isCancellationRequested) return { suggestions: [] };
          const list = await worker.doComplete(shadow.uri.toString(), toLspPosition(position));
          const word = model.getWordUntilPosition(position);
          const wordRange = new monaco.Range(
            position.lineNumber,
            word.startColumn,
            position.lineNumber,
            word.endColumn,
          );
          return toCompletionList(list, wordRange, enums);
        }),
    }),
    monaco.languages.registerHoverProvider(languageId, {
      provideHover: (model, position, token) =>
        serially(async () => {
          const shadow = syncShadow(model, model.getOffsetAt(position));
          const worker = await jsonWorker(shadow.uri);
          if (token.isCancellationRequested) return undefined;
          return toHover(await worker.doHover(shadow.uri.toString(), toLspPosition(position)));
        }),
    }),
  ];
}
