/**
 * Problems views kept across edits (diagnostic-views.ts): after any sequence of edits the list is
 * exactly what opening the edited catalog afresh gives, and a problem that stays keeps its id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { DiagnosticViews } from '../../../src/core/service/diagnostic-views';
import type { DiagnosticView } from '../../../src/core/service/views';
import { MemorySource } from '../../../src/core/source/memory';
import { sameFinding } from '../../../src/core/service/same-finding';
import { demoTree, text } from './demo-files';

const withoutId = ({ id: _id, ...rest }: DiagnosticView) => rest;

/** Edits a maintainer makes: each turns a file's text into another (undefined when it does not apply). */
const edits: { path: string; edit: (t: string) => string }[] = [
  // A replaces pointing at a bundle that does not exist.
  {
    path: 'aurora-operator/catalog.yaml',
    edit: (t) => t.replace('replaces: aurora-operator.v1.0.0', 'replaces: aurora-operator.v0.9.0'),
  },
  // A default channel that does not exist (an error on the package).
  {
    path: 'aurora-operator/catalog.yaml',
    edit: (t) => t.replace('defaultChannel: stable', 'defaultChannel: gone'),
  },
  // A syntax error: the file stops loading (a load error; the rest of the catalog still loads).
  { path: 'aurora-operator/catalog.yaml', edit: (t) => t.replace('defaultChannel:', 'defaultChannel: : [') },
  {
    path: 'borealis-operator/catalog.json',
    edit: (t) => t.replace('"defaultChannel": "stable-v2"', '"defaultChannel": "nope"'),
  },
  {
    path: 'nimbus-operator/catalog.json',
    edit: (t) => t.replace('"replaces": "nimbus-operator.v0.8.0"', '"replaces": "nimbus-operator.v0.0.1"'),
  },
  // The stranded bundle's finding (several targets folded into one problem) goes away, or changes.
  {
    path: 'cirrus-operator/channels/alpha.yaml',
    edit: (t) => t.replace('replaces: cirrus-operator.v0.1.0', 'replaces: cirrus-operator.v0.0.9'),
  },
  {
    path: 'cirrus-operator/package.yaml',
    edit: (t) => t.replace('defaultChannel: stable', 'defaultChannel: alpha'),
  },
];

async function fresh(files: Record<string, Uint8Array>): Promise<DiagnosticView[]> {
  const s = new CatalogService();
  await s.open(new MemorySource(files, 'demo'), { kind: 'demo', readOnly: true });
  return s.getDiagnostics();
}

describe('problems views across edits', () => {
  it('after any sequence of edits and undos, the list is what a fresh open gives; ids unique, kept while a problem stays', async () => {
    // (Edited YAML files are re-loaded with their unchanged documents' parses: covered here too.)
    const original = demoTree();
    // Each step: apply edit k to its file's current text, or put file k back as it was.
    // `prepared`: the editor opened the file first (its YAML documents parsed ahead of the edit).
    const step = fc.record({ k: fc.nat(edits.length - 1), undo: fc.boolean(), prepared: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const files = { ...original };
        const service = new CatalogService();
        await service.open(new MemorySource(files, 'demo'), { kind: 'demo', readOnly: true });
        let before = service.getDiagnostics();
        for (const { k, undo, prepared } of steps) {
          const { path, edit } = edits[k]!;
          const next = undo ? text(original[path]) : edit(text(files[path]));
          files[path] = new TextEncoder().encode(next);
          if (prepared) service.prepareEdit(path);
          service.updateFile(path, next);
          const after = service.getDiagnostics();
          expect(after.map(withoutId)).toEqual((await fresh(files)).map(withoutId));
          expect(new Set(after.map((d) => d.id)).size).toBe(after.length);
          // A problem the list held before (same message, same place) is the same row, same id.
          for (const d of after) {
            const was = before.find((b) => sameFinding(b, d));
            if (was) expect(d).toBe(was);
          }
          before = after;
        }
      }),
      { numRuns: 40 },
    );
  });

  it('an edit to one package leaves every other package’s problems as they were, object and id', async () => {
    const files = demoTree();
    const service = new CatalogService();
    await service.open(new MemorySource(files, 'demo'), { kind: 'demo', readOnly: true });
    const before = service.getDiagnostics();
    const path = 'aurora-operator/catalog.yaml';
    service.updateFile(path, text(files[path]).replace('defaultChannel: stable', 'defaultChannel: gone'));
    const after = service.getDiagnostics();
    const others = before.filter((d) => d.package !== 'aurora-operator');
    expect(others.length).toBeGreaterThan(0);
    for (const d of others) expect(after).toContain(d);
    // The new problem has an id no earlier problem had.
    const added = after.filter((d) => !before.includes(d));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ severity: 'error', package: 'aurora-operator' });
    expect(before.map((d) => d.id)).not.toContain(added[0]!.id);
  });

  it('a finding that gains a target is a new problem (with every target); one that keeps them is the same', () => {
    const views = new DiagnosticViews();
    const leaf: Diagnostic = {
      severity: 'error',
      source: 'opm',
      rule: 'R55',
      message: 'channel contains one or more stranded bundles',
      package: 'p',
      channel: 'stable',
    };
    const target = (bundle: string): Diagnostic => ({ ...leaf, bundle });
    const a = target('p.v1');
    const b = target('p.v2');
    const first = views.build([leaf, a], undefined, () => undefined);
    expect(first).toHaveLength(1);
    expect(first[0]!.targets).toEqual([{ bundle: 'p.v1' }]);
    // The same finding objects again: the same view.
    expect(views.build([leaf, a], undefined, () => undefined)[0]).toBe(first[0]);
    // One more stranded bundle right after them (the same leaf object): it folds in, so the view is new.
    const second = views.build([leaf, a, b], undefined, () => undefined);
    expect(second).toHaveLength(1);
    expect(second[0]!.targets).toEqual([{ bundle: 'p.v1' }, { bundle: 'p.v2' }]);
    expect(second[0]!.id).not.toBe(first[0]!.id);
  });
});
