/**
 * The OpenShift version a catalog is built for, read from its path the ways repositories spell it:
 * `v4.16/catalog`, `catalogs/v4.16`, `catalog-4-16`, `catalog/mtv-v4.16`, `4.16`. Only majors 4–9
 * count, so a bundle version such as `v0.2.0` or an API version `v1` is never read as one.
 */
const SEGMENT = /^(?:|.*[^0-9A-Za-z.])v?([4-9])[.\-_](\d{1,2})$/;

/** The version named by one path segment ('4.16'), or null. */
export function segmentOcpVersion(segment: string): string | null {
  const m = SEGMENT.exec(segment);
  return m ? `${m[1]}.${Number(m[2])}` : null;
}

/** The deepest version named along `path` (directories and file name), or null. */
export function ocpVersionOf(path: string): string | null {
  const segs = path === '.' ? [] : path.split('/');
  for (let i = segs.length - 1; i >= 0; i--) {
    const v = segmentOcpVersion((segs[i] as string).replace(/\.(ya?ml|json)$/, ''));
    if (v) return v;
  }
  return null;
}

/** Numeric order of two versions ('4.9' < '4.10' < '5.0'). */
export function compareOcpVersions(a: string, b: string): number {
  const [am, an] = a.split('.').map(Number) as [number, number];
  const [bm, bn] = b.split('.').map(Number) as [number, number];
  return am - bm || an - bn;
}

/** Catalogs in OpenShift version order, those without a version last, ties by path. */
export function byOcpVersion(
  a: { ocpVersion: string | null; path: string },
  b: { ocpVersion: string | null; path: string },
): number {
  if (a.ocpVersion && b.ocpVersion) {
    const c = compareOcpVersions(a.ocpVersion, b.ocpVersion);
    if (c !== 0) return c;
  } else if (a.ocpVersion || b.ocpVersion) return a.ocpVersion ? -1 : 1;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
