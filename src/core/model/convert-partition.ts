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
 * Groups the blobs by package and raises the checks that look across packages. Plain loops without
 * per-blob closures: this runs over every blob on each re-validation.
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
  for (let index = 0; index < dc.channels.length; index++) {
    const c = dc.channels[index] as DeclChannel;
    const g = byName.get(c.package);
    if (g !== undefined) {
      g.channels.push(c);
      g.channelIndices.push(index);
      continue;
    }
    const message = `unknown package ${goQuote(c.package)} for channel ${goQuote(c.name)}`;
    const ref = refTo(c.origin, c.raw, ['package']);
    errors.push({ phase: 'channels', index, error: { rule: 'R20', message, channel: c.name, ref } });
  }
  for (let index = 0; index < dc.bundles.length; index++) {
    const b = dc.bundles[index] as DeclBundle;
    const g = b.package === '' ? undefined : byName.get(b.package);
    if (g !== undefined) {
      g.bundles.push(b);
      g.bundleIndices.push(index);
      continue;
    }
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
    errors.push({ phase: 'bundles', index, error });
  }
  for (let index = 0; index < dc.deprecations.length; index++) {
    const d = dc.deprecations[index] as DeclDeprecation;
    const g = d.package === '' ? undefined : byName.get(d.package);
    if (g !== undefined) {
      g.deprecations.push(d);
      g.deprecationIndices.push(index);
      continue;
    }
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
    errors.push({ phase: 'deprecations', index, error });
  }
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
