/**
 * JSON catalogs whose bundles carry large base64 bundle objects, for the tests of the CLI's cut read
 * (src/cli/elided-json.ts): each bundle has two JSON-looking objects (one with leading spaces, the
 * three paddings in turn) and, with `late`, a property after them that opm reports, so a finding
 * sits after the cut strings on a compact line.
 */

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A CSV-like bundle object of about `size` base64 characters (a multiple of 3 bytes: no padding) plus `pad`. */
export function objectData(size: number, pad: 0 | 1 | 2 = 0, lead = ''): string {
  const body = `${lead}{"kind":"ClusterServiceVersion","spec":"${'x'.repeat(Math.max(0, Math.ceil((size * 3) / 4)))}"}`;
  const padded =
    body + ' '.repeat((3 - ((body.length + (3 - pad)) % 3)) % 3) + (pad ? ' '.repeat(3 - pad) : '');
  return b64(padded);
}

/** A package of `versions` bundles in one channel, each bundle with its objects (see above). */
export function pkgBlobs(pkg: string, versions: number, objectBytes: number, late: boolean): object[] {
  const names = Array.from({ length: versions }, (_, i) => `${pkg}.v1.${i}.0`);
  return [
    { schema: 'olm.package', name: pkg, defaultChannel: 'stable' },
    {
      schema: 'olm.channel',
      package: pkg,
      name: 'stable',
      entries: names.map((name, i) =>
        i === 0 ? { name } : { name, replaces: names[i - 1], skipRange: '<0.1.0' },
      ),
    },
    ...names.map((name, i) => ({
      schema: 'olm.bundle',
      package: pkg,
      name,
      image: `quay.io/x/${pkg}:v1.${i}.0`,
      properties: [
        { type: 'olm.package', value: { packageName: pkg, version: `1.${i}.0` } },
        { type: 'olm.bundle.object', value: { data: objectData(objectBytes, (i % 3) as 0 | 1 | 2) } },
        { type: 'olm.bundle.object', value: { data: objectData(objectBytes / 2, 0, '  ') } },
        // After the cut strings on a compact line: a finding here must keep its column.
        ...(late ? [{ type: 'olm.package', value: { packageName: pkg, version: 7 } }] : []),
      ],
    })),
  ];
}

export type Layout = 'pretty' | 'compact' | 'spaced';

/** The blobs as a JSON stream, each laid out as `layouts` says in turn. */
export function render(blobs: object[], layouts: Layout[]): string {
  return blobs
    .map((b, i) => {
      const layout = layouts[i % layouts.length] as Layout;
      if (layout === 'pretty') return JSON.stringify(b, null, 2);
      const compact = JSON.stringify(b);
      return layout === 'compact' ? compact : compact.replace(/":/g, '" :  ').replace(/,"/g, ' , "');
    })
    .join('\n');
}
