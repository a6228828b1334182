/**
 * The deferred bundle-object check: open() loads bundle objects lazily (base64 only), the summary
 * says 'checking' until the R15 pass has run, and opm's verdict is then exactly the eager one.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog, loadFile } from '../../../src/core/load';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { BundleObjectChecker, mayFailR15 } from '../../../src/core/service/perf-deep-check';
import { MemorySource } from '../../../src/core/source/memory';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';

const b64 = (s: string) => btoa(s);
const csv = (name: string) =>
  b64(
    JSON.stringify({
      apiVersion: 'operators.coreos.com/v1alpha1',
      kind: 'ClusterServiceVersion',
      metadata: { name },
    }),
  );

/** One package, one channel, `n` bundles in a replaces chain; `bad` bundles carry bytes that are not YAML. */
function packageFile(pkg: string, n: number, bad: ReadonlySet<number> = new Set()): string {
  const name = (i: number) => `${pkg}.v1.0.${i}`;
  const blobs: unknown[] = [
    { schema: 'olm.package', name: pkg, defaultChannel: 'stable' },
    {
      schema: 'olm.channel',
      package: pkg,
      name: 'stable',
      entries: Array.from({ length: n }, (_, i) =>
        i ? { name: name(i), replaces: name(i - 1) } : { name: name(0) },
      ),
    },
  ];
  for (let i = 0; i < n; i++) {
    blobs.push({
      schema: 'olm.bundle',
      package: pkg,
      name: name(i),
      image: `quay.io/example/${pkg}:v1.0.${i}`,
      properties: [
        { type: 'olm.package', value: { packageName: pkg, version: `1.0.${i}` } },
        { type: 'olm.bundle.object', value: { data: bad.has(i) ? b64('k: v: w\n') : csv(name(i)) } },
      ],
    });
  }
  return blobs.map((b) => JSON.stringify(b, null, 2)).join('\n');
}

/** What `opm validate` says, from an eager load of the same files (the CLI's path). */
async function eagerVerdict(files: Record<string, string>) {
  const load = await loadCatalog(new MemorySource(files), { bundleObjects: 'eager' });
  return validateCatalog(load);
}

const R15_PREFIX =
  'read bundle objects: package "beta", bundle "beta.v1.0.3": convert bundle object property at index 1 to JSON: yaml: ';

describe('deferred bundle-object check', () => {
  it('a catalog shows at once, says it is checking bundle objects, then gives opm’s exact verdict', async () => {
    const files = {
      'alpha/catalog.json': packageFile('alpha', 5),
      'beta/catalog.json': packageFile('beta', 5, new Set([3, 4])),
    };
    const service = new CatalogService();
    const opened = await service.open(new MemorySource(files, 'cat'), { kind: 'handle', readOnly: false });
    // Nothing decoded yet: the broken object is not known, and the UI is told so.
    expect(opened).toMatchObject({ bundleObjects: 'checking', passed: true, opmMessage: null, errors: 0 });
    expect(service.getPackageList().map((p) => p.name)).toEqual(['alpha', 'beta']);

    const done = await service.whenBundleObjectsChecked();
    const eager = await eagerVerdict(files);
    expect(done).toMatchObject({ bundleObjects: 'checked', passed: false, errors: 2 });
    expect(done!.generation).toBeGreaterThan(opened.generation);
    expect(done!.opmMessage).toBe(eager.opmMessage);
    expect(done!.opmMessage!.startsWith(R15_PREFIX)).toBe(true);
    // Every R15 error is listed, located in its file, as an eager load gives them.
    const r15 = service.getDiagnostics().filter((d) => d.rule === 'R15');
    expect(r15.map((d) => d.message)).toEqual(
      eager.diagnostics.filter((d) => d.rule === 'R15').map((d) => d.message),
    );
    expect(r15.map((d) => d.location?.file)).toEqual(['beta/catalog.json', 'beta/catalog.json']);
  });

  it('a clean catalog keeps its generation and ends as passed and checked', async () => {
    const service = new CatalogService();
    const files = { 'alpha/catalog.json': packageFile('alpha', 3) };
    const opened = await service.open(new MemorySource(files), { kind: 'handle', readOnly: false });
    expect(opened.bundleObjects).toBe('checking');
    const done = await service.whenBundleObjectsChecked();
    expect(done).toMatchObject({ generation: opened.generation, passed: true, bundleObjects: 'checked' });
    expect(service.getSummary()?.bundleObjects).toBe('checked');
    // Asked again when nothing is pending: answered at once.
    expect(await service.whenBundleObjectsChecked()).toMatchObject({ bundleObjects: 'checked' });
  });

  it('an edit made while the check runs wins: fixing the broken file leaves nothing to report', async () => {
    const files = {
      'alpha/catalog.json': packageFile('alpha', 3),
      'beta/catalog.json': packageFile('beta', 5, new Set([3])),
    };
    const service = new CatalogService();
    await service.open(new MemorySource(files), { kind: 'handle', readOnly: false });
    const checked = service.whenBundleObjectsChecked();
    // Synchronously after open (before the check's first slice): the editor replaces the file.
    const edited = service.updateFile('beta/catalog.json', packageFile('beta', 5));
    expect(edited.passed).toBe(true);
    const done = await checked;
    expect(done).toMatchObject({ passed: true, bundleObjects: 'checked', opmMessage: null });
  });

  it('an edited file is checked at once (eagerly), so the edit’s own verdict is exact', async () => {
    const service = new CatalogService();
    await service.open(new MemorySource({ 'alpha/catalog.json': packageFile('alpha', 3) }), {
      kind: 'handle',
      readOnly: false,
    });
    await service.whenBundleObjectsChecked();
    const edited = service.updateFile('beta/catalog.json', packageFile('beta', 5, new Set([3])));
    expect(edited).toMatchObject({ passed: false, bundleObjects: 'checked' });
    expect(edited.opmMessage!.startsWith(R15_PREFIX)).toBe(true);
  });

  it('runs in slices, yielding between them, so the worker keeps answering queries', async () => {
    const files = {
      'alpha/catalog.json': packageFile('alpha', 40),
      'beta/catalog.json': packageFile('beta', 40, new Set([3])),
    };
    const load = await loadCatalog(new MemorySource(files), { bundleObjects: 'lazy' });
    expect(load.errors).toEqual([]);
    const loads = new Map(
      Object.entries(files).map(([p, t]) => [p, loadFile(p, t, { bundleObjects: 'lazy' })] as const),
    );
    const checker = new BundleObjectChecker();
    for (const l of loads.values()) checker.markPending(l);
    let yields = 0;
    let clock = 0;
    const outcome = await checker.check(
      { loads: () => loads },
      {
        sliceMs: 1,
        // Every clock read advances 1 ms: each batch of bundles ends a slice.
        now: () => clock++,
        yieldNow: () => {
          yields++;
          return Promise.resolve();
        },
      },
    );
    // 80 bundles in batches of 8 (the broken file stops at its first problem): one yield per batch.
    expect(yields).toBeGreaterThanOrEqual(6);
    expect(outcome.stopped).toBe(false);
    expect([...outcome.reloaded.keys()]).toEqual(['beta/catalog.json']);
    expect(outcome.reloaded.get('beta/catalog.json')!.to.errors.map((e) => e.rule)).toEqual(['R15']);
    expect(checker.isPending(loads.values())).toBe(false);
  });

  it('stops when a newer check starts (a catalog opened meanwhile)', async () => {
    const loads = new Map([['a.json', loadFile('a.json', packageFile('a', 40), { bundleObjects: 'lazy' })]]);
    const checker = new BundleObjectChecker();
    for (const l of loads.values()) checker.markPending(l);
    let clock = 0;
    let first = true;
    const outcome = await checker.check(
      { loads: () => loads },
      {
        sliceMs: 1,
        now: () => clock++,
        yieldNow: () => {
          if (!first) checker.stop();
          first = false;
          return Promise.resolve();
        },
      },
    );
    expect(outcome.stopped).toBe(true);
    expect(checker.isPending(loads.values())).toBe(true);
  });

  it('skips the full check only for objects whose decoded bytes start with { (opm passes those through)', () => {
    const props = (...values: unknown[]) => ({
      properties: values.map((value) => ({ type: 'olm.bundle.object', value })),
    });
    const b = (...values: unknown[]) => mayFailR15(props(...values) as never);
    expect(b({ data: csv('x') }, { data: b64('  \n{"kind": "CustomResourceDefinition"}') })).toBe(false);
    expect(b()).toBe(false);
    // YAML, a missing or null value, data reused from the previous property, a non-string: the full check.
    expect(b({ data: csv('x') }, { data: b64('kind: CustomResourceDefinition\n') })).toBe(true);
    expect(b({ data: csv('x') }, {})).toBe(true);
    expect(b(null)).toBe(true);
    expect(b({ DATA: csv('x') })).toBe(true);
    expect(b({ data: 5 })).toBe(true);
  });
});
