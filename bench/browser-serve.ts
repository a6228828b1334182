/**
 * Builds what `npm run bench:browser` serves and serves it on 127.0.0.1 (a free port):
 *   /                        the app, built with the repo's vite.config.ts into bench/out/browser-app
 *   /__probe/probe.js        bench/browser-probe.ts (window.__fbcBench), bundled on its own
 *   /__probe/baseline-worker.js  bench/browser-baseline-worker.ts (js-yaml bundled in)
 *   /__catalog/<name>/__files      the catalog's files as JSON [{ path, size }], walk order
 *   /__catalog/<name>/f/<path>     one file; `?array=1` gives a JSON file as one array (baseline form)
 * One origin for all of it, so the page can copy a catalog into its OPFS and the baseline worker can
 * read it there.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
export const appOutDir = path.join(benchDir, 'out', 'browser-app');
export const probeOutDir = path.join(benchDir, 'out', 'browser-probe');

/** `vite build` of the app (production mode, the repo's config) into `outDir`. */
export async function buildApp(outDir = appOutDir): Promise<string> {
  await build({
    root: repoRoot,
    configFile: path.join(repoRoot, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** The in-page probe and the baseline worker, as two ES modules. */
export async function buildProbe(outDir = probeOutDir): Promise<string> {
  await build({
    root: benchDir,
    configFile: false,
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: {
        entry: {
          probe: path.join(benchDir, 'browser-probe.ts'),
          'baseline-worker': path.join(benchDir, 'browser-baseline-worker.ts'),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
    },
  });
  return outDir;
}

/** Catalog files under `dir`, relative, in opm's walk order (lexical per directory), but for our `.done` marker. */
export function listCatalog(dir: string): { path: string; size: number }[] {
  const out: { path: string; size: number }[] = [];
  const walk = (d: string, prefix: string) => {
    for (const name of readdirSync(d).sort()) {
      if (name === '.done') continue;
      const abs = path.join(d, name);
      const st = statSync(abs);
      if (st.isDirectory()) walk(abs, `${prefix}${name}/`);
      else out.push({ path: `${prefix}${name}`, size: st.size });
    }
  };
  walk(dir, '');
  return out;
}

/**
 * A JSON-stream file (objects one after another, as make-catalog.mjs writes them) as one JSON array:
 * the same bytes plus `[`, `]` and a comma between top-level objects.
 */
export function jsonArrayForm(text: string): string {
  return `[${text.trim().replace(/\}\s*\n\{/g, '},\n{')}]`;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.yaml': 'text/yaml; charset=utf-8',
};

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

export async function serveBench(opts: {
  appDir: string;
  probeDir: string;
  /** name → directory on disk */
  catalogs: Map<string, string>;
}): Promise<BenchServer> {
  const sendFile = (res: ServerResponse, abs: string) => {
    res.writeHead(200, {
      'content-type': types[path.extname(abs)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(abs).pipe(res);
  };
  const inside = (root: string, rel: string) => {
    const abs = path.resolve(root, `.${path.posix.normalize(`/${rel}`)}`);
    return abs.startsWith(path.resolve(root)) ? abs : undefined;
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = decodeURIComponent(url.pathname);
    const notFound = () => {
      res.writeHead(404);
      res.end('not found');
    };
    if (p.startsWith('/__probe/')) {
      const abs = inside(opts.probeDir, p.slice('/__probe/'.length));
      return abs && existsSync(abs) ? sendFile(res, abs) : notFound();
    }
    const cat = /^\/__catalog\/([^/]+)\/(__files|f\/(.+))$/.exec(p);
    if (cat) {
      const dir = opts.catalogs.get(cat[1]!);
      if (!dir) return notFound();
      if (cat[2] === '__files') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(listCatalog(dir)));
      }
      const abs = inside(dir, cat[3]!);
      if (!abs || !existsSync(abs)) return notFound();
      if (url.searchParams.get('array') === '1') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(jsonArrayForm(readFileSync(abs, 'utf8')));
      }
      return sendFile(res, abs);
    }
    const abs = inside(opts.appDir, p === '/' ? 'index.html' : p.slice(1));
    if (abs && existsSync(abs) && statSync(abs).isFile()) return sendFile(res, abs);
    // The app's own routes (?pkg=…) all load index.html.
    return sendFile(res, path.join(opts.appDir, 'index.html'));
  };
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
