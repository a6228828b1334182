/**
 * A repository opened in the service: one catalog per OpenShift version, each exactly what
 * `opm validate` of its root says, the newest current; the package across versions as a matrix.
 */
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { looksLikeRepository, openRepository, versionsMatrix } from '../../../src/core/repository';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { subSource } from '../../../src/core/workspace/sub-source';
import { demoTree } from '../service/demo-files';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('repositories in the service'));

const KUEUE_VERSIONS = ['4.18', '4.19', '4.20', '4.21', '4.22', '4.23', '5.0'];

describe('looksLikeRepository', () => {
  it('is false for one catalog and true for catalogs of several OpenShift versions', () => {
    expect(looksLikeRepository(Object.keys(demoTree()))).toBe(false);
    expect(looksLikeRepository(['v4.18/catalog/op/catalog.json', 'LICENSE'])).toBe(false);
    expect(looksLikeRepository(['v4.18/catalog/op/catalog.json', 'v4.19/catalog/op/catalog.json'])).toBe(
      true,
    );
    expect(looksLikeRepository(['catalog/v4.20/c.yaml', 'catalog-4-16/c.yaml'])).toBe(true);
    // Bundle versions in file names are not OpenShift versions.
    expect(looksLikeRepository(['op/v1.2.0/catalog.yaml', 'op/v1.3.0/catalog.yaml'])).toBe(false);
  });
});

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('openRepository on openshift-kueue-fbc', () => {
  it('opens every version as its own catalog: no false errors, the newest current', async () => {
    const service = new CatalogService();
    const source = new NodeFsSource(sharedPath('corpus/fbc/openshift-kueue-fbc'));
    const { summary, repository, templateDiff } = await openRepository(service, source, {
      kind: 'files',
      readOnly: true,
    });
    expect(repository.catalogs.map((c) => c.ocpVersion)).toEqual(KUEUE_VERSIONS);
    expect(repository.catalogs.map((c) => c.id)).toEqual(KUEUE_VERSIONS.map((v) => `v${v}/catalog`));
    expect(repository.catalogs.every((c) => c.passed && c.errors === 0)).toBe(true);
    expect(repository.other).toEqual(expect.arrayContaining(['LICENSE', 'catsrc.yaml']));
    expect(repository.templates.map((t) => [t.path, t.catalogs])).toContainEqual([
      'v4.20/catalog-template.yaml',
      ['v4.20/catalog'],
    ]);
    // Each template rendered offline against its catalog: v4.23's catalog is its render; v5.0's is
    // its render by opm v1.37–v1.60 (each semver channel linked on its own), which a current opm
    // would change: judged with that linking, not drift, and the change said.
    const status = (v: string) =>
      repository.templates.find((t) => t.path === `v${v}/catalog-template.yaml`)!.status;
    const csv = { level: 'bundle-object-to-csv-metadata', levelWhy: 'its bundles carry olm.csv.metadata' };
    expect(status('4.23').drift).toEqual([{ catalog: 'v4.23/catalog', ...csv, lines: [], groups: [] }]);
    expect(status('5.0').drift).toEqual([
      {
        catalog: 'v5.0/catalog',
        ...csv,
        lines: [],
        groups: [],
        semverLinking: {
          linking: 'channel',
          releases: 'opm v1.37.0 to v1.60.x',
          current: ['stable-v1.4: kueue-operator.v1.4.1 replaces none → kueue-operator.v1.3.1'],
        },
      },
    ]);
    // The diff is computed when asked for, not with the status, against the render it is judged by.
    // (what stays is the package description opm copies from the head's CSV, unknown offline).
    expect(templateDiff('v5.0/catalog-template.yaml', 'v5.0/catalog')).not.toMatch(
      /^[+-].*"(replaces|skips)"/m,
    );
    expect(templateDiff('v5.0/catalog-template.yaml', 'v4.23/catalog')).toBeUndefined();
    expect(status('5.0').unresolved).toEqual([]);
    expect(repository.findings.filter((f) => f.rule === 'template-drift')).toEqual([]);
    expect(
      repository.findings.filter((f) => f.rule === 'semver-linking-changed').map((f) => f.location?.file),
    ).toEqual(['4.18', '4.19', '4.20', '4.21', '4.22', '5.0'].map((v) => `v${v}/catalog-template.yaml`));
    expect(service.currentCatalogId).toBe('v5.0/catalog');
    expect(summary.passed).toBe(true);
    expect(summary.packages).toBe(1);

    // Switching changes what the single-catalog methods answer.
    service.select('v4.18/catalog');
    const old = service.getPackage('kueue-operator');
    service.select('v5.0/catalog');
    expect(service.getPackage('kueue-operator')?.channels).not.toEqual(old?.channels);

    const matrix = versionsMatrix(
      'kueue-operator',
      repository.catalogs.map((c) => ({
        id: c.id,
        ocpVersion: c.ocpVersion,
        context: service.session(c.id)!.editContext(),
      })),
    );
    expect(matrix.columns.map((c) => c.ocpVersion)).toEqual(KUEUE_VERSIONS);
    // Every bundle row says where it is; a bundle of the newest catalog's default channel is there.
    const head = matrix.rows.find((r) => r.cells.at(-1)?.heads.length);
    expect(head?.cells.at(-1)?.inDefault).toBe(true);
    expect(matrix.rows.every((r) => r.cells.some((c) => c !== null))).toBe(true);
  });

  it("each catalog, taken from discovery's parses, is what opening its folder alone gives", async () => {
    for (const repo of ['openshift-kueue-fbc', 'kubev2v-mtv-fbc', 'stolostron-gatekeeper-operator-fbc']) {
      const root = sharedPath(`corpus/fbc/${repo}`);
      const service = new CatalogService();
      const { repository } = await openRepository(service, new NodeFsSource(root), {
        kind: 'files',
        readOnly: true,
      });
      for (const c of repository.catalogs) {
        const alone = new CatalogService();
        await alone.open(subSource(new NodeFsSource(root), c.path), { kind: 'files', readOnly: true });
        // Both after the deferred bundle-object check (opm's verdict is final then).
        const fresh = (await alone.whenBundleObjectsChecked())!;
        const session = service.session(c.id)!;
        const {
          name: _a,
          generation: _g,
          durationMs: _d,
          catalog: _c,
          ...mine
        } = (await session.whenBundleObjectsChecked())!;
        const { name: _b, generation: _h, durationMs: _e, ...theirs } = fresh;
        expect(mine, `${repo}/${c.path}`).toEqual(theirs);
        const problems = (x: { getDiagnosticsSlice(a: number, b: number): { items: unknown } | null }) =>
          x.getDiagnosticsSlice(0, 1e6)?.items;
        expect(problems(session)).toEqual(problems(alone));
      }
    }
  });

  it('a new open closes the catalogs of the previous repository', async () => {
    const service = new CatalogService();
    await openRepository(service, new NodeFsSource(sharedPath('corpus/fbc/openshift-kueue-fbc')), {
      kind: 'files',
      readOnly: true,
    });
    await openRepository(service, new NodeFsSource(sharedPath('corpus/fbc/openshift-trustee-fbc')), {
      kind: 'files',
      readOnly: true,
    });
    expect(service.ids().some((id) => id.startsWith('v5.0'))).toBe(false);
    expect(service.ids().length).toBeGreaterThan(1);
  });
});

describe('versionsMatrix', () => {
  it('columns in OpenShift order, rows newest first, cells with channels, heads and default', async () => {
    const service = new CatalogService();
    const tree = demoTree();
    await service.open(new MemorySource(tree, 'a'), { id: 'v4.19/catalog', kind: 'files', readOnly: true });
    await service.open(new MemorySource(tree, 'b'), { id: 'v4.9/catalog', kind: 'files', readOnly: true });
    const m = versionsMatrix('aurora-operator', [
      { id: 'v4.19/catalog', ocpVersion: '4.19', context: service.session('v4.19/catalog')!.editContext() },
      { id: 'v4.9/catalog', ocpVersion: '4.9', context: service.session('v4.9/catalog')!.editContext() },
    ]);
    expect(m.columns.map((c) => c.ocpVersion)).toEqual(['4.9', '4.19']);
    // Newest first in semver order: the 1.4.0 prerelease is above 1.3.0.
    expect(m.rows.slice(0, 2).map((r) => r.bundle)).toEqual([
      'aurora-operator.v1.4.0-rc.1',
      'aurora-operator.v1.3.0',
    ]);
    expect(m.rows[0]?.cells[0]?.heads.length).toBeGreaterThan(0);
  });
});
