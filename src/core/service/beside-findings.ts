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
}

/** The format's findings when `source` is a Crossplane package or a Fleet bundle; else undefined. */
export async function findBeside(source: CatalogSource): Promise<BesideFindings | undefined> {
  const kind = detectBeside((await source.list()).map((f) => f.path));
  if (!kind) return undefined;
  const { besideView } = await import('../beside/beside-view');
  const view = await besideView(kind, source);
  return { kind, findings: view.diagnostics };
}

/**
 * The problems list of such a folder: each finding at its file:line (so a click opens the file as
 * for any problem), without package/channel/bundle — those name the format's objects, not an OLM
 * package the app could navigate to.
 */
export function besideViews(b: BesideFindings): DiagnosticView[] {
  return b.findings.map((f, id) => {
    const v: DiagnosticView = { id, severity: f.severity, source: f.source, rule: f.rule, message: '' };
    setMessage(v, f.message);
    if (f.location) v.location = f.location;
    return v;
  });
}
