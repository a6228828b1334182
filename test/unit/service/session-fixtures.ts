/** Snapshots built straight from file texts, for the tests of the per-catalog modules. */
import { compareWalkOrder, loadFile } from '../../../src/core/load';
import {
  generationCounter,
  SnapshotBuilder,
  type Snapshot,
} from '../../../src/core/service/session-snapshot';
import { MemorySource } from '../../../src/core/source/memory';

export function snapshotOf(
  files: Record<string, string>,
  builder = new SnapshotBuilder(generationCounter()),
): Snapshot {
  const loads = new Map(
    Object.keys(files)
      .sort(compareWalkOrder)
      .map((p) => [p, loadFile(p, files[p]!, { bundleObjects: 'eager' })]),
  );
  const bytes = [...loads.values()].reduce((n, l) => n + l.file.bytes, 0);
  const source = new MemorySource(files, 'fixture');
  return builder.build(
    { source, kind: 'files', readOnly: true, loads, ignored: [], bytes },
    performance.now(),
  );
}
