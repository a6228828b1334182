import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/core/load';
import { generationCounter, SnapshotBuilder } from '../../../src/core/service/session-snapshot';
import { MemorySource } from '../../../src/core/source/memory';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { packageYaml, WORKED } from './paths-fixtures';
import { snapshotOf } from './session-fixtures';

const STRANDED = {
  'op/catalog.yaml': packageYaml({
    name: 'op',
    channels: {
      stable: [
        { name: 'op.v2', version: '2.0.0' },
        { name: 'op.v1', version: '1.0.0' },
      ],
    },
  }),
};

describe('a catalog generation (Snapshot)', () => {
  it('gives opm’s verdict, with every problem located', async () => {
    const s = snapshotOf(STRANDED);
    const opm = validateCatalog(await loadCatalog(new MemorySource(STRANDED), { bundleObjects: 'eager' }));
    expect(s.validation.passed).toBe(false);
    expect(s.validation.opmMessage).toBe(opm.opmMessage);
    const errors = s.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    for (const d of errors) expect(d.location?.file).toBe('op/catalog.yaml');
  });

  it('numbers generations with the counter it is given, so catalogs sharing one never collide', () => {
    const shared = generationCounter();
    const a = new SnapshotBuilder(shared);
    const b = new SnapshotBuilder(shared);
    const files = { 'op/catalog.yaml': packageYaml(WORKED) };
    expect(
      [snapshotOf(files, a), snapshotOf(files, b), snapshotOf(files, a)].map((s) => s.generation),
    ).toEqual([1, 2, 3]);
    expect(snapshotOf(files).generation).toBe(1);
  });

  it('a problem that stays across generations of one catalog keeps its view; another catalog makes its own', () => {
    const builder = new SnapshotBuilder(generationCounter());
    const first = snapshotOf(STRANDED, builder);
    const second = snapshotOf(STRANDED, builder);
    expect(second.diagnostics).toEqual(first.diagnostics);
    expect(second.diagnostics[0]).toBe(first.diagnostics[0]);
    const other = snapshotOf(STRANDED);
    expect(other.diagnostics[0]).not.toBe(first.diagnostics[0]);
    expect(other.diagnostics.map((d) => d.message)).toEqual(first.diagnostics.map((d) => d.message));
  });
});
