/** Problems fetched a slice at a time (src/app/state/perf-diagnostics.ts) add up to the whole list. */
import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { demoTree } from './demo-files';

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
