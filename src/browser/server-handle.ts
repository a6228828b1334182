/**
 * The served folder as the narrow folder-handle shape write-folder.ts writes through, so a write
 * over the server has exactly the File System Access path's checks (conflict = the disk is not what
 * was loaded; read back after writing) plus the server's own: every write names the version the
 * check just read (If-Match, or If-None-Match: * for a new file), and the server refuses it (409)
 * if the file changed in between. The server writes a temporary file and renames it.
 */
import { fileUrl, serverError } from './server-source';
import type { DirHandleLike, FileHandleLike, WritableLike } from './write-folder';

/** Rejections write-folder.ts recognises by name, as the File System Access API's. */
class NotFound extends Error {
  override name = 'NotFoundError';
}

export function serverDirHandle(baseUrl: string): DirHandleLike {
  /** Path → the version last read (null: there was no file). */
  const seen = new Map<string, string | null>();

  const precondition = (path: string): Record<string, string> => {
    const v = seen.get(path);
    if (v === undefined) throw new Error('the file was not read before writing');
    return v === null ? { 'If-None-Match': '*' } : { 'If-Match': `"${v}"` };
  };

  const send = async (path: string, init: RequestInit): Promise<Response> => {
    const r = await fetch(fileUrl(baseUrl, path), { ...init, credentials: 'same-origin' });
    if (!r.ok) throw new Error(await serverError(r));
    return r;
  };

  const file = (path: string): FileHandleLike => ({
    async getFile() {
      const r = await fetch(fileUrl(baseUrl, path), { credentials: 'same-origin' });
      if (r.status === 404) {
        seen.set(path, null);
        throw new NotFound(`${path}: no such file`);
      }
      if (!r.ok) throw new Error(await serverError(r));
      const data = await r.arrayBuffer();
      seen.set(path, /^"(.*)"$/.exec(r.headers.get('ETag') ?? '')?.[1] ?? null);
      return { arrayBuffer: () => Promise.resolve(data) };
    },
    createWritable(): Promise<WritableLike> {
      const parts: Uint8Array<ArrayBuffer>[] = [];
      return Promise.resolve({
        write(data) {
          parts.push(data);
          return Promise.resolve();
        },
        async close() {
          const r = await send(path, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/octet-stream', ...precondition(path) },
            body: new Blob(parts),
          });
          seen.set(path, ((await r.json()) as { version: string }).version);
        },
        abort() {
          parts.length = 0;
          return Promise.resolve();
        },
      });
    },
  });

  const dir = (prefix: string): DirHandleLike => ({
    getDirectoryHandle: (name) => Promise.resolve(dir(`${prefix}${name}/`)),
    getFileHandle: (name) => Promise.resolve(file(prefix + name)),
    async removeEntry(name) {
      const path = prefix + name;
      await send(path, { method: 'DELETE', headers: precondition(path) });
      seen.set(path, null);
    },
  });
  return dir('');
}
