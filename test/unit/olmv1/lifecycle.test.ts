/**
 * Lifecycle blobs (io.openshift.operators.lifecycles.v1alpha1) against the shape in
 * release-engineering/fbc-update-planner docs/FBC_SCHEMA.md: a valid blob, then each invalid field;
 * opm's verdict never changes.
 */
import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../../src/core/api';
import { ocpOutsideCompatibility } from '../../../src/core/lifecycle';
import { MemorySource } from '../../../src/core/source/memory';
import { bundle } from './fixtures';

const VALID = {
  schema: 'io.openshift.operators.lifecycles.v1alpha1',
  package: 'op',
  versions: [
    {
      name: '4.12',
      phases: [
        { name: 'Full support', startDate: '2023-01-17', endDate: '2023-08-17' },
        { name: 'Maintenance support', startDate: '2023-08-18', endDate: '2024-07-17' },
      ],
      platformCompatibility: [{ name: 'openshift', versions: ['4.12'] }],
    },
  ],
};

const catalog = (lifecycle: object[]) => [
  { schema: 'olm.package', name: 'op', defaultChannel: 'stable' },
  { schema: 'olm.channel', package: 'op', name: 'stable', entries: [{ name: 'op.v4.12.0' }] },
  bundle('op', '4.12.0'),
  ...lifecycle,
];

async function check(lifecycle: object[]) {
  const text = catalog(lifecycle)
    .map((b) => JSON.stringify(b, null, 2))
    .join('\n');
  const { result } = await checkCatalog(new MemorySource({ 'catalog.json': text }));
  return { passed: result.passed, found: result.diagnostics.filter((d) => d.rule.startsWith('lifecycle-')) };
}

/** VALID with one field replaced (path of keys and indexes → value; undefined deletes it). */
function withField(path: (string | number)[], value: unknown): object {
  const copy = structuredClone(VALID) as Record<string, unknown>;
  let cur: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete cur[last];
  else cur[last] = value;
  return copy;
}

describe('lifecycle blobs', () => {
  it('a valid blob: no finding, opm passes', async () => {
    expect(await check([VALID])).toEqual({ passed: true, found: [] });
  });

  it.each([
    [['package'], undefined, 'package is required'],
    [['versions'], undefined, 'versions is required'],
    [['versions'], 'all', 'versions must be a list'],
    [['versions', 0, 'name'], '4.12.1', 'versions[0].name "4.12.1" is not MAJOR.MINOR'],
    [['versions', 0, 'name'], undefined, 'versions[0].name is required'],
    [['versions', 0, 'phases'], undefined, 'versions[0].phases is required'],
    [['versions', 0, 'phases', 0, 'name'], 7, 'versions[0].phases[0].name must be a string'],
    [
      ['versions', 0, 'phases', 0, 'startDate'],
      '17/01/2023',
      'versions[0].phases[0].startDate "17/01/2023" is not a YYYY-MM-DD date',
    ],
    [
      ['versions', 0, 'phases', 0, 'endDate'],
      '2023-02-30',
      'versions[0].phases[0].endDate "2023-02-30" is not a YYYY-MM-DD date',
    ],
    [
      ['versions', 0, 'phases', 1, 'endDate'],
      '2023-08-01',
      'versions[0].phases[1].endDate 2023-08-01 is not after its startDate 2023-08-18',
    ],
    [
      ['versions', 0, 'platformCompatibility'],
      'openshift',
      'versions[0].platformCompatibility must be a list',
    ],
    [
      ['versions', 0, 'platformCompatibility', 0, 'versions'],
      undefined,
      'versions[0].platformCompatibility[0].versions is required',
    ],
    [
      ['versions', 0, 'platformCompatibility', 0, 'versions', 0],
      'v4.12',
      'versions[0].platformCompatibility[0].versions[0] "v4.12" is not MAJOR.MINOR',
    ],
  ])('%j = %j → %s', async (path, value, message) => {
    const { passed, found } = await check([withField(path, value)]);
    expect(passed).toBe(true);
    expect(found.map((d) => d.rule)).toContain('lifecycle-invalid-field');
    expect(found.some((d) => d.message.includes(message))).toBe(true);
    // Located in the file, at the field (or the blob) that is wrong.
    expect(found[0]?.location?.start.line).toBeGreaterThan(1);
  });

  it('a blob for another package, and a second blob for one package', async () => {
    const { found } = await check([VALID, { ...VALID, package: 'nope' }, VALID]);
    expect(found.map((d) => d.rule).sort()).toEqual([
      'lifecycle-duplicate-package',
      'lifecycle-unknown-package',
    ]);
  });

  it('a catalog for an OpenShift version its bundle does not declare', async () => {
    const { load } = await checkCatalog(
      new MemorySource({
        'catalog.json': catalog([VALID])
          .map((b) => JSON.stringify(b))
          .join('\n'),
      }),
    );
    expect(ocpOutsideCompatibility(load.dc, '4.12')).toEqual([]);
    const m = ocpOutsideCompatibility(load.dc, '4.14');
    expect(m.map((x) => x.message)).toEqual([
      'bundle "op.v4.12.0" (lifecycle version 4.12) declares OpenShift compatibility [4.12], but this catalog is for OpenShift 4.14',
    ]);
  });
});

describe('lifecycle across a repository', () => {
  it('warns in the catalog for an OpenShift version a bundle’s lifecycle leaves out', async () => {
    const { checkWorkspace, discoverWorkspace } = await import('../../../src/core/workspace');
    const text = catalog([VALID])
      .map((b) => JSON.stringify(b))
      .join('\n');
    const d = await discoverWorkspace(
      new MemorySource({ 'v4.12/catalog/op/catalog.json': text, 'v4.14/catalog/op/catalog.json': text }),
    );
    const found = checkWorkspace(d).findings.filter((f) => f.rule === 'lifecycle-ocp-outside');
    expect(found).toHaveLength(1);
    expect(found[0]?.location?.file).toBe('v4.14/catalog/op/catalog.json');
  });
});

describe('lifecycle in the versions matrix', () => {
  it('each cell shows the support phase on the day and the OpenShift compatibility, flagged outside it', async () => {
    const { versionsMatrix } = await import('../../../src/core/repository');
    const { CatalogService } = await import('../../../src/core/service/catalog-service');
    const service = new CatalogService();
    const text = catalog([VALID])
      .map((b) => JSON.stringify(b))
      .join('\n');
    for (const id of ['v4.12/catalog', 'v4.14/catalog'])
      await service.open(new MemorySource({ 'catalog.json': text }, id), {
        id,
        kind: 'files',
        readOnly: true,
      });
    const m = versionsMatrix(
      'op',
      ['v4.12/catalog', 'v4.14/catalog'].map((id) => ({
        id,
        ocpVersion: id.slice(1, 5),
        context: service.session(id)!.editContext(),
      })),
      '2023-09-01',
    );
    const [on412, on414] = m.rows[0]!.cells;
    expect(on412?.lifecycle).toEqual({
      version: '4.12',
      phase: { name: 'Maintenance support', endDate: '2024-07-17' },
      endOfLife: '2024-07-17',
      openshift: ['4.12'],
      outsideOpenShift: false,
    });
    expect(on414?.lifecycle?.outsideOpenShift).toBe(true);
  });
});
