/**
 * The community repository's test waivers, honoured as its pipeline honours them: config.yaml's
 * `tests:` entries (`name`: a static check's function name, `ignore_operators`: regular expressions
 * matched at the start of the operator's name, Python's re.match) become `tests/skip/<name>` labels on
 * the pull request (operatorcert/entrypoints/apply_test_waivers.py), and static-tests skips those
 * checks. A waived finding stays listed, marked accepted by config.yaml — as an `accepted:` entry of
 * .fbc-studio.yaml marks ours — and fails nothing. The pull-request-shape rules and opm validate are
 * not static tests: nothing waives them.
 */
import type { Diagnostic } from '../diagnostics';
import type { RuleId } from '../rules';

/** The static check each rule reports, by its function name (what a waiver names). */
const CHECK_OF: Partial<Record<RuleId, string>> = {
  'community-bundle-registry': 'check_bundle_images_in_fbc',
  'community-bundle-object': 'check_olm_bundle_object_in_fbc',
  'community-ci-schema': 'check_schema_operator_ci_config',
  'community-ci-catalog-mapping': 'check_catalog_usage_ci_config',
  'community-release-config-schema': 'check_validate_schema_bundle_release_config',
  'community-release-config-fbc': 'check_bundle_release_config',
  'community-release-config-template': 'check_bundle_release_config',
  'community-release-config-semver-channels': 'check_bundle_release_config',
};

export interface Waiver {
  name: string;
  ignoreOperators: string[];
}

/** config.yaml's `tests:` list, as the pipeline reads it (entries without a name waive nothing). */
export function readWaivers(config: unknown): Waiver[] {
  const tests = (config as { tests?: unknown } | null)?.tests;
  if (!Array.isArray(tests)) return [];
  return tests.flatMap((t) => {
    const name = (t as { name?: unknown } | null)?.name;
    const ignore = (t as { ignore_operators?: unknown } | null)?.ignore_operators;
    if (typeof name !== 'string') return [];
    return [{ name, ignoreOperators: Array.isArray(ignore) ? ignore.map(String) : [] }];
  });
}

/** re.match: the pattern anchored at the start, not the end. A pattern JS cannot read waives nothing. */
function matchesAtStart(pattern: string, text: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})`).test(text);
  } catch {
    return false;
  }
}

/** The findings with those of a waived check for their operator marked accepted. */
export function applyWaivers(findings: readonly Diagnostic[], waivers: readonly Waiver[]): Diagnostic[] {
  if (waivers.length === 0) return [...findings];
  return findings.map((d) => {
    const check = CHECK_OF[d.rule];
    const operator = d.package;
    if (!check || operator === undefined || d.accepted) return d;
    const w = waivers.find(
      (x) => x.name === check && x.ignoreOperators.some((p) => matchesAtStart(p, operator)),
    );
    if (!w) return d;
    return {
      ...d,
      accepted: {
        reason: `waived: config.yaml tests ${check} ignores operator ${operator}`,
        by: 'config.yaml',
      },
    };
  });
}
