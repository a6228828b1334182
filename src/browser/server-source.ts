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
  write?: (path: string, data: Uint8Array) => Promise<void>;

  constructor(
    /** The app's origin with a trailing slash. */
    readonly baseUrl: string,
    readonly name: string,
    readOnly: boolean,
  ) {
    // A read-only source has no write (the loader then opens it read-only).
    if (!readOnly) this.write = (path, data) => this.writeFile(path, data);
  }

  /** Path → the version last listed or read: what a write says it replaces. */
  private readonly versions = new Map<string, string>();

  async list(): Promise<SourceFile[]> {
    const r = await fetch(new URL('api/files', this.baseUrl), { credentials: 'same-origin' });
    if (!r.ok) throw new Error(`open ${this.name}: ${await serverError(r)}`);
    const body = (await r.json()) as { files: { path: string; size: number; version: string }[] };
    return body.files.map(({ path, size, version }) => {
      this.versions.set(path, version);
      return { path, size };
    });
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
    const version = /^"(.*)"$/.exec(r.headers.get('ETag') ?? '')?.[1];
    if (version !== undefined) this.versions.set(path, version);
    return new Uint8Array(await r.arrayBuffer());
  }

  /**
   * Writes over the version last listed or read (a file not seen is created, never replaced); the
   * server refuses a file changed since. The app's folder writes go through server-handle.ts.
   */
  private async writeFile(path: string, data: Uint8Array): Promise<void> {
    const seen = this.versions.get(path);
    const r = await fetch(fileUrl(this.baseUrl, path), {
      method: 'PUT',
      credentials: 'same-origin',
      headers: seen === undefined ? { 'If-None-Match': '*' } : { 'If-Match': `"${seen}"` },
      body: new Blob([data as Uint8Array<ArrayBuffer>]),
    });
    if (!r.ok) throw new Error(`write ${path}: ${await serverError(r)}`);
    this.versions.set(path, ((await r.json()) as { version: string }).version);
  }
}
