/**
 * A bundle folder as the "add bundle" dialog shows it, in one answer: what the folder is, its
 * findings, the olm.bundle blob `opm render` would make of it (with the image given) and the
 * entries proposed for the open catalog. Plain data: it crosses the worker boundary.
 */
import type { EditContext } from '../edit/action';
import type { CatalogSource } from '../source/types';
import { bundleFacts } from './bundle-facts';
import { checkBundle } from './checks';
import type { BundleFinding } from './finding';
import { proposeEntries, type BundleProposal } from './propose-entries';
import { readBundleDir } from './read-bundle';
import { BundleRenderError, renderBundle } from './render';

export interface BundleInspection {
  name: string;
  format: string;
  reason: string;
  passed: boolean;
  findings: BundleFinding[];
  blob?: Record<string, unknown>;
  proposal?: BundleProposal;
  /** Why there is no blob or proposal (no CSV, not a bundle…). */
  error?: string;
}

export async function inspectBundle(
  source: CatalogSource,
  image: string,
  ctx: EditContext,
): Promise<BundleInspection> {
  const dir = await readBundleDir(source);
  const report = checkBundle(dir);
  const out: BundleInspection = {
    name: dir.name,
    format: report.detection.format,
    reason: report.detection.reason,
    passed: report.passed,
    findings: report.findings,
  };
  if (report.detection.format !== 'registry+v1') return { ...out, error: report.detection.reason };
  const facts = bundleFacts(dir);
  if (!facts) return { ...out, error: 'the bundle has no ClusterServiceVersion that decodes' };
  try {
    out.blob = renderBundle(dir, image) as unknown as Record<string, unknown>;
  } catch (e) {
    if (!(e instanceof BundleRenderError)) throw e;
    return { ...out, error: e.message };
  }
  out.proposal = proposeEntries(facts, ctx);
  return out;
}

/** A folder the drop handler should treat as a bundle rather than a catalog to open. */
export function looksLikeBundle(paths: readonly string[]): boolean {
  return (
    paths.some((p) => p.startsWith('manifests/')) &&
    paths.some((p) => /^manifests\/[^/]*\.clusterserviceversion\.(ya?ml|json)$/i.test(p))
  );
}
