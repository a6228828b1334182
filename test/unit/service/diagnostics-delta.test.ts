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
  it('any list reaches any other list through its delta, ids renumbered to positions', () => {
    const messages = fc.array(fc.constantFrom('e1', 'e2', 'w1', 'w2', 'e3'), { maxLength: 12 });
    fc.assert(
      fc.property(messages, messages, (a, b) => {
        const before = list(a);
        const after = list(b);
        const delta = { ...diffDiagnostics(before, after), total: after.length };
        expect(applyDiagnosticsDelta(before, delta)).toEqual(after);
        expect(delta.items.length).toBeLessThanOrEqual(after.length);
      }),
      { numRuns: 500 },
    );
  });

  it('sends only what changed: a moved location or a new message, not the unchanged rest', () => {
    const before = list(['e1', 'e2', 'e3', 'w1', 'w2']);
    const after = [...before];
    after[2] = finding('e3', 2, 7); // same finding, now on line 7
    const d = diffDiagnostics(before, after);
    expect(d).toEqual({ start: 2, removed: 1, items: [after[2]] });
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
    expect(delta!.items.length).toBeLessThan(service.getDiagnostics().length);
    // Too large for one message, or a generation no longer kept: the UI falls back to slices.
    expect(await service.getDiagnosticsDelta(first.generation, 0)).toBeNull();
    for (let i = 0; i < 5; i++) service.updateFile(path, i % 2 ? edited : text(files[path]));
    expect(await service.getDiagnosticsDelta(first.generation, 2000)).toBeNull();
  });
});
