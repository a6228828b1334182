import type {
  DeclarativeConfig,
  DeclBundle,
  DeclChannel,
  DeclDeprecation,
  DeclPackage,
} from '../declcfg/types';
import { goQuote } from '../semver';
import type { ConvertError, OrderedError } from './convert-errors';
import { refTo } from './json-path';

/**
 * Stage B's first step: group the blobs by package, raising the checks that need the whole package
 * list (R17, R18, R20, R24, R25, R36, R37). Everything else is per package (convert-package.ts).
 */

/**
 * Every blob that belongs to one known package, in load order, with each blob's index in the dc's
 * arrays. Conversion never looks across packages once the blobs are grouped, so a package whose
 * blobs are the same objects as last time converts to the same result (IncrementalValidator).
 */
export interface PackageBlobs {
  name: string;
  /** The first olm.package blob of that name (later ones are R18 duplicates). */
  package: DeclPackage;
  packageIndex: number;
  channels: DeclChannel[];
  channelIndices: number[];
  bundles: DeclBundle[];
  bundleIndices: number[];
  deprecations: DeclDeprecation[];
  deprecationIndices: number[];
}

export interface BlobPartition {
  /** In model order (the order of each package's first olm.package blob). */
  packages: PackageBlobs[];
  /** The errors that need the whole package list: R17, R18, R20, R24, R25, R36, R37 (dc indices). */
  errors: OrderedError[];
}

/**
 * Groups the blobs by package and raises the checks that look across packages. One plain loop
 * per kind (`fileUnder`), no closure per blob: this runs over every blob on each re-validation.
 */
export function partitionBlobs(dc: DeclarativeConfig): BlobPartition {
  const errors: OrderedError[] = [];
  const byName = new Map<string, PackageBlobs>();
  const packages: PackageBlobs[] = [];
  for (let index = 0; index < dc.packages.length; index++) {
    const p = dc.packages[index] as DeclPackage;
    if (p.name === '') {
      const ref = refTo(p.origin, p.raw, ['name']);
      errors.push({
        phase: 'packages',
        index,
        error: { rule: 'R17', message: 'config contains package with no name', ref },
      });
    } else if (byName.has(p.name)) {
      const ref = refTo(p.origin, p.raw, ['name']);
      const error: ConvertError = {
        rule: 'R18',
        message: `duplicate package ${goQuote(p.name)}`,
        package: p.name,
        ref,
      };
      errors.push({ phase: 'packages', index, error });
    } else {
      const g: PackageBlobs = {
        name: p.name,
        package: p,
        packageIndex: index,
        channels: [],
        channelIndices: [],
        bundles: [],
        bundleIndices: [],
        deprecations: [],
        deprecationIndices: [],
      };
      byName.set(p.name, g);
      packages.push(g);
    }
  }
  fileUnder(dc.channels, 'channels', byName, errors, unknownChannelPackage);
  fileUnder(dc.bundles, 'bundles', byName, errors, unknownBundlePackage);
  fileUnder(dc.deprecations, 'deprecations', byName, errors, unknownDeprecationPackage);
  return { packages, errors };
}

/** An error's blob index in the dc's arrays, from its index in the package's own lists. */
export function dcIndex(g: PackageBlobs, e: OrderedError): number {
  switch (e.phase) {
    case 'packages':
      return g.packageIndex;
    case 'channels':
    case 'entries':
      return g.channelIndices[e.index] as number;
    case 'bundles':
      return g.bundleIndices[e.index] as number;
    case 'deprecations':
      return g.deprecationIndices[e.index] as number;
  }
}

/** Where a package's blobs of each kind go: the list and the list of their indices in the dc. */
const INDICES = {
  channels: 'channelIndices',
  bundles: 'bundleIndices',
  deprecations: 'deprecationIndices',
} as const;

/**
 * Files each blob of `blobs` under its package (in `kind` and its indices); a blob whose package is
 * not declared (or empty: no package of that name is ever filed) gets `unknown`'s error instead.
 */
function fileUnder<B extends { package: string }>(
  blobs: readonly B[],
  kind: keyof typeof INDICES,
  byName: ReadonlyMap<string, PackageBlobs>,
  errors: OrderedError[],
  unknown: (blob: B, index: number) => OrderedError,
): void {
  const indices = INDICES[kind];
  for (let index = 0; index < blobs.length; index++) {
    const blob = blobs[index] as B;
    const g = byName.get(blob.package);
    if (g === undefined) errors.push(unknown(blob, index));
    else {
      // `kind` names the list of B's kind (the call sites pair them); TypeScript cannot tie the two.
      (g[kind] as unknown as B[]).push(blob);
      g[indices].push(index);
    }
  }
}

function unknownChannelPackage(c: DeclChannel, index: number): OrderedError {
  const message = `unknown package ${goQuote(c.package)} for channel ${goQuote(c.name)}`;
  const ref = refTo(c.origin, c.raw, ['package']);
  return { phase: 'channels', index, error: { rule: 'R20', message, channel: c.name, ref } };
}

function unknownBundlePackage(b: DeclBundle, index: number): OrderedError {
  const ref = refTo(b.origin, b.raw, ['package']);
  const error: ConvertError =
    b.package === ''
      ? {
          rule: 'R24',
          message: `package name must be set for bundle ${goQuote(b.name)}`,
          bundle: b.name,
          ref,
        }
      : {
          rule: 'R25',
          message: `unknown package ${goQuote(b.package)} for bundle ${goQuote(b.name)}`,
          bundle: b.name,
          ref,
        };
  return { phase: 'bundles', index, error };
}

function unknownDeprecationPackage(d: DeclDeprecation, index: number): OrderedError {
  const error: ConvertError =
    d.package === ''
      ? {
          rule: 'R36',
          message: `package name must be set for deprecation item ${index}`,
          ref: refTo(d.origin, d.raw),
        }
      : {
          rule: 'R37',
          message: `cannot apply deprecations to an unknown package ${goQuote(d.package)}`,
          package: d.package,
          ref: refTo(d.origin, d.raw, ['package']),
        };
  return { phase: 'deprecations', index, error };
}
