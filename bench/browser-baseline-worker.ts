/**
 * The baseline of `npm run bench:browser`, run in a worker of its own (the app parses in its catalog
 * worker, so like is compared with like): list OPFS directory `dir` recursively, read every file
 * (File.text()) and parse it, sequentially.
 *   json: each file holds the catalog's objects as one JSON array (the bench server writes that
 *         form for the baseline: the same bytes plus a comma between objects), parsed with JSON.parse
 *   yaml: js-yaml loadAll (the fastest YAML parser we found on npm), every document of the stream
 * Message in: { dir, format }. Message out: { ms, files, bytes, objects } or { error }.
 */
import { loadAll } from 'js-yaml';

type DirEntries = AsyncIterable<[string, FileSystemHandle]>;

async function listFiles(dir: FileSystemDirectoryHandle, out: FileSystemFileHandle[] = []) {
  const entries: [string, FileSystemHandle][] = [];
  for await (const e of (dir as unknown as { entries(): DirEntries }).entries()) entries.push(e);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, h] of entries) {
    if (h.kind === 'directory') await listFiles(h as FileSystemDirectoryHandle, out);
    else out.push(h as FileSystemFileHandle);
  }
  return out;
}

self.onmessage = async (e: MessageEvent<{ dir: string; format: 'json' | 'yaml' }>) => {
  try {
    const { dir, format } = e.data;
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(dir);
    const t0 = performance.now();
    const files = await listFiles(root);
    let bytes = 0;
    let objects = 0;
    for (const h of files) {
      const file = await h.getFile();
      bytes += file.size;
      const text = await file.text();
      if (format === 'json') objects += (JSON.parse(text) as unknown[]).length;
      else if (/^\s*\{/.test(text)) {
        // A JSON-stream file in a mixed catalog (the demo): not a YAML stream js-yaml can read.
        objects += (JSON.parse(`[${text.trim().replace(/\}\s*\n\{/g, '},\n{')}]`) as unknown[]).length;
      } else loadAll(text, () => objects++);
    }
    self.postMessage({ ms: performance.now() - t0, files: files.length, bytes, objects });
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  }
};
