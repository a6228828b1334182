/**
 * A catalog repository written for the tests: one catalog per OpenShift version (4.18, 4.19, 4.20),
 * built so that each kind of change across versions happens once —
 * - alpha-operator: 1.0.0 is dropped after 4.18, 1.1.0 becomes the head in 4.19, the default
 *   channel moves from stable to fast in 4.20;
 * - beta-operator: in 4.18, absent from 4.19, back in 4.20, unchanged;
 * - gamma-operator: new in 4.20;
 * - broken-operator: only in 4.19, whose default channel does not exist (opm fails that catalog).
 */
type Entry = { name: string; replaces?: string };

function pkg(name: string, defaultChannel: string, channels: Record<string, Entry[]>): string {
  const lines = [JSON.stringify({ schema: 'olm.package', name, defaultChannel })];
  const bundles = new Set<string>();
  for (const [ch, entries] of Object.entries(channels)) {
    lines.push(JSON.stringify({ schema: 'olm.channel', package: name, name: ch, entries }));
    for (const e of entries) bundles.add(e.name);
  }
  for (const b of bundles) {
    const version = b.slice(b.indexOf('.v') + 2);
    lines.push(
      JSON.stringify({
        schema: 'olm.bundle',
        package: name,
        name: b,
        image: `quay.io/example/${name}-bundle:v${version}`,
        properties: [{ type: 'olm.package', value: { packageName: name, version } }],
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

const a = (v: string) => `alpha-operator.v${v}`;

export function smallRepository(): Record<string, string> {
  const beta = pkg('beta-operator', 'stable', { stable: [{ name: 'beta-operator.v2.0.0' }] });
  return {
    'README.md': '# A repository of one catalog per OpenShift version\n',
    'v4.18/catalog/alpha-operator/catalog.json': pkg('alpha-operator', 'stable', {
      stable: [{ name: a('1.0.0') }, { name: a('1.0.1'), replaces: a('1.0.0') }],
    }),
    'v4.18/catalog/beta-operator/catalog.json': beta,
    'v4.19/catalog/alpha-operator/catalog.json': pkg('alpha-operator', 'stable', {
      stable: [{ name: a('1.0.1') }, { name: a('1.1.0'), replaces: a('1.0.1') }],
    }),
    'v4.19/catalog/broken-operator/catalog.json': pkg('broken-operator', 'missing', {
      stable: [{ name: 'broken-operator.v0.1.0' }],
    }),
    'v4.20/catalog/alpha-operator/catalog.json': pkg('alpha-operator', 'fast', {
      stable: [{ name: a('1.0.1') }, { name: a('1.1.0'), replaces: a('1.0.1') }],
      fast: [{ name: a('1.1.0') }],
    }),
    'v4.20/catalog/beta-operator/catalog.json': beta,
    'v4.20/catalog/gamma-operator/catalog.json': pkg('gamma-operator', 'stable', {
      stable: [{ name: 'gamma-operator.v0.1.0' }],
    }),
  };
}
