/**
 * Images the app asks the local server to pull ("Open image…", "Add bundle by image reference…";
 * the browser cannot reach registries itself — they send no CORS headers):
 *   POST /api/images              ← {"ref": "quay.io/org/index:v4.18"}
 *                                 → {id, name, kind: catalog|bundle, digest}; 502 with the reason
 *   /images/<id>/api/files, /images/<id>/api/file?path=P
 *                                 the pulled image's folder (a catalog's FBC, a bundle's manifests/
 *                                 and metadata/), read-only, through the same folder API (api.ts)
 *   POST /api/images/bundles      ← {"refs": ["quay.io/org/op-bundle@sha256:…", …]}: the bundle
 *                                 images a template names and no catalog holds
 *                                 → {fbc, pulled, failed}: the olm.bundle blob `opm render` makes of
 *                                 each (JSON, unmigrated: the app renders the template at its
 *                                 catalog's level), which were pulled, and why each other was not
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

/** Bundle images pulled and rendered as `render-template` does on the command line. */
export interface RenderedBundles {
  /** The blobs, as opm writes them in JSON. */
  fbc: string;
  /** Each image pulled, as the command line says it (`IMAGE from the mirror M (cached)`). */
  pulled: string[];
  failed: { image: string; message: string }[];
}

export type BundleRenderer = (refs: readonly string[]) => Promise<RenderedBundles>;

/** A reference is short; a body this long is not one. */
const MAX_BODY = 8 * 1024;
/** A template's images at once: more than any template names, few enough to bound the work. */
const MAX_REFS = 1000;
/** Images kept served at once (each a few files' listing; the oldest is forgotten first). */
const MAX_SERVED = 32;

async function readJson(req: IncomingMessage, max: number, what: string): Promise<Record<string, unknown>> {
  let body = '';
  for await (const chunk of req as AsyncIterable<Buffer>) {
    body += chunk.toString('utf8');
    if (body.length > max) throw new ServedError(413, `the request is too large for ${what}`);
  }
  try {
    const json = JSON.parse(body) as unknown;
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  } catch {
    throw new ServedError(400, 'the request is not JSON');
  }
}

const isRef = (ref: unknown): ref is string =>
  typeof ref === 'string' && ref.trim() !== '' && !/\s/.test(ref.trim());

async function readRef(req: IncomingMessage): Promise<string> {
  const { ref } = await readJson(req, MAX_BODY, 'an image reference');
  if (!isRef(ref)) throw new ServedError(400, 'an image reference is required');
  return ref.trim();
}

async function readRefs(req: IncomingMessage): Promise<string[]> {
  const { refs } = await readJson(req, MAX_REFS * 512, `${MAX_REFS} image references`);
  if (!Array.isArray(refs) || refs.length === 0 || !refs.every(isRef))
    throw new ServedError(400, 'a list of image references is required');
  if (refs.length > MAX_REFS) throw new ServedError(413, `at most ${MAX_REFS} images at once`);
  return [...new Set(refs.map((r) => r.trim()))];
}

/** Answers a POST with `answer`'s JSON; a ServedError is its status and text. */
async function post(
  req: IncomingMessage,
  res: ServerResponse,
  answer: () => Promise<unknown>,
): Promise<void> {
  try {
    if (req.method !== 'POST') throw new ServedError(405, `${req.method ?? ''} is not allowed`);
    sendJson(res, 200, await answer());
  } catch (e) {
    const status = e instanceof ServedError ? e.status : 500;
    sendJson(res, status, {
      error: e instanceof ServedError ? e.message : 'the server could not do that',
    });
  }
}

/** Routes the image requests; false when `url` is not one of them. */
export class ServedImages {
  private readonly served = new Map<string, ServedFolder>();

  constructor(
    private readonly pull: ImagePuller,
    private readonly ctx: ApiContext,
    private readonly renderBundles?: BundleRenderer,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === '/api/images') {
      await post(req, res, async () => {
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
        return { id, name: ref, kind: pulled.kind, digest: pulled.digest };
      });
      return true;
    }
    if (url.pathname === '/api/images/bundles' && this.renderBundles) {
      const render = this.renderBundles;
      // Each image's failure is in the answer (`failed`), so one bad image does not hide the others.
      await post(req, res, async () => render(await readRefs(req)));
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
