/**
 * A repository whose pipeline prunes its one basic template per OpenShift version by a
 * drop-versions map before rendering (stolostron's layout, written for the tests): the template at
 * the root, catalog-4-16 its whole render, catalog-4-17 its render with Y-stream 0.1 dropped.
 * `extra` adds the map (or not) and anything else.
 */
export const PRUNED_TEMPLATE = {
  schema: 'olm.template.basic',
  entries: [
    { schema: 'olm.package', name: 'foo', defaultChannel: 'stable-0.2' },
    {
      schema: 'olm.channel',
      package: 'foo',
      name: 'stable-0.1',
      entries: [{ name: 'foo.v0.1.0' }, { name: 'foo.v0.1.1-0.1725.p', replaces: 'foo.v0.1.0' }],
    },
    {
      schema: 'olm.channel',
      package: 'foo',
      name: 'stable-0.2',
      entries: [
        { name: 'foo.v0.1.1-0.1725.p' },
        { name: 'foo.v0.2.0', replaces: 'foo.v0.1.1-0.1725.p', skipRange: '>=0.1.0 <0.2.0' },
      ],
    },
    { schema: 'olm.channel', package: 'foo', name: 'stable', entries: [{ name: 'foo.v0.2.0' }] },
    { schema: 'olm.bundle', name: 'foo.v0.1.0', image: 'quay.io/acme/foo-bundle:v0.1.0' },
    { schema: 'olm.bundle', name: 'foo.v0.1.1-0.1725.p', image: 'quay.io/acme/foo-bundle:v0.1.1' },
    { schema: 'olm.bundle', name: 'foo.v0.2.0', image: 'quay.io/acme/foo-bundle:v0.2.0' },
  ],
};

function bundle(version: string): object {
  return {
    schema: 'olm.bundle',
    name: `foo.v${version}`,
    package: 'foo',
    image: `quay.io/acme/foo-bundle:v${version.replace(/-.*/, '')}`,
    properties: [{ type: 'olm.package', value: { packageName: 'foo', version } }],
  };
}

/** The repository's files by path. */
export function prunedRepositoryFiles(extra: Record<string, string>): Record<string, string> {
  const t = PRUNED_TEMPLATE.entries;
  const whole = [t[0], ...t.slice(1, 4), bundle('0.1.0'), bundle('0.1.1-0.1725.p'), bundle('0.2.0')];
  const pruned = [
    t[0],
    { ...t[2], entries: [(t[2] as { entries: object[] }).entries[1]] },
    t[3],
    bundle('0.2.0'),
  ];
  return {
    'catalog-template.yaml': JSON.stringify(PRUNED_TEMPLATE, null, 2),
    'catalog-4-16/foo/catalog.json': whole.map((b) => JSON.stringify(b)).join('\n'),
    'catalog-4-17/foo/catalog.json': pruned.map((b) => JSON.stringify(b)).join('\n'),
    ...extra,
  };
}
