/**
 * The folder API as the app uses it, against a real server and real files: exactly the bytes sent
 * are written, through a rename; a file changed since it was read is a 409 and stays as it is on
 * disk; outside changes arrive as events, the server's own writes do not; any CatalogSource is
 * served read-only.
 */
import { request } from 'node:http';
import { readdirSync, readFileSync, statSync, chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySource } from '../../../src/core/source/memory';
import { SourceFolder } from '../../../src/server/source-folder';
import { raw } from './raw-http';
import { CATALOG, serveFixture, type Served } from './serve-fixture';

let s: Served | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const file = (p: string) => `/api/file?path=${encodeURIComponent(p)}`;
const CATALOG_PATH = 'catalogs/foo/catalog.yaml';

async function versionOf(p: string): Promise<string> {
  const r = await raw(s!.server.port, { method: 'HEAD', path: file(p), headers: s!.session });
  expect(r.status).toBe(200);
  return String(r.headers.etag);
}

const put = (p: string, body: string, pre: Record<string, string>) =>
  raw(s!.server.port, { method: 'PUT', path: file(p), headers: { ...s!.write, ...pre }, body });

/** The server's event stream, once it is open: the events sent so far, and how to stop listening. */
function subscribe(): Promise<{ got: string[]; close: () => void }> {
  return new Promise((open, fail) => {
    const got: string[] = [];
    const req = request(
      { host: '127.0.0.1', port: s!.server.port, path: '/api/events', headers: s!.session, agent: false },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          if (d.startsWith(': connected')) open({ got, close: () => req.destroy() });
          for (const m of d.matchAll(/^data: (.*)$/gm)) got.push(m[1] as string);
        });
      },
    );
    req.on('error', fail);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the folder API', () => {
  it('lists the files with sizes and reads their bytes', async () => {
    s = await serveFixture();
    const list = JSON.parse((await raw(s.server.port, { path: '/api/files', headers: s.session })).body) as {
      name: string;
      readOnly: boolean;
      files: { path: string; size: number }[];
    };
    expect(list.name).toBe('repo');
    expect(list.readOnly).toBe(false);
    expect(list.files).toEqual([expect.objectContaining({ path: CATALOG_PATH, size: CATALOG.length })]);
    expect((await raw(s.server.port, { path: file(CATALOG_PATH), headers: s.session })).body).toBe(CATALOG);
    expect((await raw(s.server.port, { path: file('missing.yaml'), headers: s.session })).status).toBe(404);
  });

  it('writes exactly the bytes sent when the version read is still on disk, keeping the mode', async () => {
    s = await serveFixture();
    const target = join(s.root, CATALOG_PATH);
    chmodSync(target, 0o640);
    const before = await versionOf(CATALOG_PATH);
    const edited = CATALOG.replace('stable', 'fast');
    const r = await put(CATALOG_PATH, edited, { 'If-Match': before });
    expect(r.status).toBe(200);
    expect(readFileSync(target, 'utf8')).toBe(edited);
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(await versionOf(CATALOG_PATH)).not.toBe(before);
    // Nothing but the file itself in its folder: the temporary file was renamed over it.
    expect(readdirSync(join(s.root, 'catalogs/foo'))).toEqual(['catalog.yaml']);
  });

  it('refuses (409) a write over a file changed on disk since it was read, and leaves the change', async () => {
    s = await serveFixture();
    const target = join(s.root, CATALOG_PATH);
    const read = await versionOf(CATALOG_PATH);
    writeFileSync(target, `${CATALOG}# changed by an editor\n`);
    const r = await put(CATALOG_PATH, 'edited in the app', { 'If-Match': read });
    expect(r.status).toBe(409);
    expect(JSON.parse(r.body)).toEqual({ error: `${CATALOG_PATH} was changed on disk since it was read` });
    expect(readFileSync(target, 'utf8')).toBe(`${CATALOG}# changed by an editor\n`);
  });

  it('creates a new file (and its folders) only if there is still none, and wants a precondition', async () => {
    s = await serveFixture();
    expect((await put('catalogs/bar/catalog.yaml', 'new', {})).status).toBe(428);
    expect((await put('catalogs/bar/catalog.yaml', 'new', { 'If-None-Match': '*' })).status).toBe(200);
    expect(readFileSync(join(s.root, 'catalogs/bar/catalog.yaml'), 'utf8')).toBe('new');
    const again = await put('catalogs/bar/catalog.yaml', 'newer', { 'If-None-Match': '*' });
    expect(again.status).toBe(409);
    expect(readFileSync(join(s.root, 'catalogs/bar/catalog.yaml'), 'utf8')).toBe('new');
  });

  it('removes a file only at the version read', async () => {
    s = await serveFixture();
    const del = (v: string) =>
      raw(s!.server.port, {
        method: 'DELETE',
        path: file(CATALOG_PATH),
        headers: { ...s!.write, 'If-Match': v },
      });
    expect((await del('"0-0-0"')).status).toBe(409);
    expect((await del(await versionOf(CATALOG_PATH))).status).toBe(200);
    expect(readdirSync(join(s.root, 'catalogs/foo'))).toEqual([]);
  });

  it('sends outside changes as events, and not its own writes', async () => {
    s = await serveFixture();
    const ownWrite = await subscribe();
    expect((await put(CATALOG_PATH, 'mine', { 'If-Match': await versionOf(CATALOG_PATH) })).status).toBe(200);
    await sleep(900); // a quiet while: the watcher reports a change 150 ms after it
    ownWrite.close();
    expect(ownWrite.got).toEqual([]);
    // The folders' watches start while the server runs (one per folder, on Linux): an outside change
    // is written until one is reported, not once against a clock a busy machine may miss.
    const outside = await subscribe();
    for (let i = 0; outside.got.length === 0 && i < 100; i++) {
      writeFileSync(join(s.root, CATALOG_PATH), `theirs ${i}`);
      await sleep(200);
    }
    outside.close();
    expect([...new Set(outside.got)].map((e) => JSON.parse(e) as unknown)).toEqual([
      { changed: [CATALOG_PATH] },
    ]);
  });
});

describe('a CatalogSource served read-only', () => {
  it('serves what the source lists and nothing else, and refuses writes', async () => {
    const source = new MemorySource({ 'pkg/catalog.yaml': CATALOG }, 'index-v4.18');
    s = await serveFixture({ folder: new SourceFolder(source, 'registry.example/index@sha256:00') });
    const list = JSON.parse((await raw(s.server.port, { path: '/api/files', headers: s.session })).body) as {
      name: string;
      readOnly: boolean;
      files: { path: string }[];
    };
    expect(list).toMatchObject({
      name: 'index-v4.18',
      readOnly: true,
      files: [{ path: 'pkg/catalog.yaml' }],
    });
    expect((await raw(s.server.port, { path: file('pkg/catalog.yaml'), headers: s.session })).body).toBe(
      CATALOG,
    );
    expect((await raw(s.server.port, { path: file('../pkg/catalog.yaml'), headers: s.session })).status).toBe(
      403,
    );
    expect((await raw(s.server.port, { path: file('other.yaml'), headers: s.session })).status).toBe(404);
    const w = await put('pkg/catalog.yaml', 'x', { 'If-Match': '"fixed"' });
    expect(w.status).toBe(403);
    expect(await source.read('pkg/catalog.yaml')).toEqual(new TextEncoder().encode(CATALOG));
    const page = await raw(s.server.port, { path: '/', headers: s.session });
    expect(page.body).toContain('&quot;readOnly&quot;:true');
  });
});

describe('fbc-studio serve (no folder)', () => {
  it('serves the app with no folder in its tag, and no file API', async () => {
    s = await serveFixture({ folder: undefined });
    const page = await raw(s.server.port, { path: '/', headers: s.session });
    expect(page.body).toContain('<meta name="fbc-studio-served" content="{}">');
    const files = await raw(s.server.port, { path: '/api/files', headers: s.session });
    expect(files.status).toBe(404);
    expect(JSON.parse(files.body)).toEqual({ error: 'no folder is served' });
  });
});
