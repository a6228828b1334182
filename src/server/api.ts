/**
 * The folder API the app's ServerSource (src/browser/server-source.ts) speaks, under /api/:
 *   GET    /api/files              → {name, readOnly, files: [{path, size, version}]}
 *   GET    /api/file?path=P        → the bytes; ETag: "<version>"
 *   PUT    /api/file?path=P        ← the bytes; If-Match: "<version read>" or If-None-Match: *
 *                                  → {version}; 409 when the file changed since it was read
 *   DELETE /api/file?path=P        ← If-Match: "<version read>"
 *   GET    /api/events             → server-sent events: {"changed": [paths]} on outside changes
 * A write without a precondition is refused (428): the client must say what it read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServedError, type Expectation, type ServedFolder } from './served-folder';

export interface Limits {
  /** Largest request body (a written file). */
  body: number;
  /** Largest file served. */
  file: number;
}

export const DEFAULT_LIMITS: Limits = { body: 256 * 1024 * 1024, file: 1024 * 1024 * 1024 };

export interface ApiContext {
  folder: ServedFolder | undefined;
  readOnly: boolean;
  limits: Limits;
  /** Open event streams (closed with the server). */
  streams: Set<ServerResponse>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(data);
}

function expectation(req: IncomingMessage): Expectation | undefined {
  if (req.headers['if-none-match'] === '*') return { absent: true };
  const m = /^"([^"]*)"$/.exec(req.headers['if-match'] ?? '');
  return m ? { version: m[1] as string } : undefined;
}

export async function handleApi(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const route = url.pathname;
  const method = req.method ?? 'GET';
  try {
    if (route === '/api/events' && method === 'GET') return openEvents(ctx, req, res);
    const folder = ctx.folder;
    if (!folder) throw new ServedError(404, 'no folder is served');
    if (route === '/api/files' && method === 'GET') {
      sendJson(res, 200, {
        name: folder.name,
        readOnly: ctx.readOnly || !folder.write,
        files: await folder.list(),
      });
      return;
    }
    if (route !== '/api/file') throw new ServedError(404, 'no such API');
    const path = url.searchParams.get('path') ?? '';
    if (method === 'GET' || method === 'HEAD') {
      const file = await folder.read(path, ctx.limits.file);
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': file.size,
        ETag: `"${file.version}"`,
        'Cache-Control': 'no-store',
      });
      try {
        if (method !== 'HEAD')
          for await (const chunk of file.body) {
            if (res.destroyed) break; // the client went away: stop reading
            if (!res.write(chunk)) await drained(res);
          }
      } finally {
        file.close?.();
      }
      res.end();
      return;
    }
    if (method !== 'PUT' && method !== 'DELETE') throw new ServedError(405, `${method} is not allowed`);
    if (ctx.readOnly || !folder.write || !folder.remove)
      throw new ServedError(403, 'the folder is served read-only');
    const expect = expectation(req);
    if (!expect) throw new ServedError(428, 'say which version was read (If-Match or If-None-Match: *)');
    if (method === 'DELETE') {
      await folder.remove(path, expect);
      sendJson(res, 200, {});
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > ctx.limits.body)
      throw new ServedError(413, `the body is larger than ${ctx.limits.body} bytes`);
    const version = await folder.write(path, req, expect, ctx.limits.body);
    sendJson(res, 200, { version });
  } catch (e) {
    if (res.headersSent) return void res.destroy();
    const status = e instanceof ServedError ? e.status : 500;
    const message = e instanceof ServedError ? e.message : 'the server could not do that';
    // An unread body would be sent to the next request on this connection: close it instead.
    if (method === 'PUT' && !req.readableEnded) res.setHeader('Connection', 'close');
    sendJson(res, status, { error: message });
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((done) => {
    res.once('drain', done);
    res.once('close', done);
  });
}

function openEvents(ctx: ApiContext, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  ctx.streams.add(res);
  req.on('close', () => ctx.streams.delete(res));
}

/** Tells every open app which files changed outside. */
export function broadcast(ctx: ApiContext, changed: string[]): void {
  const data = `data: ${JSON.stringify({ changed })}\n\n`;
  for (const res of ctx.streams) res.write(data);
}
