/**
 * Discovery on the real repositories of ../shared/corpus/fbc. The expected catalogs and template
 * links were written by reading each repository (its folders, templates and configuration files),
 * not by running discovery. Each catalog validated on its own must give opm's verdict
 * (spec/corpus-verdicts.json) and exactly what loading that folder alone gives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../../src/core/api';
import { NodeFsSource } from '../../../src/cli/node-source';
import {
  checkDiscoveredCatalog,
  checkWorkspace,
  discoverWorkspace,
  fileSubSource,
  subSource,
  type Discovery,
} from '../../../src/core/workspace';
import { canonicalTree } from '../../support/cases-md';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

interface Expected {
  catalogs: [string, string | null][];
  templates: [string, string[]][];
  /** Files that must be listed as "other" (never part of a catalog, never an error). */
  other: string[];
}

const range = <T>(from: number, to: number, f: (n: number) => T): T[] =>
  Array.from({ length: to - from + 1 }, (_, i) => f(from + i));

const EXPECTED: Record<string, Expected> = {
  'openshift-kueue-fbc': {
    catalogs: [...range(18, 23, (n) => `v4.${n}`), 'v5.0'].map((v) => [`${v}/catalog`, v.slice(1)]),
    templates: [...range(18, 23, (n) => `v4.${n}`), 'v5.0'].map((v) => [
      `${v}/catalog-template.yaml`,
      [`${v}/catalog`],
    ]),
    other: ['LICENSE', 'catsrc.yaml'],
  },
  'kubev2v-mtv-fbc': {
    // v4.16 has a template but no catalog checked in.
    catalogs: [14, 15, 17, 18, 19, 20, 21, 22, 23]
      .map((n): [string, string] => [`v4.${n}/catalog`, `4.${n}`])
      .concat([['v5.0/catalog', '5.0']]),
    templates: [
      ...range(15, 23, (n) => `v4.${n}`).map((v): [string, string[]] => [
        `${v}/catalog-template.json`,
        v === 'v4.16' ? [] : [`${v}/catalog`],
      ]),
      ['v5.0/catalog-template.json', ['v5.0/catalog']],
    ],
    other: ['LICENSE'],
  },
  'openshift-trustee-fbc': {
    catalogs: range(15, 22, (n) => `v4.${n}`).map((v) => [`${v}/catalog`, v.slice(1)]),
    templates: [
      // A test template whose one bundle is in no committed catalog's bundle set.
      ['test-fbc/catalog-template.yaml', []],
      ...range(15, 22, (n) => `v4.${n}`).map((v): [string, string[]] => [
        `${v}/catalog-template.yaml`,
        [`${v}/catalog`],
      ]),
    ],
    other: ['LICENSE', 'config.yaml'],
  },
  'trustification-rhtpa-operator-fbc': {
    catalogs: range(18, 22, (n) => `v4.${n}`).map((v) => [`${v}/catalog`, v.slice(1)]),
    // graph.yaml mixes olm.channel blobs with an olm.template.basic document: a template.
    templates: range(18, 22, (n) => `v4.${n}`).map((v) => [`${v}/graph.yaml`, [`${v}/catalog`]]),
    other: ['LICENSE'],
  },
  'stolostron-submariner-operator-fbc': {
    catalogs: range(14, 21, (n) => [`catalog-4-${n}`, `4.${n}`] as [string, string]),
    templates: [['catalog-template.yaml', range(14, 21, (n) => `catalog-4-${n}`)]],
    other: ['LICENSE', 'drop-versions.json'],
  },
  'stolostron-volsync-operator-product-fbc': {
    catalogs: [16, 17, 22, 23].map((n) => [`catalog-4-${n}`, `4.${n}`]),
    templates: [['catalog-template.yaml', [16, 17, 22, 23].map((n) => `catalog-4-${n}`)]],
    other: ['LICENSE', 'supported-versions.json'],
  },
  'stolostron-gatekeeper-operator-fbc': {
    catalogs: [14, 17, 19, 20, 21, 22].map((n) => [`catalog-4-${n}`, `4.${n}`]),
    // drop-versions.yaml: 4.14 and 4.17 use v1, 4.19 v2, 4.20–4.22 v3 (found here from the bundle images).
    templates: [
      ['catalog-template-v1.yaml', ['catalog-4-14', 'catalog-4-17']],
      ['catalog-template-v2.yaml', ['catalog-4-19']],
      ['catalog-template-v3.yaml', ['catalog-4-20', 'catalog-4-21', 'catalog-4-22']],
    ],
    other: ['LICENSE', 'drop-versions.yaml'],
  },
  'project-koku-costmanagement-fbc': {
    // The same bundles before (olm.bundle.object) and after (olm.csv.metadata) migration.
    catalogs: [
      ['catalog', null],
      ['catalog-old', null],
    ],
    templates: [['catalog-template/basic-template.yaml', ['catalog', 'catalog-old']]],
    other: ['LICENSE', 'releases/4.4.2/costmanagement-metrics-operator-fbc-4.4.2.yaml'],
  },
  'community-operators-prod': {
    catalogs: [14, 16, 20, 22].map((n) => [`catalogs/v4.${n}`, `4.${n}`]),
    templates: [],
    other: ['LICENSE'],
  },
  'operator-controller-testdata': {
    catalogs: [
      ['testdata/images/catalogs/test-catalog/v1/configs', null],
      ['testdata/images/catalogs/test-catalog/v2/configs', null],
    ],
    templates: [],
    other: ['LICENSE'],
  },
  'operator-registry-testdata': {
    catalogs: [
      'alpha/action/testdata/foo-index-v0.2.0-declcfg',
      ...['exp-headsonly', 'exp-include-channel', 'exp-include-pkg', 'exp-latest', 'latest', 'old'].map(
        (n) => `alpha/action/testdata/index-declcfgs/${n}`,
      ),
      // bar/ and foo/ hold different packages: one catalog, as the test data is used.
      'alpha/action/testdata/list-index',
      'fbc-dir',
      'test/e2e/testdata/test-configs',
    ].map((p) => [p, null]),
    templates: [],
    // A registry+v1 CSV and CRD: Kubernetes objects, not FBC.
    other: [
      'LICENSE',
      'pkg/lib/encoding/testdata/etcdclusters.etcd.database.coreos.com.crd.yaml',
      'pkg/lib/encoding/testdata/etcdoperator.v0.9.4.clusterserviceversion.yaml',
    ],
  },
  'catalogd-testdata': {
    // Its .indexignore keeps expected_all.json (the expected render) out of the catalog.
    catalogs: [['testdata/catalogs/test-catalog', null]],
    templates: [],
    other: ['testdata/catalogs/test-catalog/expected_all.json'],
  },
  'olm-e2e-testdata': {
    // Every file declares the same package: each is its own catalog.
    catalogs: [
      ...['fbc_catalog.json', 'fbc_initial.yaml', 'fbc_updated.yaml'].map(
        (f) => `test/e2e/testdata/magiccatalog/${f}`,
      ),
      ...[
        'v0.1.0',
        'v0.2.0-deprecations',
        'v0.2.0-invalid-csv',
        'v0.2.0-non-existent-tag',
        'v0.2.0',
        'v0.3.0-deprecations',
        'v0.3.0',
      ].map((v) => `test/e2e/testdata/subscription/example-operator.${v}.yaml`),
    ]
      .sort()
      .map((p) => [p, null]),
    templates: [],
    other: ['LICENSE'],
  },
};

interface Verdict {
  valid: boolean;
  opm_message: string | null;
}

const verdicts: Record<string, Verdict> = hasShared
  ? (
      JSON.parse(readFileSync(sharedPath('spec/corpus-verdicts.json'), 'utf8')) as {
        roots: Record<string, Verdict>;
      }
    ).roots
  : {};
if (!hasShared) console.log(skipReason('workspace discovery on the corpus'));

const discovered = new Map<string, Promise<Discovery>>();
function discover(repo: string): Promise<Discovery> {
  let d = discovered.get(repo);
  if (!d) {
    d = discoverWorkspace(new NodeFsSource(sharedPath('corpus/fbc', repo)));
    discovered.set(repo, d);
  }
  return d;
}

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('discovery on real repositories', () => {
  for (const [repo, expected] of Object.entries(EXPECTED)) {
    describe(repo, () => {
      it('finds exactly the catalogs a maintainer validates, with their OpenShift versions', async () => {
        const d = await discover(repo);
        expect(d.workspace.single).toBe(false);
        expect(d.workspace.catalogs.map((c) => [c.path, c.ocpVersion])).toEqual(expected.catalogs);
      });

      it('links each template to the catalogs it renders', async () => {
        const d = await discover(repo);
        expect(d.workspace.templates.map((t) => [t.path, t.catalogs])).toEqual(expected.templates);
      });

      it('lists LICENSE, CatalogSources and CI files as other, never inside a catalog', async () => {
        const d = await discover(repo);
        for (const p of expected.other) expect(d.workspace.other).toContain(p);
        const inCatalogs = d.workspace.catalogs.flatMap((c) => c.files);
        for (const p of inCatalogs)
          expect(p).not.toMatch(/(^|\/)(LICENSE|catsrc\.yaml|config\.yaml)$|^releases\//);
        expect(d.workspace.strays).toEqual([]);
      });

      it("validates each catalog as opm validates that folder alone: opm's verdict, same findings", async () => {
        const d = await discover(repo);
        const base = sharedPath('corpus/fbc', repo);
        for (const c of d.catalogs) {
          const { result } = checkDiscoveredCatalog(d, c);
          const verdict = verdicts[`corpus/fbc/${repo}/${c.path}`];
          if (verdict) {
            expect(result.passed, c.path).toBe(verdict.valid);
            if (!verdict.valid)
              expect(canonicalTree(result.opmMessage ?? '')).toBe(canonicalTree(verdict.opm_message ?? ''));
          }
          const parent = new NodeFsSource(base);
          const alone = await checkCatalog(
            c.isFile ? fileSubSource(parent, c.path) : subSource(parent, c.path),
          );
          expect(result.opmMessage, c.path).toBe(alone.result.opmMessage);
          expect(result.diagnostics, c.path).toEqual(alone.result.diagnostics);
        }
      });
    });
  }

  it('openshift-kueue-fbc: zero errors (the whole tree as one catalog gave 56 false ones)', async () => {
    const d = await discover('openshift-kueue-fbc');
    const errors = d.catalogs.flatMap((c) =>
      checkDiscoveredCatalog(d, c).result.diagnostics.filter((x) => x.severity === 'error'),
    );
    expect(errors).toEqual([]);
    const whole = await checkCatalog(new NodeFsSource(sharedPath('corpus/fbc/openshift-kueue-fbc')));
    expect(whole.result.diagnostics.filter((x) => x.severity === 'error').length).toBeGreaterThan(0);
  });

  it('bundle folders of the corpus (registry+v1 CSVs, CRDs, annotations; no FBC) are no catalog, no finding', async () => {
    for (const pkg of ['etcd', 'prometheus', 'kuadrant-operator', 'self-node-remediation']) {
      const d = await discoverWorkspace(new NodeFsSource(sharedPath(`corpus/bundles/${pkg}`)));
      expect(d.workspace.catalogs, pkg).toEqual([]);
      expect(d.workspace.other.length, pkg).toBeGreaterThan(4);
      expect(checkWorkspace(d).findings, pkg).toEqual([]);
    }
  });

  it('a catalog folder of the corpus opened directly is one catalog, as before', async () => {
    const dir = sharedPath('corpus/fbc/openshift-kueue-fbc/v4.18/catalog');
    const d = await discoverWorkspace(new NodeFsSource(dir));
    expect(d.workspace.single).toBe(true);
    expect(d.workspace.catalogs.map((c) => c.path)).toEqual(['.']);
    const today = await checkCatalog(new NodeFsSource(dir));
    expect(checkDiscoveredCatalog(d, d.catalogs[0]!).result.diagnostics).toEqual(today.result.diagnostics);
  });
});
