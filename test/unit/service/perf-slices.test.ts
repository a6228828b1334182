/** Problems fetched a slice at a time (src/app/state/perf-diagnostics.ts) add up to the whole list. */
import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { demoTree } from './demo-files';
import { SLICE_WEIGHT } from '../../../src/core/service/session-diagnostics';

describe('getDiagnosticsSlice', () => {
  it('slices of the current generation concatenate to getDiagnostics(), with the total', async () => {
    const service = new CatalogService();
    const summary = await service.open(new MemorySource(demoTree(), 'demo'), {
      kind: 'demo',
      readOnly: true,
    });
    const all = service.getDiagnostics();
    expect(all.length).toBeGreaterThan(2);
    const parts = [service.getDiagnosticsSlice(0, 2), service.getDiagnosticsSlice(2, 2 + all.length)];
    expect(parts.map((p) => p.generation)).toEqual([summary.generation, summary.generation]);
    expect(parts.map((p) => p.total)).toEqual([all.length, all.length]);
    expect([...parts[0]!.items, ...parts[1]!.items]).toEqual(all);
    expect(service.getDiagnosticsSlice(all.length, all.length + 5).items).toEqual([]);
  });
});

describe('a slice of problems that name many bundles', () => {
  it('ends once it weighs SLICE_WEIGHT, and the slices asked on from there still make the whole list', async () => {
    // 60 packages whose channel has 61 heads each: opm's finding names every one.
    const files: Record<string, string> = {};
    for (let p = 0; p < 60; p++) {
      const pkg = `p${p}`;
      const blobs: object[] = [{ schema: 'olm.package', name: pkg, defaultChannel: 'c' }];
      const names = Array.from({ length: 61 }, (_, i) => `${pkg}.v0.${i}.0`);
      blobs.push({
        schema: 'olm.channel',
        package: pkg,
        name: 'c',
        entries: names.map((name) => ({ name })),
      });
      for (const [i, name] of names.entries())
        blobs.push({
          schema: 'olm.bundle',
          package: pkg,
          name,
          image: `quay.io/x/${pkg}:${i}`,
          properties: [{ type: 'olm.package', value: { packageName: pkg, version: `0.${i}.0` } }],
        });
      files[`${pkg}/index.json`] = blobs.map((b) => JSON.stringify(b)).join('\n');
    }
    const service = new CatalogService();
    await service.open(new MemorySource(files, 'many'), { kind: 'files', readOnly: true });
    const all = service.getDiagnostics();
    const targets = all.reduce((n, d) => n + (d.targets?.length ?? 0), 0);
    expect(targets).toBeGreaterThan(SLICE_WEIGHT / 4);
    // Fetched as the UI does (perf-diagnostics.ts): ask for 2,000, go on from where a slice ended.
    const got: typeof all = [];
    let slices = 0;
    for (;;) {
      const part = service.getDiagnosticsSlice(got.length, got.length + 2000);
      slices++;
      got.push(...part.items);
      const weight = part.items.reduce((n, d) => n + 6 + 4 * (d.targets?.length ?? 0), 0);
      const last = part.items.at(-1);
      if (last) expect(weight - (6 + 4 * (last.targets?.length ?? 0))).toBeLessThan(SLICE_WEIGHT);
      if (got.length >= part.total || part.items.length === 0) break;
    }
    expect(slices).toBeGreaterThan(1);
    expect(got).toEqual(all);
  });
});
