/**
 * The pull-request shape (--base) on repositories of ours laid out as the community repositories
 * are: each rule of the pipeline's detect-changes step with a violating change and a near miss,
 * its exact words (sets printed as Python prints them) and the file it points at.
 */
import { describe, expect, it } from 'vitest';
import { checkPullRequestShape, judgeShape, type Tree } from '../../../src/core/policy/pr-shape';
import { fragment } from './fixtures';

type Files = Record<string, string>;

function bundle(op: string, version: string): Files {
  const dir = `operators/${op}/${version}`;
  return {
    [`${dir}/manifests/${op}.clusterserviceversion.yaml`]: `apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: ${op}.v${version}\n`,
    [`${dir}/metadata/annotations.yaml`]: `annotations:\n  operators.operatorframework.io.bundle.package.v1: ${op}\n`,
  };
}

const FBC_CI = { 'operators/foo/ci.yaml': 'fbc:\n  enabled: true\n' };
const catalog = (versions: string[], name = 'catalog.yaml') => ({
  [`catalogs/v4.18/foo/${name}`]: fragment(versions.map((version) => ({ version }))),
});

const tree = (files: Files): Tree => ({ paths: Object.keys(files), read: (p) => Promise.resolve(files[p]) });

/** The changed files as the CLI computes them: added, deleted, or different. */
async function shape(base: Files, head: Files): Promise<string[]> {
  const paths = new Set([...Object.keys(base), ...Object.keys(head)]);
  const changed = [...paths].filter((p) => base[p] !== head[p]);
  const { findings } = await checkPullRequestShape(changed, tree(head), tree(base));
  return findings.map((d) => `${d.rule} ${d.location?.file ?? '-'} ${d.message}`);
}

const released = { ...FBC_CI, ...bundle('foo', '1.0.0'), ...catalog(['1.0.0']) };

describe('a bundle and a catalog in one pull request', () => {
  it('fails, naming both, at the catalog file', async () => {
    const head = { ...released, ...bundle('foo', '1.1.0'), ...catalog(['1.0.0', '1.1.0']) };
    expect(await shape(released, head)).toEqual([
      "community-pr-bundle-and-catalog catalogs/v4.18/foo/catalog.yaml The PR affects a bundle ([('foo', '1.1.0')]) and catalog ([('v4.18', 'foo')]) at the same time. Split operator and catalog changes into 2 separate pull requests.",
    ]);
  });

  it('near miss: the bundle with its ci.yaml, then the catalog alone, each pass', async () => {
    const withBundle = {
      ...released,
      ...bundle('foo', '1.1.0'),
      'operators/foo/ci.yaml': 'fbc:\n  enabled: true\n# x\n',
    };
    expect(await shape(released, withBundle)).toEqual([]);
    expect(await shape(withBundle, { ...withBundle, ...catalog(['1.0.0', '1.1.0']) })).toEqual([]);
  });
});

describe('deleting a bundle', () => {
  const two = { ...released, ...bundle('foo', '1.1.0'), ...catalog(['1.0.0', '1.1.0']) };
  const without = (files: Files, prefix: string) =>
    Object.fromEntries(Object.entries(files).filter(([p]) => !p.startsWith(prefix)));

  it('a catalog still lists it: fails at that catalog', async () => {
    expect(await shape(two, without(two, 'operators/foo/1.1.0/'))).toEqual([
      'community-pr-deleted-bundle-in-catalog catalogs/v4.18/foo/catalog.yaml The PR deletes a bundle (foo/1.1.0) that is in use by a catalog (Catalog(v4.18))',
    ]);
  });

  it('near miss: removed from the catalog in the same pull request, it passes', async () => {
    expect(await shape(two, { ...without(two, 'operators/foo/1.1.0/'), ...catalog(['1.0.0']) })).toEqual([]);
  });

  it('an operator without FBC may not delete bundles', async () => {
    const base = { ...two, 'operators/foo/ci.yaml': 'updateGraph: replaces-mode\n' };
    const head = { ...without(base, 'operators/foo/1.1.0/'), ...catalog(['1.0.0']) };
    expect(await shape(base, head)).toEqual([
      'community-pr-deleted-bundle - The PR deletes an existing operator: Operator(foo). This feature is only allowed for bundles with FBC enabled.',
    ]);
  });
});

describe('catalog file names', () => {
  it('an operator catalog written as index.yaml is a non-operator file', async () => {
    const base = { ...FBC_CI, ...bundle('foo', '1.0.0') };
    const head = { ...base, ...catalog(['1.0.0'], 'index.yaml') };
    expect(await shape(base, head)).toEqual([
      "community-pr-extra-files catalogs/v4.18/foo/index.yaml The PR affects non-operator files: ['catalogs/v4.18/foo/index.yaml']",
    ]);
  });

  it('near miss: catalog.json is one of the names', async () => {
    const base = { ...FBC_CI, ...bundle('foo', '1.0.0') };
    expect(await shape(base, { ...base, ...catalog(['1.0.0'], 'catalog.json') })).toEqual([]);
  });
});

describe('bundles and operators per pull request', () => {
  it('a modified bundle, two added bundles, two operators, adding and deleting together', async () => {
    const modified = { ...released, 'operators/foo/1.0.0/metadata/annotations.yaml': 'annotations: {}\n' };
    expect(await shape(released, modified)).toEqual([
      "community-pr-modified-bundles operators/foo/1.0.0/metadata/annotations.yaml The PR modifies existing bundles: [('foo', '1.0.0')]",
    ]);
    const twoAdded = { ...released, ...bundle('foo', '1.1.0'), ...bundle('foo', '1.2.0') };
    expect(await shape(released, twoAdded)).toEqual([
      "community-pr-bundles operators/foo/1.1.0/manifests/foo.clusterserviceversion.yaml The PR affects more than one bundle: [('foo', '1.1.0'), ('foo', '1.2.0')]",
    ]);
    const twoOperators = { ...released, ...bundle('foo', '1.1.0'), ...bundle('bar', '0.1.0') };
    expect(await shape(released, twoOperators)).toEqual([
      "community-pr-bundles operators/bar/0.1.0/manifests/bar.clusterserviceversion.yaml The PR affects more than one bundle: [('bar', '0.1.0'), ('foo', '1.1.0')]",
      "community-pr-operators operators/foo/1.1.0/manifests/foo.clusterserviceversion.yaml The PR affects more than one operator: ['bar', 'foo']",
    ]);
    const swap = Object.fromEntries(
      Object.entries({ ...released, ...bundle('foo', '1.1.0') }).filter(
        ([p]) => !p.startsWith('operators/foo/1.0.0/'),
      ),
    );
    expect(await shape(released, swap)).toEqual([
      'community-pr-bundles operators/foo/1.1.0/manifests/foo.clusterserviceversion.yaml The PR adds and deletes bundles at the same time. This is not allowed. Please split the changes into 2 separate pull requests.',
      'community-pr-deleted-bundle-in-catalog catalogs/v4.18/foo/catalog.yaml The PR deletes a bundle (foo/1.0.0) that is in use by a catalog (Catalog(v4.18))',
    ]);
  });

  it('near miss: two operators’ ci.yaml only (no bundle) pass', async () => {
    const base = { ...released, 'operators/bar/ci.yaml': 'reviewers: [a]\n' };
    const head = {
      ...base,
      'operators/bar/ci.yaml': 'reviewers: [b]\n',
      'operators/foo/ci.yaml': 'fbc:\n  enabled: true\n# y\n',
    };
    expect(await shape(base, head)).toEqual([]);
  });
});

/**
 * operator-pipelines' test_ParserRules_validate cases (tests/entrypoints/test_detect_changed_operators.py),
 * re-created: what a pull request affects, and the error text the step raises (its findings' messages
 * joined by newlines), or none.
 */
describe('operator-pipelines’ ParserRules cases, re-created', () => {
  const empty: Tree = { paths: [], read: () => Promise.resolve(undefined) };
  interface Given {
    extra?: string[];
    addedOperators?: string[];
    modifiedOperators?: string[];
    addedBundles?: string[];
    modifiedBundles?: string[];
    deletedBundles?: string[];
    catalogOperators?: string[];
  }
  const cases: [string, Given, string | null][] = [
    [
      'Extra files',
      { extra: ['empty.txt', 'operators/empty.txt'] },
      "The PR affects non-operator files: ['empty.txt', 'operators/empty.txt']",
    ],
    [
      'Multiple operators - no bundle change',
      { addedOperators: ['operator-e2e', 'operator-clone-e2e'] },
      null,
    ],
    [
      'Multiple operators - with bundle change',
      { addedOperators: ['operator-e2e', 'operator-clone-e2e'], addedBundles: ['operator-e2e/0.0.101'] },
      "The PR affects more than one operator: ['operator-clone-e2e', 'operator-e2e']",
    ],
    [
      'Modified bundles',
      { modifiedBundles: ['operator-e2e/0.0.101'] },
      "The PR modifies existing bundles: [('operator-e2e', '0.0.101')]",
    ],
    [
      'Multiple bundles',
      { addedBundles: ['operator-e2e/0.0.101', 'operator-clone-e2e/0.0.101'] },
      "The PR affects more than one bundle: [('operator-clone-e2e', '0.0.101'), ('operator-e2e', '0.0.101')]",
    ],
    ['Multiple catalog operators', { catalogOperators: ['v4.15/operator-1', 'v4.15/operator-2'] }, null],
    [
      'Operator and catalog changes are mixed',
      {
        addedOperators: ['operator-e2e'],
        addedBundles: ['operator-e2e/0.0.101'],
        catalogOperators: ['v4.15/operator-e2e'],
      },
      "The PR affects a bundle ([('operator-e2e', '0.0.101')]) and catalog ([('v4.15', 'operator-e2e')]) at the same time. Split operator and catalog changes into 2 separate pull requests.",
    ],
    [
      'Added and deleted bundles',
      { addedBundles: ['operator-e2e/0.0.101'], deletedBundles: ['operator-e2e/0.0.102'] },
      'The PR adds and deletes bundles at the same time. This is not allowed. Please split the changes into 2 separate pull requests.',
    ],
    ['Add bundle', { addedOperators: ['operator-e2e'], addedBundles: ['operator-e2e/0.0.101'] }, null],
    ['Add operator catalog', { catalogOperators: ['v4.15/operator-e2e'] }, null],
    [
      "Modify two operators' non-bundle files and their catalogs",
      { catalogOperators: ['v4.15/operator-e2e'], modifiedOperators: ['operator-e2e', 'operator-clone-e2e'] },
      null,
    ],
  ];
  it.each(cases)('%s', async (_name, g, message) => {
    const a = {
      operators: {
        added: new Set(g.addedOperators),
        modified: new Set(g.modifiedOperators),
        deleted: new Set<string>(),
      },
      bundles: {
        added: new Set(g.addedBundles),
        modified: new Set(g.modifiedBundles),
        deleted: new Set(g.deletedBundles),
      },
      catalogOperators: new Set(g.catalogOperators),
      extraFiles: new Set(g.extra),
    };
    // The base has the deleted bundle, of an FBC operator whose catalogs no longer list it.
    const base = tree({
      'operators/operator-e2e/ci.yaml': 'fbc:\n  enabled: true\n',
      ...bundle('operator-e2e', '0.0.102'),
    });
    const found = await judgeShape(a, empty, base);
    expect(found.length === 0 ? null : found.map((d) => d.message).join('\n')).toBe(message);
  });
});
