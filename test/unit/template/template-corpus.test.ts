/**
 * Every template in the corpus whose bundles resolve from the repository's catalogs, rendered
 * offline and compared with the catalog committed for it. Where the repository has drifted from its
 * template, the exact drift is asserted (EXPECTED_DRIFT, explained there). A committed file that
 * opm's writer reproduces from its own blobs was written by opm: the render must then be
 * byte-identical to it.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/core/load';
import type { DeclarativeConfig } from '../../../src/core/declcfg/types';
import {
  CatalogBundleResolver,
  compareWithCommitted,
  describeDrift,
  goBlobs,
  renderTemplate,
  writeRendered,
} from '../../../src/core/template';
import { NodeFsSource } from '../../../src/cli/node-source';
import { hasShared, skipReason } from '../../support/shared';
import { migrateChoice } from '../../../src/core/workspace/migrate-choice';
import { ocpVersionOf } from '../../../src/core/workspace/ocp-version';
import { templatePairs, type TemplatePair } from './template-corpus-pairs';

const KUEUE_ICON = 'icon unknown offline';

/**
 * Observed drift. trustee: the templates carry an empty icon that the committed catalogs fill in
 * (a post-render step outside opm). kueue, clusterpulse, konflux v4.22, openshift-integration: the
 * committed channels were rendered by an older opm whose semver edges differed (no `replaces` across
 * minor streams). semver packages whose head bundle keeps only olm.csv.metadata: the icon opm copies
 * from the CSV is unknown offline (the render says so) unless another catalog keeps the same digest
 * as olm.bundle.object (kairos: its icon is read from there, so it is in sync). apicurio v4.22, konflux v4.22: the template
 * gained a bundle the committed catalog does not have yet. ecr-secret: the committed channel was
 * edited after rendering.
 */
const EXPECTED_DRIFT: Record<string, string[]> = {
  ...Object.fromEntries(
    ['v4.16', 'v4.17', 'v4.18', 'v4.19', 'v4.20', 'v4.21', 'v4.22'].map((v) => [
      `openshift-trustee-fbc ${v}`,
      ['changed olm.package trustee-operator'],
    ]),
  ),
  'openshift-kueue-fbc v4.18': kueue('0.2', '1.1', '1.2', '1.3', '1.4'),
  'openshift-kueue-fbc v4.19': kueue('0.2', '1.1', '1.2', '1.3', '1.4'),
  'openshift-kueue-fbc v4.20': kueue('1.2', '1.3', '1.4'),
  'openshift-kueue-fbc v4.21': kueue('1.3', '1.4'),
  'openshift-kueue-fbc v4.22': kueue('1.4'),
  'openshift-kueue-fbc v4.23': kueue(),
  'openshift-kueue-fbc v5.0': kueue('1.4'),
  'community-operators-prod v4.22/apicurio-registry-3 (v4.21.yaml)': [
    'changed olm.channel apicurio-registry-3 3.3.x',
    'changed olm.channel apicurio-registry-3 3.x',
    'not committed olm.bundle apicurio-registry-3 apicurio-registry-3.v3.3.1',
  ],
  'community-operators-prod v4.20/clusterpulse (semver.yaml)': [
    'changed olm.package clusterpulse',
    'changed olm.channel clusterpulse fast-v0',
  ],
  'community-operators-prod v4.22/clusterpulse (semver.yaml)': [
    'changed olm.package clusterpulse',
    'changed olm.channel clusterpulse fast-v0',
  ],
  'community-operators-prod v4.20/dotvirt-operator (semver.yaml)': ['changed olm.package dotvirt-operator'],
  'community-operators-prod v4.22/dotvirt-operator (semver.yaml)': ['changed olm.package dotvirt-operator'],
  'community-operators-prod v4.16/ecr-secret-operator (basic.yaml)': [
    'changed olm.channel ecr-secret-operator alpha',
  ],
  'community-operators-prod v4.20/ecr-secret-operator (basic.yaml)': [
    'changed olm.channel ecr-secret-operator alpha',
  ],
  'community-operators-prod v4.22/ecr-secret-operator (basic.yaml)': [
    'changed olm.channel ecr-secret-operator alpha',
  ],
  'community-operators-prod v4.20/konflux (semver.yaml)': ['changed olm.package konflux-operator'],
  'community-operators-prod v4.22/konflux (semver.yaml)': [
    'changed olm.package konflux-operator',
    ...['candidate-v0.1', 'candidate-v0.2', 'stable-v0.0', 'stable-v0.1', 'stable-v0.2'].map(
      (c) => `changed olm.channel konflux-operator ${c}`,
    ),
    'not committed olm.bundle konflux-operator konflux-operator.v0.2.2-rc.10',
  ],
  'community-operators-prod v4.20/kubevirt-wol (semver.yaml)': ['changed olm.package kubevirt-wol'],
  'community-operators-prod v4.20/openshift-integration-operator (semver.yaml)': [
    'changed olm.package openshift-integration-operator',
    'changed olm.channel openshift-integration-operator candidate-v0',
  ],
  'community-operators-prod v4.22/openshift-integration-operator (semver.yaml)': [
    'changed olm.package openshift-integration-operator',
    'changed olm.channel openshift-integration-operator candidate-v0',
  ],
};

function kueue(...minors: string[]): string[] {
  return [
    'changed olm.package kueue-operator',
    ...minors.map((m) => `changed olm.channel kueue-operator stable-v${m}`),
  ];
}

/** Templates opm cannot render as committed, with opm's message. */
const EXPECTED_FAILURE: Record<string, string> = Object.fromEntries(
  ['v4.18', 'v4.19', 'v4.20', 'v4.21', 'v4.22'].map((v) => [
    // graph.yaml starts with channel documents and holds the template third: opm reads only the first.
    `trustification-rhtpa-operator-fbc ${v}`,
    'auto-detecting template type: unknown template schema: olm.channel',
  ]),
);

/** Templates naming images that no catalog of the repository holds (no oracle offline). */
const EXPECTED_UNRESOLVED: Record<string, number> = {
  'openshift-trustee-fbc v4.15': 1,
  'community-operators-prod v4.20/kubernaut-operator (semver.yaml)': 7,
  'community-operators-prod v4.22/kubernaut-operator (semver.yaml)': 7,
};

const cache = new Map<string, Promise<DeclarativeConfig>>();
function catalog(dir: string): Promise<DeclarativeConfig> {
  let p = cache.get(dir);
  if (!p)
    cache.set(dir, (p = loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' }).then((l) => l.dc)));
  return p;
}

const pairs: TemplatePair[] = hasShared ? templatePairs() : [];
if (!hasShared) console.log(skipReason('templates from the corpus'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('corpus templates render to their committed catalogs', () => {
  it('finds the template/catalog pairs', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(100);
  });

  for (const p of pairs) {
    describe(p.label, () => {
      let resolver: CatalogBundleResolver;
      beforeAll(async () => {
        resolver = new CatalogBundleResolver(
          await Promise.all(p.catalogDirs.map(async (d) => ({ name: d, dc: await catalog(d) }))),
        );
      });

      it('renders as opm would, up to the recorded drift', async () => {
        // At the migrate level the committed catalog was rendered at (the form it keeps its bundles in).
        const committedDc = await catalog(dirname(p.catalog));
        const choice = migrateChoice({ dc: committedDc, ocpVersion: ocpVersionOf(p.catalog) });
        const r = renderTemplate(p.template, readFileSync(p.template, 'utf8'), resolver, {
          migrateLevel: choice.forImage,
        });
        if (EXPECTED_FAILURE[p.label] !== undefined) {
          expect(r.opmMessage).toBe(EXPECTED_FAILURE[p.label]);
          return;
        }
        if (EXPECTED_UNRESOLVED[p.label] !== undefined) {
          expect(r.ok).toBe(false);
          expect(r.unresolved).toHaveLength(EXPECTED_UNRESOLVED[p.label] as number);
          for (const u of r.unresolved) {
            expect(u.message).toBe(
              `unresolved image ${u.image} (needed by template ${p.template} line ${u.location.start.line})`,
            );
            expect(readFileSync(p.template, 'utf8').split('\n')[u.location.start.line - 1]).toContain(
              u.image,
            );
          }
          return;
        }
        expect(r.opmMessage).toBeUndefined();
        expect(r.ok).toBe(true);
        const committed = committedDc;
        const text = readFileSync(p.catalog, 'utf8');
        const format = p.catalog.endsWith('.json') ? 'json' : 'yaml';
        const rendered = writeRendered(r.blobs, format);
        const d = compareWithCommitted(
          r.blobs,
          { dc: committed, file: basename(p.catalog), text },
          { mappings: r.mappings, renderedText: rendered },
        );
        const expected = EXPECTED_DRIFT[p.label] ?? [];
        expect(describeDrift(d)).toEqual(expected);
        if (expected.some((l) => l.startsWith('changed olm.package')) && r.schema === 'olm.semver') {
          // Only when the head's CSV is not in the catalog; the render says so.
          expect(r.incomplete?.join(' ')).toContain(KUEUE_ICON);
        }
        // opm wrote the committed file exactly when its writer reproduces the file from its own blobs.
        const writtenByOpm = writeRendered(goBlobs(committed), format) === text;
        if (d.blobEqual && writtenByOpm) expect(rendered).toBe(text);
        if (!d.blobEqual) expect(d.diff).toMatch(/^Index: |^={5,}|^---/m);
      });
    });
  }
});
