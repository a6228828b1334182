/**
 * What the local server (`fbc-studio open`) serves as "the folder": a catalog or a repository on
 * disk (disk-folder.ts, read-write and watched) or any CatalogSource read-only (source-folder.ts,
 * e.g. a catalog image once the registry client exists). The HTTP layer (api.ts) only sees this.
 */

/** A file as the browser lists it; `version` changes whenever the file's bytes may have changed. */
export interface ServedEntry {
  path: string;
  size: number;
  version: string;
}

/** What the client says it read before a write: the version, or that there was no file. */
export type Expectation = { version: string } | { absent: true };

export interface ServedFile {
  /** The bytes, as a stream of chunks (a large file is never held whole). */
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  size: number;
  version: string;
  /** Releases the file when the body is not read to its end (HEAD, a client gone). */
  close?(): void;
}

export interface ServedFolder {
  /** The folder's name, shown by the app. */
  readonly name: string;
  /** Stable for the same folder across runs (the app keys unsaved drafts by it). */
  readonly id: string;
  list(): Promise<ServedEntry[]>;
  /** Rejects with a ServedError (404 missing, 403 refused, 413 too large). */
  read(path: string, maxBytes: number): Promise<ServedFile>;
  /** Absent on a read-only folder. Resolves to the new version; rejects 409 when `expect` fails. */
  write?(
    path: string,
    body: AsyncIterable<Uint8Array>,
    expect: Expectation,
    maxBytes: number,
  ): Promise<string>;
  remove?(path: string, expect: Expectation): Promise<void>;
  /** Calls back with the paths changed outside the server (its own writes are not reported). */
  watch?(onChange: (paths: string[]) => void): () => void;
}

/** A refusal with its HTTP status; the message is safe to show (no absolute paths). */
export class ServedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A path as the browser names it, checked before it comes near the file system: relative,
 * '/'-separated, no '.', '..' or empty segment, no NUL, no backslash, no drive letter. Anything
 * else is refused outright (never normalised: `a/../b` is a request to be wary of, not `b`).
 */
export function checkRelativePath(p: unknown): string {
  if (typeof p !== 'string' || p === '' || p.length > 4096) throw new ServedError(400, 'a path is required');
  if (p.includes('\0') || p.includes('\\') || p.startsWith('/') || /^[A-Za-z]:/.test(p))
    throw new ServedError(403, `path ${JSON.stringify(p)} is not relative to the served folder`);
  for (const seg of p.split('/'))
    if (seg === '' || seg === '.' || seg === '..')
      throw new ServedError(403, `path ${JSON.stringify(p)} leaves the served folder`);
  return p;
}
