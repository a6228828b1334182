/**
 * A model for each open tab, created from the worker's current text, and typing sent from each:
 * Monaco's own change deltas, debounced, flushed before anything else asks the worker (addFlusher).
 * A file Monaco would rewrite (mixed line endings, a BOM) is marked read-only. Separate from the
 * dock because this is the whole typing path, the part the keystroke benchmark measures.
 */
import type { IDisposable } from 'monaco-editor/editor';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TextDelta } from '../../core/service/edit-types';
import { addFlusher, sendTyping } from './edit-client';
import { isApplyingRemote, models } from './editor-models';
import { noteKeystroke } from './edit-store';
import { showNotice } from '../ui/ui-store';
import type { CatalogFileInfo } from '../../protocol/catalog-protocol';
import { fetchFile } from './files';
import { REPO_CONFIG_FILE } from '../../core/repo-config/types';
import { languageOf, monaco, uriOf } from './monaco-setup';

/** Typing is sent this long after the last keystroke (the worker then re-validates). */
const TYPING_DEBOUNCE_MS = 25;

export interface TabModels {
  /** Paths shown read-only (Monaco would change bytes nobody typed). */
  readOnly: RefObject<Set<string>>;
  /** A tab whose file is no longer in the catalog. */
  missing: string | undefined;
}

/**
 * `files`: the catalog's file list (undefined while a generation's list loads). `ready` changes when
 * the editor or a model was created; `created` is called when a model was.
 */
export function useTabModels(
  tabs: readonly string[],
  files: readonly CatalogFileInfo[] | undefined,
  ready: number,
  created: () => void,
): TabModels {
  const [missing, setMissing] = useState<string | undefined>();
  const filesRef = useRef(files);
  if (files) filesRef.current = files;
  // Flips once: the typing listeners must not be dropped while a new generation's list loads.
  const filesLoaded = filesRef.current !== undefined;
  const readOnly = useRef(new Set<string>());
  const createdRef = useRef(created);
  createdRef.current = created;

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
      let made = false;
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
        made = true;
      }
      // Only when a model was made: the listeners below attach on the next run.
      if (!cancelled && made) createdRef.current();
    })();
    if (!filesLoaded) return;
    for (const path of tabs) {
      // Attached once the model exists (next effect run via `ready`).
      const model = models.get(path);
      // The repository configuration is edited in the editor alone (checked there against its
      // schema): it is no catalog's file, so typing in it is not sent to the catalog's session.
      if (!model || path === REPO_CONFIG_FILE) continue;
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
          if (isApplyingRemote()) return;
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

  return { readOnly, missing };
}
