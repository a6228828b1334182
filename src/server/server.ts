/**
 * The local server of `fbc-studio open` / `serve`: the built app (sirv, from the files found at
 * start — no path from a request ever reaches the file system there) and the folder API (api.ts),
 * on 127.0.0.1 only, every request through the guard (guard.ts). index.html gets one <meta> telling
 * the app what is served, so it opens the folder at start without a round trip (and a static
 * hosting of the app, which has no such tag, behaves as before).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sirv from 'sirv';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';
import { broadcast, DEFAULT_LIMITS, handleApi, sendJson, type ApiContext, type Limits } from './api';
import { makeGuard, newToken, refusal, sameToken, sessionCookie } from './guard';
import { ServedImages, type BundleRenderer, type ImagePuller } from './images';
import type { ServedFolder } from './served-folder';

export const LOOPBACK = '127.0.0.1';

export interface ServerOptions {
  /** The built app (index.html and its assets). */
  appDir: string;
  /** The folder opened at start; none for `serve` (the app's start screen). */
  folder?: ServedFolder;
  readOnly?: boolean;
  /** 0 (the default): a free port. */
  port?: number;
  limits?: Partial<Limits>;
  /** For tests; a random token otherwise. */
  token?: string;
  /** Pulls an image for the app (images.ts); without it the app offers no image commands. */
  pullImage?: ImagePuller;
  /** Pulls and renders the bundle images a template names that no catalog holds (images.ts). */
  renderBundles?: BundleRenderer;
}

export interface RunningServer {
  port: number;
  token: string;
  /** The app's origin (http://127.0.0.1:PORT). */
  origin: string;
  /** The URL to open once: it carries the token. */
  url: string;
  close(): Promise<void>;
}

/** What the app reads from index.html (src/app/server/served.ts). */
export interface ServedInfo {
  folder?: { name: string; id: string; readOnly: boolean };
  /** The server pulls images for the app (POST /api/images). */
  images?: boolean;
  /** It pulls a template's bundle images no catalog holds (POST /api/images/bundles). */
  bundles?: boolean;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const readOnly = opts.readOnly ?? false;
  const info: ServedInfo = opts.folder
    ? { folder: { name: opts.folder.name, id: opts.folder.id, readOnly: readOnly || !opts.folder.write } }
    : {};
  if (opts.pullImage) info.images = true;
  if (opts.pullImage && opts.renderBundles) info.bundles = true;
  const html = readFileSync(join(opts.appDir, 'index.html'), 'utf8').replace(
    '<head>',
    `<head><meta name="fbc-studio-served" content="${escapeAttr(JSON.stringify(info))}">`,
  );
  const assets = sirv(opts.appDir, { dev: false, etag: true, dotfiles: false });
  const ctx: ApiContext = {
    folder: opts.folder,
    readOnly,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    streams: new Set(),
  };
  const images = opts.pullImage ? new ServedImages(opts.pullImage, ctx, opts.renderBundles) : undefined;
  const token = opts.token ?? newToken();
  let guard = makeGuard(opts.port ?? 0, token);

  const sendIndex = (res: ServerResponse) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`,
    });
    res.end(html);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://server.invalid');
    const refused = refusal(guard, req, url);
    if (refused) return sendJson(res, refused[0], { error: refused[1] });
    const given = url.searchParams.get('token');
    if (given !== null) {
      if (!sameToken(given, guard.token)) return sendJson(res, 403, { error: 'wrong session token' });
      // The token leaves the address bar (and the history) at once; the cookie carries it on.
      url.searchParams.delete('token');
      res.writeHead(303, { 'Set-Cookie': sessionCookie(guard), Location: url.pathname + url.search });
      return void res.end();
    }
    if (images && (await images.handle(req, res, url))) return;
    if (url.pathname.startsWith('/api/')) return handleApi(ctx, req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'not allowed' });
    if (url.pathname === '/' || url.pathname === '/index.html') return sendIndex(res);
    assets(req, res, () => sendJson(res, 404, { error: 'not found' }));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'the server could not do that' });
      else res.destroy();
    });
  });
  // Slow or stalled clients cannot hold the server: headers and requests have deadlines.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10 * 60_000;

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, LOOPBACK, () => done());
  });
  const port = (server.address() as AddressInfo).port;
  guard = makeGuard(port, token);
  const stopWatching = opts.folder?.watch?.((changed) => broadcast(ctx, changed));
  const origin = `http://${LOOPBACK}:${port}`;
  return {
    port,
    token,
    origin,
    url: `${origin}/?token=${token}`,
    close: async () => {
      stopWatching?.();
      for (const s of ctx.streams) s.end();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}
