/**
 * The baseline of `npm run bench:open`, in a worker of the served page: list the files through the
 * server's API, fetch each (Response.text()) and parse it, sequentially — what the app's open of
 * the same folder cannot do faster. JSON files are parsed as one array (the bench's browser
 * baseline form); turning the stream into that array is not timed.
 * Message in: { format }. Message out: { ms, files, bytes, objects } or { error }.
 */
import { loadAll } from 'js-yaml';

const arrayForm = (text: string) => `[${text.trim().replace(/\}\s*\n\{/g, '},\n{')}]`;

self.onmessage = async (e: MessageEvent<{ format: 'json' | 'yaml' }>) => {
  try {
    let ms = 0;
    let t = performance.now();
    const list = (await (await fetch('/api/files')).json()) as { files: { path: string }[] };
    const paths = list.files.map((f) => f.path).filter((p) => /\.(ya?ml|json)$/.test(p));
    paths.sort();
    let bytes = 0;
    let objects = 0;
    for (const p of paths) {
      const text = await (await fetch(`/api/file?path=${encodeURIComponent(p)}`)).text();
      bytes += text.length;
      const json = p.endsWith('.json') || /^\s*\{/.test(text);
      if (json) {
        ms += performance.now() - t;
        const array = arrayForm(text); // untimed
        t = performance.now();
        objects += (JSON.parse(array) as unknown[]).length;
      } else loadAll(text, () => objects++);
    }
    ms += performance.now() - t;
    self.postMessage({ ms, files: paths.length, bytes, objects, format: e.data.format });
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  }
};
