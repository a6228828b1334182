/**
 * The konflux pack: what Konflux's validate-fbc (0.3) checks on a fragment that can be checked on its
 * folder offline, with the task's verdict and words (catalogue group `policy-konflux`). The task
 * counts properties where it means bundles; its verdict is kept, and a bundle its count misses gets
 * our `konflux-metadata-hidden` warning beside it.
 */
import type { DeclBundle } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import type { RuleIds } from '../rules';
import { ocpParts, wantsCsvMetadata } from './ocp-version';
import type { PolicyCatalog } from './types';

type KonfluxRule = RuleIds<
  | 'konflux-package-dirs'
  | 'konflux-opm-validate'
  | 'konflux-no-package'
  | 'konflux-bundle-object-refused'
  | 'konflux-csv-metadata-refused'
  | 'konflux-csv-metadata-missing'
  | 'konflux-bundle-object-missing'
  | 'konflux-metadata-hidden'
  | 'konflux-not-digest-pinned'
  | 'konflux-untrusted-registry'
  | 'konflux-ocp-version-unknown'
>;

const DIGEST_PINNED = /@sha256:[a-fA-F0-9]{64}$/;
const TRUSTED_REGISTRY = /^registry\.(stage\.)?redhat\.io\//;
const BUNDLE_OBJECT = 'olm.bundle.object';
const CSV_METADATA = 'olm.csv.metadata';

function finding(
  rule: KonfluxRule,
  message: string,
  where: Partial<Pick<Diagnostic, 'package' | 'bundle' | 'ref' | 'severity'>> = {},
): Diagnostic {
  return { severity: 'error', source: 'konflux', rule, message, ...where };
}

function count(b: DeclBundle, type: string): number {
  let n = 0;
  for (const p of b.properties) if (p.type === type) n++;
  return n;
}

function bundleAt(b: DeclBundle, path: (string | number)[]): Partial<Diagnostic> {
  return { package: b.package, bundle: b.name, ref: { origin: b.origin, path } };
}

/** The catalog's paths relative to itself. */
function relativeFiles(c: PolicyCatalog): string[] {
  if (c.path === '.' || c.path === '') return c.files;
  return c.files.map((f) => (f.startsWith(`${c.path}/`) ? f.slice(c.path.length + 1) : f));
}

/** `find <configs> -mindepth 1 -maxdepth 1 -type d` must find one: the folder as copied to /configs. */
function packageDirs(c: PolicyCatalog): Diagnostic[] {
  // A catalog that is one file is placed by its Containerfile, which FBC Studio does not see.
  if (c.isFile) return [];
  if (relativeFiles(c).some((f) => f.includes('/'))) return [];
  // A folder named for its package is itself the package directory (catalog/v4.17/<package>/):
  // the Containerfile copies its parent to /configs.
  const base = c.path.slice(c.path.lastIndexOf('/') + 1);
  if (c.dc.packages.some((p) => p.name === base)) return [];
  return [
    finding(
      'konflux-package-dirs',
      `No package subdirectories found inside '${c.path}'. At least one is required.`,
    ),
  ];
}

function metadataForm(c: PolicyCatalog, version: [number, number], level: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const [major, minor] = version;
  const csv = level >= 3 ? wantsCsvMetadata(version) : major >= 4 && minor >= 17;
  const refused = csv ? BUNDLE_OBJECT : CSV_METADATA;
  const wanted = csv ? CSV_METADATA : BUNDLE_OBJECT;
  const text = csv
    ? `olm.bundle.object bundle properties are not permitted in a FBC fragment for OCP version ${major}.${minor}. Fragments must move to olm.csv.metadata bundle metadata.`
    : `olm.csv.metadata bundle properties are not permitted in a FBC fragment for OCP version ${major}.${minor}. Fragments must only use olm.bundle.object bundle metadata.`;
  let wantedProps = 0;
  for (const b of c.dc.bundles) {
    wantedProps += count(b, wanted);
    const i = b.properties.findIndex((p) => p.type === refused);
    if (i >= 0) {
      const rule = csv ? 'konflux-bundle-object-refused' : 'konflux-csv-metadata-refused';
      out.push(finding(rule, text, bundleAt(b, ['properties', i])));
    }
  }
  const bundles = c.dc.bundles.length;
  const lacking = c.dc.bundles.filter((b) => count(b, wanted) === 0);
  // The task's verdict: csv.metadata counts must equal the bundles; bundle.object counts may exceed them.
  const failed = csv ? wantedProps !== bundles : wantedProps < bundles;
  if (failed) {
    const first = lacking[0] ?? c.dc.bundles.find((b) => count(b, wanted) > 1);
    out.push(
      csv
        ? finding(
            'konflux-csv-metadata-missing',
            'every olm.bundle object in the fragment must have a corresponding olm.csv.metadata bundle property',
            first && bundleAt(first, ['properties']),
          )
        : finding(
            'konflux-bundle-object-missing',
            'every olm.bundle object in the fragment must have at least one olm.bundle.object bundle property',
            first && bundleAt(first, ['properties']),
          ),
    );
  }
  // What the count hides: every bundle lacking the form, beyond the one the failure points at.
  for (const b of failed ? lacking.slice(1) : lacking) {
    out.push(
      finding('konflux-metadata-hidden', `bundle ${b.name} has no ${wanted} property`, {
        ...bundleAt(b, ['properties']),
        severity: 'warning',
      }),
    );
  }
  return out;
}

function images(c: PolicyCatalog): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const b of c.dc.bundles) {
    if (!b.image) continue;
    if (!DIGEST_PINNED.test(b.image))
      out.push(
        finding(
          'konflux-not-digest-pinned',
          `The following olm.bundle image references are not digest-pinned: ${b.image}`,
          bundleAt(b, ['image']),
        ),
      );
    if (!TRUSTED_REGISTRY.test(b.image))
      out.push(
        finding(
          'konflux-untrusted-registry',
          `The following olm.bundle image references are not from registry.redhat.io or registry.stage.redhat.io: ${b.image}`,
          bundleAt(b, ['image']),
        ),
      );
  }
  return out;
}

export interface KonfluxOptions {
  /**
   * The validate-fbc version the repository's pipelines run (`task-validate-fbc:0.N`); default the
   * newest, 0.3. Before 0.3 there is no image check, and the csv.metadata threshold compares major and
   * minor apart (`major >= 4 && minor >= 17`), so 5.0 still wants olm.bundle.object.
   */
  task?: string;
}

/** The task version as a number to compare (0.3 → 3); unknown forms count as the newest. */
function taskLevel(task: string | undefined): number {
  const m = task ? /^0\.([0-9]+)$/.exec(task) : null;
  return m ? Number(m[1]) : 3;
}

/** The konflux pack on one catalog (pruning against a released index is pruning.ts). */
export function checkKonflux(c: PolicyCatalog, opts: KonfluxOptions = {}): Diagnostic[] {
  const level = taskLevel(opts.task);
  const out = packageDirs(c);
  if (!c.opmPassed) out.push(finding('konflux-opm-validate', 'opm validate check failed.'));
  if (c.dc.packages.length === 0)
    out.push(finding('konflux-no-package', 'There are no olm package entries defined in this FBC fragment.'));
  const version = c.ocpVersion === null ? null : ocpParts(c.ocpVersion);
  if (version) out.push(...metadataForm(c, version, level));
  else
    out.push(
      finding(
        'konflux-ocp-version-unknown',
        `unable to assess bundle metadata alignment with OCP version: no OpenShift version for ${c.path} (pass --ocp-version)`,
        { severity: 'warning' },
      ),
    );
  if (level >= 3) out.push(...images(c));
  return out;
}
