/**
 * The app's "Write to folder" over `fbc-studio open`'s server: write-folder.ts driving the served
 * folder (src/browser/server-handle.ts) against a real server and real files. Fetch is the page's
 * (same-origin, so the browser adds the session cookie and Origin): here they are added to Node's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverDirHandle } from '../../../src/browser/server-handle';
import { findConflicts, writeFiles } from '../../../src/browser/write-folder';
import { CATALOG, serveFixture, type Served } from './serve-fixture';

let s: Served | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await s?.close();
  s = undefined;
});

const A = 'catalogs/foo/catalog.yaml';
const B = 'catalogs/bar/catalog.yaml';
const edited = CATALOG.replace('defaultChannel: stable', 'defaultChannel: fast');

/** Node's fetch as the app's page sends it; `beforePut` runs before a PUT of that path goes out. */
function pageFetch(served: Served, beforePut: Record<string, () => void> = {}): void {
  const real = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL, init: RequestInit = {}) => {
    const path = new URL(String(input)).searchParams.get('path') ?? '';
    if (init.method === 'PUT') beforePut[path]?.();
    const headers = { ...(init.headers as Record<string, string>), cookie: served.session.Cookie as string };
    if (init.method && init.method !== 'GET') Object.assign(headers, { origin: served.server.origin });
    return real(input, { ...init, headers });
  });
}

describe('Write to folder through the server', () => {
  it('writes the changed files, exactly their bytes, creating what is new', async () => {
    s = await serveFixture();
    pageFetch(s);
    const root = serverDirHandle(`${s.server.origin}/`);
    const files = [
      { path: A, original: CATALOG, text: edited },
      { path: B, original: null, text: 'schema: olm.package\nname: bar\n' },
    ];
    expect(await findConflicts(root, files)).toEqual([]);
    const report = await writeFiles(root, files);
    expect(report).toEqual({
      written: [
        { path: A, text: edited },
        { path: B, text: 'schema: olm.package\nname: bar\n' },
      ],
      failed: [],
      conflicts: [],
    });
    expect(readFileSync(join(s.root, A), 'utf8')).toBe(edited);
    expect(readFileSync(join(s.root, B), 'utf8')).toBe('schema: olm.package\nname: bar\n');
  });

  it('a file changed on disk is a conflict, shown with the disk text, and not written', async () => {
    s = await serveFixture();
    pageFetch(s);
    writeFileSync(join(s.root, A), `${CATALOG}# theirs\n`);
    const report = await writeFiles(serverDirHandle(`${s.server.origin}/`), [
      { path: A, original: CATALOG, text: edited },
    ]);
    expect(report.written).toEqual([]);
    expect(report.conflicts).toEqual([
      {
        path: A,
        disk: `${CATALOG}# theirs\n`,
        original: CATALOG,
        edited,
        reason: 'the file was changed on disk since loading',
      },
    ]);
    expect(readFileSync(join(s.root, A), 'utf8')).toBe(`${CATALOG}# theirs\n`);
  });

  it('a file changed between the check and the write is refused by the server; the report says which files were written', async () => {
    s = await serveFixture();
    mkdirSync(join(s.root, 'catalogs/bar'));
    writeFileSync(join(s.root, B), CATALOG);
    // An editor saves A just after the app checked it, as the app's write goes out.
    pageFetch(s, { [A]: () => writeFileSync(join(s!.root, A), `${CATALOG}# racing\n`) });
    const report = await writeFiles(serverDirHandle(`${s.server.origin}/`), [
      { path: A, original: CATALOG, text: edited },
      { path: B, original: CATALOG, text: edited },
    ]);
    expect(report.failed).toEqual([{ path: A, error: `${A} was changed on disk since it was read` }]);
    expect(report.written).toEqual([{ path: B, text: edited }]);
    expect(readFileSync(join(s.root, A), 'utf8')).toBe(`${CATALOG}# racing\n`);
    expect(readFileSync(join(s.root, B), 'utf8')).toBe(edited);
  });
});
