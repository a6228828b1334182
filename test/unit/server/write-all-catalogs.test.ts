/**
 * Review's "Write N catalogs": every catalog's pending edits written at once (src/worker/write-across.ts),
 * each catalog through its own write (src/browser/write-session.ts), here against `fbc-studio open`'s
 * real server and real files, the catalogs opened and edited as the worker opens and edits them.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SourceSpec } from '../../../src/browser/source-spec';
import { createEditApi, type EditApi } from '../../../src/browser/write-session';
import { NodeFsSource } from '../../../src/cli/node-source';
import { openRepository } from '../../../src/core/repository';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { performAcross, type AcrossGroup } from '../../../src/worker/edits-across';
import { repositoryEdits } from '../../../src/worker/repository-edits';
import { checkWriteAll, pendingIds, writeAll } from '../../../src/worker/write-across';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { smallRepository } from '../../support/small-repository';
import { serveFixture, type Served } from './serve-fixture';

let s: Served | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await s?.close();
  s = undefined;
});

/** Node's fetch as the app's page sends it (cookie, Origin); `beforePut` runs before a PUT of that path. */
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

/** The served folder holding `files` (the fixture's own catalog removed). */
async function serveRepository(files: Record<string, string>): Promise<Served> {
  const served = await serveFixture();
  rmSync(join(served.root, 'catalogs'), { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(served.root, path)), { recursive: true });
    writeFileSync(join(served.root, path), text);
  }
  return served;
}

/** The repository opened as the worker opens it, with its edit APIs made as the worker makes them. */
async function openServed(served: Served, readOnly = false) {
  const service = new CatalogService();
  const source = new NodeFsSource(served.root);
  const { repository } = await openRepository(service, source, { kind: 'server', readOnly: false });
  const spec: SourceSpec = {
    kind: 'server',
    baseUrl: `${served.server.origin}/`,
    name: 'repo',
    id: 'repo',
    readOnly,
  };
  const apis = new Map<string, Promise<EditApi>>();
  const edits = (id = service.currentCatalogId!): Promise<EditApi> => {
    let api = apis.get(id);
    if (!api) {
      api = repositoryEdits(service, repository, { spec, source }, id).then((r) =>
        r.routed
          ? createEditApi(r.routed.target, () => r.at, r.routed.router)
          : createEditApi(service.session(id)!, () => r.at),
      );
      apis.set(id, api);
    }
    return api;
  };
  const groups: AcrossGroup[] = [];
  const host = { service, edits, editing: () => [...apis.keys()], repository: () => repository };
  return {
    host,
    service,
    /** One action on several catalogs, as "Also apply to" performs it. */
    across: (action: 'removeReplaces' | 'promoteToChannel', args: Record<string, unknown>, ids: string[]) =>
      performAcross({ groups, edits }, service.currentCatalogId!, action, args, ids),
  };
}

const V19 = 'v4.19/catalog/alpha-operator/catalog.json';
const V20 = 'v4.20/catalog/alpha-operator/catalog.json';
const FILES = smallRepository();
/** alpha-operator 1.1.0 no longer replaces 1.0.1, as "Remove replaces edge" writes it. */
const unreplaced = (text: string) =>
  text.replace(
    '{"name":"alpha-operator.v1.1.0","replaces":"alpha-operator.v1.0.1"}',
    '{"name":"alpha-operator.v1.1.0"}',
  );
const REMOVE = { package: 'alpha-operator', channel: 'stable', bundle: 'alpha-operator.v1.1.0' };

/** Opened with "Remove replaces edge" applied to 4.20 (shown) and, with "Also apply to", 4.19. */
async function editedInTwo(served: Served, readOnly = false) {
  const o = await openServed(served, readOnly);
  expect(o.service.currentCatalogId).toBe('v4.20/catalog');
  const step = await o.across('removeReplaces', REMOVE, ['v4.20/catalog', 'v4.19/catalog']);
  expect(step.across.map((a) => [a.catalog, a.error, a.changes])).toEqual([
    ['v4.20/catalog', undefined, 1],
    ['v4.19/catalog', undefined, 1],
  ]);
  return o;
}

const disk = (path: string) => readFileSync(join(s!.root, path), 'utf8');

describe('writing every catalog’s pending edits', () => {
  it('writes each catalog’s changed files and nothing else; afterwards nothing is pending, the impact baseline is the disk', async () => {
    s = await serveRepository(FILES);
    pageFetch(s);
    const { host, service } = await editedInTwo(s);
    expect(unreplaced(FILES[V20]!)).not.toBe(FILES[V20]);

    const checks = await checkWriteAll(host);
    // The catalog shown first; paths from the repository root; each verdict as edited (stable has two
    // heads now, and 4.19's broken-operator failed already).
    expect(checks.map((c) => [c.catalog, c.current, c.passed, c.files, c.conflicts])).toEqual([
      ['v4.20/catalog', true, false, [V20], []],
      ['v4.19/catalog', false, false, [V19], []],
    ]);
    expect((await service.session('v4.19/catalog')!.getImpact()).pending).toBe(true);

    const r = await writeAll(host, []);
    expect(r.catalogs).toEqual([
      { catalog: 'v4.20/catalog', ocpVersion: '4.20', written: [V20], failed: [], conflicts: [] },
      { catalog: 'v4.19/catalog', ocpVersion: '4.19', written: [V19], failed: [], conflicts: [] },
    ]);
    expect(disk(V20)).toBe(unreplaced(FILES[V20]!));
    expect(disk(V19)).toBe(unreplaced(FILES[V19]!));
    for (const [path, text] of Object.entries(FILES))
      if (path !== V19 && path !== V20) expect(disk(path)).toBe(text);
    // Nothing pending anywhere: the state shown, the list Review asks for, each catalog's impact.
    expect(r.state.dirty).toEqual([]);
    expect(await pendingIds(host)).toEqual([]);
    expect((await service.session('v4.19/catalog')!.getImpact()).pending).toBe(false);
    expect((await service.session('v4.20/catalog')!.getImpact()).pending).toBe(false);
  });

  it('a file changed on disk is a conflict of its catalog, never overwritten unless chosen; the other catalog is written', async () => {
    s = await serveRepository(FILES);
    pageFetch(s);
    const { host } = await editedInTwo(s);
    const theirs = `${FILES[V19]!}{"schema":"olm.deprecations","package":"alpha-operator"}\n`;
    writeFileSync(join(s.root, V19), theirs);

    const checks = await checkWriteAll(host);
    expect(checks.find((c) => c.catalog === 'v4.20/catalog')!.conflicts).toEqual([]);
    expect(checks.find((c) => c.catalog === 'v4.19/catalog')!.conflicts).toEqual([
      {
        path: V19,
        disk: theirs,
        original: FILES[V19],
        edited: unreplaced(FILES[V19]!),
        reason: 'the file was changed on disk since loading',
      },
    ]);

    // Skipped (no choice): 4.20 written, 4.19's file left as the other writer left it, still pending.
    const skipped = await writeAll(host, []);
    expect(skipped.catalogs.map((c) => [c.catalog, c.written, c.conflicts])).toEqual([
      ['v4.20/catalog', [V20], []],
      ['v4.19/catalog', [], [V19]],
    ]);
    expect(disk(V20)).toBe(unreplaced(FILES[V20]!));
    expect(disk(V19)).toBe(theirs);
    expect((await pendingIds(host)).map((p) => p.catalog)).toEqual(['v4.19/catalog']);

    // Overwritten, once chosen.
    const chosen = await writeAll(host, [{ catalog: 'v4.19/catalog', path: V19, keep: 'mine' }]);
    expect(chosen.catalogs).toEqual([
      { catalog: 'v4.19/catalog', ocpVersion: '4.19', written: [V19], failed: [], conflicts: [] },
    ]);
    expect(disk(V19)).toBe(unreplaced(FILES[V19]!));
    expect(await pendingIds(host)).toEqual([]);
  });

  it('keeping the disk’s version drops the edit to that file: nothing written there, nothing pending', async () => {
    s = await serveRepository(FILES);
    pageFetch(s);
    const { host } = await editedInTwo(s);
    const theirs = `${FILES[V19]!}\n`;
    writeFileSync(join(s.root, V19), theirs);
    const r = await writeAll(host, [{ catalog: 'v4.19/catalog', path: V19, keep: 'disk', disk: theirs }]);
    expect(r.catalogs.map((c) => [c.catalog, c.written, c.conflicts])).toEqual([
      ['v4.20/catalog', [V20], []],
      ['v4.19/catalog', [], []],
    ]);
    expect(disk(V19)).toBe(theirs);
    expect(await pendingIds(host)).toEqual([]);
    // The catalog now holds the disk's text (the edit is undoable, as taking the disk's version is).
    expect((await host.edits('v4.19/catalog')).session.original('alpha-operator/catalog.json')).toBe(theirs);
  });

  it('a write that fails part-way says which file of which catalog was not written; that one stays pending', async () => {
    s = await serveRepository(FILES);
    // Another program saves 4.19's file just as the app's write of it goes out: the server refuses it.
    pageFetch(s, { [V19]: () => writeFileSync(join(s!.root, V19), `${FILES[V19]!}\n`) });
    const { host } = await editedInTwo(s);
    expect((await checkWriteAll(host)).flatMap((c) => c.conflicts)).toEqual([]);
    const r = await writeAll(host, []);
    expect(r.catalogs).toEqual([
      { catalog: 'v4.20/catalog', ocpVersion: '4.20', written: [V20], failed: [], conflicts: [] },
      {
        catalog: 'v4.19/catalog',
        ocpVersion: '4.19',
        written: [],
        failed: [{ path: V19, error: `${V19} was changed on disk since it was read` }],
        conflicts: [],
      },
    ]);
    expect(disk(V20)).toBe(unreplaced(FILES[V20]!));
    expect(disk(V19)).toBe(`${FILES[V19]!}\n`);
    expect((await pendingIds(host)).map((p) => [p.catalog, p.api.session.state().dirty])).toEqual([
      ['v4.19/catalog', [{ path: 'alpha-operator/catalog.json', status: 'modified' }]],
    ]);
  });

  it('a folder served read-only: nothing is written, every file of every catalog says why and stays pending', async () => {
    s = await serveRepository(FILES);
    pageFetch(s);
    const { host } = await editedInTwo(s, true);
    const why = 'This catalog was not opened from a writable folder';
    await expect(checkWriteAll(host)).rejects.toThrow(why);
    const r = await writeAll(host, []);
    expect(r.catalogs.map((c) => [c.catalog, c.written, c.failed])).toEqual([
      ['v4.20/catalog', [], [{ path: V20, error: why }]],
      ['v4.19/catalog', [], [{ path: V19, error: why }]],
    ]);
    expect(disk(V20)).toBe(FILES[V20]);
    expect((await pendingIds(host)).map((p) => p.catalog)).toEqual(['v4.20/catalog', 'v4.19/catalog']);
  });
});

if (!hasShared) console.log(skipReason('writing template-generated catalogs of a real repository'));

// Reads ../shared/corpus (real repositories, copied only into a temporary folder): skipped, with the printed reason, where it is absent.
describe.skipIf(!hasShared)('catalogs generated from templates (openshift-kueue-fbc)', () => {
  it('each catalog’s edits land in its template and its render, both written from the repository root', async () => {
    s = await serveRepository({});
    cpSync(sharedPath('corpus/fbc/openshift-kueue-fbc'), s.root, { recursive: true });
    pageFetch(s);
    const before = (path: string) =>
      readFileSync(join(sharedPath('corpus/fbc/openshift-kueue-fbc'), path), 'utf8');
    const o = await openServed(s);
    o.service.select('v4.22/catalog');
    const args = { package: 'kueue-operator', bundle: 'kueue-operator.v1.4.1', channel: 'fast-v1.4' };
    const step = await o.across('promoteToChannel', args, ['v4.22/catalog', 'v4.21/catalog']);
    expect(step.across.every((a) => !a.error && a.changes === 2)).toBe(true);

    const r = await writeAll(o.host, []);
    expect(r.catalogs.map((c) => [c.catalog, c.written, c.failed, c.conflicts])).toEqual([
      ['v4.22/catalog', ['v4.22/catalog-template.yaml', 'v4.22/catalog/kueue-operator/catalog.json'], [], []],
      ['v4.21/catalog', ['v4.21/catalog-template.yaml', 'v4.21/catalog/kueue-operator/catalog.json'], [], []],
    ]);
    for (const v of ['v4.22', 'v4.21']) {
      expect(disk(`${v}/catalog-template.yaml`)).toMatch(/^Fast:\n {2}Bundles:\n {2}- Image: /m);
      expect(disk(`${v}/catalog-template.yaml`).startsWith('Schema: olm.semver\n')).toBe(true);
      expect(disk(`${v}/catalog/kueue-operator/catalog.json`)).toContain('"name": "fast-v1.4"');
    }
    // The versions not edited are as they were.
    expect(disk('v4.23/catalog-template.yaml')).toBe(before('v4.23/catalog-template.yaml'));
    expect(await pendingIds(o.host)).toEqual([]);
  });
});
