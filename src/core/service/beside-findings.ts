/**
 * A folder that is a Crossplane package or a Fleet bundle is not an OLM catalog: opm's verdict on
 * it (its YAML read as catalog blobs) would only be false errors. For such a folder the session
 * keeps the format's own findings instead, and the problems list and the summary show those.
 * The readers load only when the folder's paths say it is one (detect.ts decides).
 */
import { detectBeside, type BesideKind } from '../beside/detect';
import type { BesideFinding } from '../beside/beside-view';
import type { CatalogSource } from '../source/types';
import { setMessage } from './diagnostic-views';
import type { DiagnosticView } from './views';

export interface BesideFindings {
  kind: BesideKind;
  findings: readonly BesideFinding[];
  /** The problems list: made once, so the views (and ids) stay the same across edits. */
  views: DiagnosticView[];
}

/**
 * The findings of `source`, a `kind` folder (detect.ts said so from its paths). Loaded with the
 * readers, only for such a folder: an OLM catalog's open pays nothing for it.
 */
export async function findBeside(source: CatalogSource, kind: BesideKind): Promise<BesideFindings> {
  const { besideView } = await import('../beside/beside-view');
  const { diagnostics: findings } = await besideView(kind, source);
  return { kind, findings, views: besideViews(findings) };
}

/** The findings of `source` when its paths say it is a Crossplane package or a Fleet bundle. */
export async function findBesideIn(
  source: CatalogSource,
  paths: readonly string[],
): Promise<BesideFindings | undefined> {
  const kind = detectBeside(paths);
  return kind ? findBeside(source, kind) : undefined;
}

/**
 * The problems list of such a folder: each finding at its file:line (so a click opens the file as
 * for any problem), without package/channel/bundle — those name the format's objects, not an OLM
 * package the app could navigate to.
 */
export function besideViews(findings: readonly BesideFinding[]): DiagnosticView[] {
  return findings.map((f, id) => {
    const v: DiagnosticView = { id, severity: f.severity, source: f.source, rule: f.rule, message: '' };
    setMessage(v, f.message);
    if (f.location) v.location = f.location;
    return v;
  });
}
