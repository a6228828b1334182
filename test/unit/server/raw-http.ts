/**
 * Raw HTTP requests to the local server, with any Host, Origin or Cookie header (fetch refuses to
 * set Host and Cookie): what a hostile page, a rebinding attack or another local user can send.
 */
import { request } from 'node:http';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A body sent in one piece (with Content-Length) or as chunks (chunked, no length). */
  body?: string | Buffer | Buffer[];
}

export function raw(port: number, r: RawRequest): Promise<RawReply> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: r.method ?? 'GET',
        path: r.path,
        headers: { Host: `127.0.0.1:${port}`, ...r.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', fail);
      },
    );
    // The server may answer (413) and close before the whole body is sent.
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : fail(e),
    );
    if (Array.isArray(r.body)) for (const c of r.body) req.write(c);
    else if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}
