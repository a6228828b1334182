/** After an edit, the UI is sent only the change to its problems list (diagnostics-delta.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { applyDiagnosticsDelta, diffDiagnostics } from '../../../src/core/service/diagnostics-delta';
import type { DiagnosticView } from '../../../src/core/service/views';
import { MemorySource } from '../../../src/core/source/memory';
import { demoTree, text } from './demo-files';

const finding = (message: string, i: number, line = 1): DiagnosticView => ({
  id: i,
  severity: message.startsWith('w') ? 'warning' : 'error',
  source: 'opm',
  rule: 'R1',
  message,
  package: 'p',
  location: { file: 'p/index.yaml', start: { line, column: 1 }, end: { line, column: 5 } },
});
const list = (messages: string[]) => messages.map((m, i) => finding(m, i));

describe('diagnostics delta', () => {
  // A problem that stays across an edit is the same view object in both lists (diagnostic-views.ts).
  const pool = ['e1', 'e2', 'w1', 'w2', 'e3', 'e1', 'w1', 'e4'].map((m, i) => finding(m, i));

  it('any list reaches any other list through its splices, keeping the problems that stay', () => {
    const lists = fc.uniqueArray(fc.nat(pool.length - 1), { maxLength: pool.length });
    fc.assert(
      fc.property(lists, lists, (a, b) => {
        const before = a.map((i) => pool[i]!);
        const after = b.map((i) => pool[i]!);
        const splices = diffDiagnostics(before, after)!;
        const rebuilt = applyDiagnosticsDelta(before, { splices, total: after.length });
        expect(rebuilt).toHaveLength(after.length);
        rebuilt.forEach((d, i) => expect(d).toBe(after[i]));
        const carried = splices.reduce((n, sp) => n + sp.items.length, 0);
        expect(carried).toBeLessThanOrEqual(after.length);
        // A list with the same problems in the same order needs nothing sent.
        if (a.join() === b.join()) expect(splices).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('sends only what changed, in each place it changed', () => {
    // Errors first, warnings after: one edit adds an error at the top and changes a warning further down.
    const before = list(['e1', 'e2', 'e3', 'w1', 'w2', 'w3']);
    const after = [finding('e0', 10), ...before.slice(0, 4), finding('w2', 11, 7), before[5]!];
    const splices = diffDiagnostics(before, after)!;
    expect(splices).toEqual([
      { start: 0, removed: 0, items: [after[0]] },
      { start: 4, removed: 1, items: [after[5]] },
    ]);
    expect(applyDiagnosticsDelta(before, { splices, total: after.length })).toEqual(after);
    // More than the limit allows: no splices, the caller sends the list whole.
    expect(diffDiagnostics(before, after, 1)).toBeUndefined();
  });

  it('the service answers with a delta from a recent generation that rebuilds its list exactly', async () => {
    const files = demoTree();
    const service = new CatalogService();
    const first = await service.open(new MemorySource(files, 'demo'), { kind: 'demo', readOnly: true });
    const before = service.getDiagnostics();
    const path = 'aurora-operator/catalog.yaml';
    // Point a replaces at a bundle that does not exist: a new finding, the others unchanged.
    const edited = text(files[path]).replace(
      'replaces: aurora-operator.v1.0.0',
      'replaces: aurora-operator.v0.9.0',
    );
    const second = service.updateFile(path, edited);
    const delta = await service.getDiagnosticsDelta(first.generation, 2000);
    expect(delta).not.toBeNull();
    expect(delta!.generation).toBe(second.generation);
    expect(applyDiagnosticsDelta(before, delta!)).toEqual(service.getDiagnostics());
    const carried = delta!.splices.reduce((n, sp) => n + sp.items.length, 0);
    expect(carried).toBeLessThan(service.getDiagnostics().length);
    // Too large for one message, or a generation no longer kept: the UI falls back to slices.
    expect(await service.getDiagnosticsDelta(first.generation, 0)).toBeNull();
    for (let i = 0; i < 5; i++) service.updateFile(path, i % 2 ? edited : text(files[path]));
    expect(await service.getDiagnosticsDelta(first.generation, 2000)).toBeNull();
  });
});
