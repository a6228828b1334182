import type { DeclarativeConfig } from '../declcfg/types';
// Imports in the order the steps run: the bundler emits modules in this order, and the worker
// bundle compresses best with the code in its original sequence (initial-JS budget).
import { dcIndex, partitionBlobs } from './convert-partition';
import { sortInOpmOrder, type ConvertError } from './convert-errors';
import { convertPackageBlobs } from './convert-package';
import type { Model, ModelPackage } from './types';

/**
 * Stage B: operator-registry `declcfg.ConvertToModel` (fbc-rules §3 R16–R44), in opm's order:
 * packages, channels, bundles, the entry/bundle cross-check, synthetic default channels,
 * deprecations. opm returns at the first error; we record it, skip the offending object and go on,
 * so an editor can show every problem at once. `errors[0]` is exactly what opm reports (up to Go's
 * random map order where opm itself is random, e.g. R35 across packages).
 *
 * Built in two steps so that a re-validation can redo one package: `partitionBlobs`
 * (convert-partition.ts) groups the blobs by package and raises the checks that need the whole
 * package list; `convertPackageBlobs` (convert-package.ts) runs every other check on one package's
 * blobs. Each error carries its pass and blob index, and sorting on those (convert-errors.ts)
 * restores opm's single-pass order. This file joins the steps and is the module callers import.
 */

export type { ConvertError, ConvertPhase, OrderedError } from './convert-errors';
export { sortInOpmOrder } from './convert-errors';
export type { BlobPartition, PackageBlobs } from './convert-partition';
export { dcIndex, partitionBlobs } from './convert-partition';
export type { PackageConversion } from './convert-package';
export { convertPackageBlobs } from './convert-package';

export interface ConvertResult {
  model: Model;
  errors: ConvertError[];
}

export function convertToModel(dc: DeclarativeConfig): ConvertResult {
  const { packages: groups, errors: ordered } = partitionBlobs(dc);
  const packages = new Map<string, ModelPackage>();
  for (const g of groups) {
    const c = convertPackageBlobs(g);
    packages.set(g.name, c.package);
    for (const e of c.errors) ordered.push({ phase: e.phase, index: dcIndex(g, e), error: e.error });
  }
  return { model: { packages }, errors: sortInOpmOrder(ordered).map((e) => e.error) };
}

/** Re-exported for callers that only know this module (render-graph reads bundle versions). */
export { bundleVersion, parseBundleProperties } from './properties';
