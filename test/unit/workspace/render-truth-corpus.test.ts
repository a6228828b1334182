/**
 * `workspace` on real repositories whose catalogs hold one template rendered at two migrate levels
 * (../shared/corpus/fbc, SOURCES.md notes (a)/(c)): no drift where the committed catalog is the
 * render. Every drift finding left is listed here with why it is real.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('workspace render truth on corpus repositories'));

interface Finding {
  rule: string;
  message: string;
  location?: { file: string };
}

async function findings(repo: string, rules: readonly string[]): Promise<string[]> {
  let out = '';
  const code = await main(['workspace', sharedPath(`corpus/fbc/${repo}`), '-o', 'json'], {
    out: (s) => (out += s),
    err: () => {},
  });
  expect(code).toBe(0);
  return (JSON.parse(out) as { findings: Finding[] }).findings
    .filter((f) => rules.includes(f.rule))
    .map((f) => `${f.rule} ${f.location?.file ?? ''}: ${f.message}`);
}

const JUDGED = ['template-drift', 'image-content-disagrees'];

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('workspace judges each catalog as its own pipeline renders it (corpus)', () => {
  it.each([
    'openshift-file-integrity-operator-fbc',
    'securesign-fbc',
    'rhdhorchestrator-orchestrator-fbc',
    'netobserv-netobserv-catalog@03a4d5c',
  ])('%s: no drift and no disagreement (bundle.object up to 4.16, csv.metadata after)', async (repo) => {
    expect(await findings(repo, JUDGED)).toEqual([]);
  });

  // stolostron prunes its template per OpenShift version by drop-versions.json / .yaml before opm renders it.
  it.each(['stolostron-submariner-operator-fbc', 'stolostron-gatekeeper-operator-fbc'])(
    '%s: no drift (each catalog is its template pruned as drop-versions says)',
    async (repo) => {
      expect(await findings(repo, JUDGED)).toEqual([]);
    },
  );

  // opm v1.37.0–v1.60.x linked each semver channel on its own, and kueue's catalogs are exactly
  // that render: no drift, and a note of what a current opm (v1.61.0+) would change.
  it('openshift-kueue-fbc: no drift; the edges a current opm would add are said', async () => {
    const edges: Record<string, string> = {
      '4.18':
        'stable-v0.2: kueue-operator.v0.2.1 replaces none → kueue-operator.v0.1.0; stable-v1.1: kueue-operator.v1.1.0 replaces none → kueue-operator.v1.0.1; stable-v1.1: kueue-operator.v1.1.0 skips none → kueue-operator.v1.0.0 (+6 more)',
      '4.20':
        'stable-v1.2: kueue-operator.v1.2.0 replaces none → kueue-operator.v1.1.0; stable-v1.3: kueue-operator.v1.3.1 replaces none → kueue-operator.v1.2.0; stable-v1.3: kueue-operator.v1.3.1 skips kueue-operator.v1.3.0 → kueue-operator.v1.1.0, kueue-operator.v1.3.0 (+2 more)',
      '4.21':
        'stable-v1.3: kueue-operator.v1.3.1 replaces none → kueue-operator.v1.2.0; stable-v1.4: kueue-operator.v1.4.1 replaces none → kueue-operator.v1.3.1; stable-v1.4: kueue-operator.v1.4.1 skips kueue-operator.v1.4.0 → kueue-operator.v1.2.0, kueue-operator.v1.3.0, kueue-operator.v1.4.0',
      '4.22': 'stable-v1.4: kueue-operator.v1.4.1 replaces none → kueue-operator.v1.3.1',
    };
    edges['4.19'] = edges['4.18'] as string;
    edges['5.0'] = edges['4.22'] as string;
    expect(await findings('openshift-kueue-fbc', JUDGED)).toEqual([]);
    expect(await findings('openshift-kueue-fbc', ['semver-linking-changed'])).toEqual(
      ['4.18', '4.19', '4.20', '4.21', '4.22', '5.0'].map(
        (v) =>
          `semver-linking-changed v${v}/catalog-template.yaml: v${v}/catalog has the channel edges v${v}/catalog-template.yaml ` +
          'renders with opm v1.37.0 to v1.60.x, which linked each semver channel on its own; opm v1.61.0 and later ' +
          `link the Y-streams of a major version across channels, so rendering with a current opm would change: ${edges[v]}. ` +
          "Pin the pipeline's opm, or render with a current one and review the new edges",
      ),
    );
  });

  // Its render.sh writes icon.png into each template before opm renders it and empties it after.
  it('openshift-trustee-fbc: no drift (the catalogs have the icon the templates leave empty for the pipeline)', async () => {
    expect(await findings('openshift-trustee-fbc', JUDGED)).toEqual([]);
  });

  it('trustification-rhtpa-operator-fbc: one image, two contents (the CRD group and install modes differ)', async () => {
    expect(await findings('trustification-rhtpa-operator-fbc', JUDGED)).toEqual([
      'image-content-disagrees v4.18/catalog/rhtpa-operator/catalog.json: v4.18/catalog and v4.19/catalog disagree about image ' +
        'registry.redhat.io/rhtpa/rhtpa-operator-bundle@sha256:18d93fc5146044745ed3b1ff02cfaf03acc10d69a786345591cd31a68bb21e79: ' +
        'olm.csv.metadata differ',
    ]);
  });
});
