/** The bundle panel's OLM v1 answers for a bundle of the open catalog: eligibility, lifecycle, a ClusterExtension. */
import type { DeclarativeConfig } from '../declcfg/types';
import { lifecyclesOf } from '../lifecycle/check';
import { lifecycleVersionFor, type LifecycleVersion } from '../lifecycle/schema';
import { packageVersionText } from './bundle-version';
import { bundleEligibility, type Eligibility } from './eligibility';
import { generateClusterExtension } from './generate';

export interface BundleOlmV1 {
  eligibility: Eligibility;
  /** The package's lifecycle entry covering this bundle's MAJOR.MINOR, if the catalog has one. */
  lifecycle: LifecycleVersion | null;
  /** A ClusterExtension pinned to this bundle, in the chosen channel. */
  clusterExtension: string;
}

/** `channel`: the channel the user is looking at, when it holds the bundle; else the first that does. */
export function bundleOlmV1(
  dc: DeclarativeConfig,
  pkg: string,
  name: string,
  channel?: string,
): BundleOlmV1 | null {
  const b = dc.bundles.find((x) => x.package === pkg && x.name === name);
  if (!b) return null;
  const l = lifecyclesOf(dc).get(pkg)?.lifecycle;
  const version = packageVersionText(b);
  const holding = dc.channels.filter((c) => c.package === pkg && c.entries.some((e) => e.name === name));
  const chosen = holding.find((c) => c.name === channel)?.name ?? holding[0]?.name;
  return {
    eligibility: bundleEligibility(b),
    lifecycle: (l && version && lifecycleVersionFor(l, version)) || null,
    clusterExtension: generateClusterExtension({
      packageName: pkg,
      ...(chosen ? { channel: chosen } : {}),
      ...(version ? { version } : {}),
    }),
  };
}
