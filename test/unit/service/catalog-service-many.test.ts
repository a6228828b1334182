/**
 * One service, several catalogs (the coming repository of one catalog per OpenShift version, and
 * comparing two catalogs): each answers for itself, and today's methods act on the current one.
 */
import { describe, expect, it } from 'vitest';
import { CatalogService, DEFAULT_CATALOG_ID } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import type { CatalogSource } from '../../../src/core/source/types';
import { demoTree } from './demo-files';
import { packageYaml, WORKED } from './paths-fixtures';

const ALPHA = 'cirrus-operator/channels/alpha.yaml';

async function openBoth() {
  const service = new CatalogService();
  const demo = await service.open(new MemorySource(demoTree(), 'demo'), {
    kind: 'demo',
    readOnly: true,
    id: 'demo',
  });
  const worked = await service.open(new MemorySource({ 'op/catalog.yaml': packageYaml(WORKED) }, 'worked'), {
    kind: 'files',
    readOnly: true,
    id: 'worked',
    select: false,
  });
  return { service, demo, worked, a: service.session('demo')!, b: service.session('worked')! };
}

describe('CatalogService with two catalogs open', () => {
  it('each catalog gives its own summary, views and problems', async () => {
    const { service, demo, worked, a, b } = await openBoth();
    expect(service.ids()).toEqual(['demo', 'worked']);
    expect(demo).toMatchObject({ name: 'demo', packages: 4, passed: false });
    expect(worked).toMatchObject({ name: 'worked', packages: 1, passed: true });
    // A generation names one catalog: the UI keys its caches on it.
    expect(worked.generation).not.toBe(demo.generation);

    expect(a.getPackageList().map((p) => p.name)).toEqual([
      'aurora-operator',
      'borealis-operator',
      'cirrus-operator',
      'nimbus-operator',
    ]);
    expect(b.getPackageList().map((p) => p.name)).toEqual(['op']);
    expect(a.getPackage('op')).toBeNull();
    expect(b.getChannel('op', 'stable')?.entries.map((e) => e.name)).toEqual([
      'op.v1.3.0',
      'op.v1.2.0',
      'op.v1.1.0',
      'op.v1.0.0',
    ]);
    expect(a.getDiagnostics().some((d) => d.severity === 'error' && d.package === 'cirrus-operator')).toBe(
      true,
    );
    expect(b.getDiagnostics().filter((d) => d.severity === 'error')).toEqual([]);

    // The first open was selected; the second asked not to be.
    expect(service.currentCatalogId).toBe('demo');
    expect(service.getSummary()).toEqual(a.getSummary());
    service.select('worked');
    expect(service.getPackageList()).toEqual(b.getPackageList());
  });

  it('an edit in one catalog does not touch the other', async () => {
    const { a, b } = await openBoth();
    const bSummary = b.getSummary();
    const bProblems = b.getDiagnostics();
    const bChannel = b.getChannel('op', 'stable');
    const fixed = a.getFile(ALPHA)!.text.replace(/ {4}skips:\n {6}- cirrus-operator.v0.2.0\n/, '');
    expect(a.updateFile(ALPHA, fixed)).toMatchObject({ passed: true, errors: 0 });
    expect(b.getSummary()).toEqual(bSummary);
    expect(b.getDiagnostics()).toBe(bProblems);
    expect(b.getChannel('op', 'stable')).toBe(bChannel);
    expect(b.getFile(ALPHA)).toBeNull();

    // And back: the worked catalog's edit leaves the demo as edited.
    const demoProblems = a.getDiagnostics();
    b.updateFile('op/catalog.yaml', 'schema: olm.package\nname: op\n');
    expect(b.getSummary()?.passed).toBe(false);
    expect(a.getDiagnostics()).toBe(demoProblems);
    expect(a.getSummary()).toMatchObject({ passed: true });
  });

  it('keeps a baseline and recent problems lists per catalog', async () => {
    const { a, b } = await openBoth();
    const alpha = a.getFile(ALPHA)!.text;
    const fixed = alpha.replace(/ {4}skips:\n {6}- cirrus-operator.v0.2.0\n/, '');
    const base = a.updateFile(ALPHA, fixed).generation;
    // Edits in the other catalog (more than a catalog keeps lists for) do not push the demo's out.
    for (let i = 0; i < 6; i++) b.updateFile('op/catalog.yaml', packageYaml(WORKED) + '#'.repeat(i) + '\n');
    const undone = a.updateFile(ALPHA, alpha);
    const delta = await a.getDiagnosticsDelta(base, 100);
    expect(delta).toMatchObject({ base, generation: undone.generation, total: a.getDiagnostics().length });

    // The demo's baseline is the catalog as opened; resetting the other's does not move it.
    a.updateFile(ALPHA, fixed);
    b.resetBaseline();
    expect((await a.getImpact()).rows.length).toBeGreaterThan(0);
    expect((await b.getImpact()).rows).toEqual([]);
  });

  it('opening under an existing id replaces that catalog only; close forgets it', async () => {
    const { service, a } = await openBoth();
    const replaced = await service.open(
      new MemorySource({ 'x/catalog.yaml': packageYaml(WORKED) }, 'again'),
      {
        kind: 'files',
        readOnly: true,
        id: 'worked',
        select: false,
      },
    );
    expect(replaced.name).toBe('again');
    expect(service.session('worked')?.getSummary()?.name).toBe('again');
    expect(a.getSummary()?.name).toBe('demo');

    service.close('demo');
    expect(service.ids()).toEqual(['worked']);
    expect(service.session('demo')).toBeUndefined();
    // The closed one was current: today's methods have no catalog to act on.
    expect(service.getSummary()).toBeNull();
    expect(() => service.getPackageList()).toThrow('No catalog is open');
    expect(() => service.select('v9.9/catalog')).toThrow('No catalog "v9.9/catalog" is open');
    service.select('worked');
    expect(service.getSummary()?.name).toBe('again');
  });

  it('cancelling one catalog’s open leaves the other open and loading', async () => {
    const service = new CatalogService();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const slow = (name: string): CatalogSource => {
      const inner = new MemorySource(demoTree(), name);
      return { name, list: () => inner.list(), read: async (p) => (await gate, inner.read(p)) };
    };
    const one = service.open(slow('one'), { kind: 'files', readOnly: true, id: 'one' });
    const two = service.open(slow('two'), { kind: 'files', readOnly: true, id: 'two' });
    service.cancel('one');
    release();
    await expect(one).rejects.toMatchObject({ name: 'AbortError' });
    expect(await two).toMatchObject({ name: 'two', packages: 4 });
    expect(service.ids()).toEqual(['two']);
    expect(service.currentCatalogId).toBe('two');
  });

  it('without ids it is today’s one catalog: a second open replaces the first', async () => {
    const service = new CatalogService();
    await service.open(new MemorySource(demoTree(), 'first'), { kind: 'demo', readOnly: true });
    await service.open(new MemorySource(demoTree(), 'second'), { kind: 'demo', readOnly: true });
    expect(service.ids()).toEqual([DEFAULT_CATALOG_ID]);
    expect(service.getSummary()).toMatchObject({ name: 'second', generation: 2 });
  });

  it('the catalog asked for last is current, whichever open finishes first', async () => {
    const service = new CatalogService();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const inner = new MemorySource(demoTree(), 'slow');
    const slow: CatalogSource = {
      name: 'slow',
      list: () => inner.list(),
      read: async (p) => (await gate, inner.read(p)),
    };
    const first = service.open(slow, { kind: 'files', readOnly: true, id: 'slow' });
    await service.open(new MemorySource(demoTree(), 'quick'), { kind: 'files', readOnly: true, id: 'quick' });
    release();
    await first;
    expect(service.currentCatalogId).toBe('quick');
    expect(service.ids()).toEqual(['slow', 'quick']);
  });
});
