import type { DeclBundle } from '../declcfg/types';
import { parseBundleProperties } from '../model/properties';
import { goQuote, parseVersion, SemverError, type Version } from '../semver';

/**
 * render-graph's version map (write.go `getBundleVersions`): bundle name → version of the first
 * bundle blob with that name, in load order and across all packages. Any bundle it reads that has
 * unparsable properties, not exactly one olm.package, or a bad version stops the whole command.
 * A later blob with an already-seen name is not read at all.
 */
export function bundleVersions(bundles: readonly DeclBundle[]): Map<string, Version> {
  const out = new Map<string, Version>();
  for (const b of bundles) {
    if (out.has(b.name)) continue;
    const props = parseBundleProperties(b.properties);
    if (props.error)
      throw new Error(`parse properties for bundle ${goQuote(b.name)}: ${props.error.message}`);
    if (props.packages.length !== 1) {
      // Also printed when there is none at all.
      throw new Error(`bundle ${goQuote(b.name)} has multiple "olm.package" properties, expected exactly 1`);
    }
    const raw = props.packages[0]?.version ?? '';
    try {
      out.set(b.name, parseVersion(raw));
    } catch (e) {
      if (!(e instanceof SemverError)) throw e;
      throw new Error(`bundle ${goQuote(b.name)} has invalid version ${goQuote(raw)}: ${e.message}`, {
        cause: e,
      });
    }
  }
  return out;
}
