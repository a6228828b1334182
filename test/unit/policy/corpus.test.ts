/**
 * The packs on repositories that passed their pipelines (../shared/corpus): community-operators-prod's
 * catalogs pass the community pack, and the Konflux-built repositories pass the konflux pack with no
 * error, except where the pipeline fails too — kubev2v-mtv-fbc's v4.23 and v5.0 catalogs, which opm
 * itself rejects (R54, an empty channel), so validate-fbc's `opm validate` step fails them.
 * Warnings (a catalog no path or Containerfile dates) are allowed: they fail nothing.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('policy packs on the corpus'));

const KONFLUX = [
  'kubev2v-mtv-fbc',
  'stolostron-volsync-operator-product-fbc',
  'stolostron-submariner-operator-fbc',
  'stolostron-gatekeeper-operator-fbc',
  'project-koku-costmanagement-fbc',
  'openshift-trustee-fbc',
  'trustification-rhtpa-operator-fbc',
  'openshift-kueue-fbc',
  'openshift-file-integrity-operator-fbc',
  'securesign-fbc',
  'netobserv-netobserv-catalog',
  'rhdhorchestrator-orchestrator-fbc',
];

/** Errors the pipeline raises too, by repository: [rule, catalog file]. */
const PIPELINE_FAILS_TOO: Record<string, string[]> = {
  'kubev2v-mtv-fbc': [
    'konflux-opm-validate v4.23/catalog/mtv-operator/catalog.json',
    'konflux-opm-validate v5.0/catalog/mtv-operator/catalog.json',
  ],
};

async function packErrors(dir: string, pack: string): Promise<string[]> {
  let out = '';
  await main(['validate', dir, '-o', 'json', '--policy', pack], { out: (s) => (out += s), err: () => {} });
  const report = JSON.parse(out) as {
    policy: { pack: string; findings: { severity: string; rule: string; location?: { file: string } }[] };
  };
  expect(report.policy.pack).toBe(pack);
  return report.policy.findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.rule} ${f.location?.file ?? '-'}`);
}

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('policy packs on the corpus', () => {
  it('community-operators-prod passes the community pack', async () => {
    expect(await packErrors(sharedPath('corpus/fbc/community-operators-prod'), 'community')).toEqual([]);
  }, 120_000);

  it.each(['templates/community-operators-prod', 'bundles'])(
    '%s: every ci.yaml and release-config.yaml passes the community pack',
    async (dir) => {
      let out = '';
      await main(['workspace', sharedPath('corpus', dir), '-o', 'json', '--policy', 'community'], {
        out: (s) => (out += s),
        err: () => {},
      });
      const report = JSON.parse(out) as { other: string[]; policy: { findings: { rule: string }[] } };
      // The operators' files are there to be judged, and none fails.
      expect(report.other.filter((p) => p.endsWith('/ci.yaml')).length).toBeGreaterThan(5);
      expect(report.policy.findings).toEqual([]);
    },
    120_000,
  );

  it.each(KONFLUX)(
    '%s passes the konflux pack (or fails only where the pipeline does)',
    async (repo) => {
      expect(await packErrors(sharedPath('corpus/fbc', repo), 'konflux')).toEqual(
        PIPELINE_FAILS_TOO[repo] ?? [],
      );
    },
    120_000,
  );
});
