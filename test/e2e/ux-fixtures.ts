/**
 * Catalogs built in the test for the usability checks: a package with one long channel (every
 * bundle replaces the one before), as a maintainer of a long-lived operator has.
 */
export function longChannelCatalog(count: number, pkg = 'long-operator'): Record<string, string> {
  const name = (i: number) => `${pkg}.v1.${i}.0`;
  const lines: string[] = [
    JSON.stringify({ schema: 'olm.package', name: pkg, defaultChannel: 'stable' }),
    JSON.stringify({
      schema: 'olm.channel',
      package: pkg,
      name: 'stable',
      entries: Array.from({ length: count }, (_, i) =>
        i === 0 ? { name: name(i) } : { name: name(i), replaces: name(i - 1) },
      ),
    }),
  ];
  for (let i = 0; i < count; i++) {
    lines.push(
      JSON.stringify({
        schema: 'olm.bundle',
        package: pkg,
        name: name(i),
        image: `quay.io/example/${pkg}-bundle:v1.${i}.0`,
        properties: [{ type: 'olm.package', value: { packageName: pkg, version: `1.${i}.0` } }],
      }),
    );
  }
  return { [`${pkg}/catalog.json`]: `${lines.join('\n')}\n` };
}
