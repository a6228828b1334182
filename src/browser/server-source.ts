/**
 * A folder served by `fbc-studio open` (src/server), read through its API with fetch: works in
 * every browser, in the worker as on the page (the session cookie goes with same-origin requests).
 * Writing goes through server-handle.ts, which write-folder.ts drives like a folder handle.
 */
import type { CatalogSource, SourceFile } from '../core/source/types';

/** The API's address of a file. */
export const fileUrl = (baseUrl: string, path: string): string =>
  new URL(`api/file?path=${encodeURIComponent(path)}`, baseUrl).href;

/** The server's error text (JSON `{error}`), else the status. */
export async function serverError(r: Response): Promise<string> {
  try {
    const body = (await r.json()) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON
  }
  return `HTTP ${r.status}`;
}

export class ServerSource implements CatalogSource {
  constructor(
    /** The app's origin with a trailing slash. */
    readonly baseUrl: string,
    readonly name: string,
  ) {}

  async list(): Promise<SourceFile[]> {
    const r = await fetch(new URL('api/files', this.baseUrl), { credentials: 'same-origin' });
    if (!r.ok) throw new Error(`open ${this.name}: ${await serverError(r)}`);
    const body = (await r.json()) as { files: { path: string; size: number }[] };
    return body.files.map(({ path, size }) => ({ path, size }));
  }

  async read(path: string): Promise<Uint8Array> {
    let r: Response;
    try {
      r = await fetch(fileUrl(this.baseUrl, path), { credentials: 'same-origin' });
    } catch (e) {
      throw new Error(`open ${path}: the server is not reachable (${(e as Error).message})`, { cause: e });
    }
    if (r.status === 404) throw new Error(`open ${path}: no such file or directory`);
    if (!r.ok) throw new Error(`open ${path}: ${await serverError(r)}`);
    return new Uint8Array(await r.arrayBuffer());
  }
}
