/**
 * Images the app asks the local server to pull ("Open image…", "Add bundle by image reference…";
 * the browser cannot reach registries itself — they send no CORS headers):
 *   POST /api/images              ← {"ref": "quay.io/org/index:v4.18"}
 *                                 → {id, name, kind: catalog|bundle, digest}; 502 with the reason
 *   /images/<id>/api/files, /images/<id>/api/file?path=P
 *                                 the pulled image's folder (a catalog's FBC, a bundle's manifests/
 *                                 and metadata/), read-only, through the same folder API (api.ts)
 * The pulling itself (src/node/registry, with the command's registry options) is given by the
 * command that starts the server, so the server holds no registry code of its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApi, sendJson, type ApiContext } from './api';
import { ServedError, type ServedFolder } from './served-folder';

/** An image pulled for the app, served read-only. */
export interface PulledFolder {
  folder: ServedFolder;
  kind: 'catalog' | 'bundle';
  /** The manifest digest it resolved to. */
  digest: string;
}

export type ImagePuller = (ref: string) => Promise<PulledFolder>;

/** A reference is short; a body this long is not one. */
const MAX_BODY = 8 * 1024;
/** Images kept served at once (each a few files' listing; the oldest is forgotten first). */
const MAX_SERVED = 32;

async function readRef(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req as AsyncIterable<Buffer>) {
    body += chunk.toString('utf8');
    if (body.length > MAX_BODY) throw new ServedError(413, 'the request is too large for an image reference');
  }
  let ref: unknown;
  try {
    ref = (JSON.parse(body) as { ref?: unknown }).ref;
  } catch {
    throw new ServedError(400, 'the request is not JSON');
  }
  if (typeof ref !== 'string' || ref.trim() === '' || /\s/.test(ref.trim()))
    throw new ServedError(400, 'an image reference is required');
  return ref.trim();
}

/** Routes the image requests; false when `url` is not one of them. */
export class ServedImages {
  private readonly served = new Map<string, ServedFolder>();

  constructor(
    private readonly pull: ImagePuller,
    private readonly ctx: ApiContext,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === '/api/images') {
      try {
        if (req.method !== 'POST') throw new ServedError(405, `${req.method ?? ''} is not allowed`);
        const ref = await readRef(req);
        let pulled: PulledFolder;
        try {
          pulled = await this.pull(ref);
        } catch (e) {
          // The registry client's message names the image and the registry, never a secret.
          throw new ServedError(502, (e as Error).message);
        }
        const id = pulled.folder.id;
        this.served.delete(id);
        this.served.set(id, pulled.folder);
        if (this.served.size > MAX_SERVED) this.served.delete(this.served.keys().next().value as string);
        sendJson(res, 200, { id, name: ref, kind: pulled.kind, digest: pulled.digest });
      } catch (e) {
        const status = e instanceof ServedError ? e.status : 500;
        sendJson(res, status, {
          error: e instanceof ServedError ? e.message : 'the server could not do that',
        });
      }
      return true;
    }
    const m = /^\/images\/([0-9a-f]{16})(\/api\/.*)$/.exec(url.pathname);
    if (!m) return false;
    const folder = this.served.get(m[1] as string);
    if (!folder) {
      sendJson(res, 404, { error: 'no such image is served (pull it again)' });
      return true;
    }
    const inner = new URL(url.href);
    inner.pathname = m[2] as string;
    // Its own context: read-only, and no event stream of the served folder's changes.
    await handleApi({ ...this.ctx, folder, readOnly: true }, req, res, inner);
    return true;
  }
}
