/**
 * The OpenShift version a fragment targets, as the pipelines read it: Konflux from the fragment's base
 * image tag (`FROM …:v4.17`, get_ocp_version_from_fbc_fragment in konflux-test utils.sh), the
 * community pipeline from the catalog folder's name (`catalogs/v4.17/…`).
 */

/** `[major, minor]` as validate-fbc cuts them (leading letters of the major dropped), or null. */
export function ocpParts(version: string): [number, number] | null {
  const [maj = '', min = ''] = version.split('.');
  const major = maj.replace(/^[a-zA-Z]*/, '');
  if (!/^[0-9]+$/.test(major) || !/^[0-9]+$/.test(min)) return null;
  return [Number(major), Number(min)];
}

/** From 4.17, and for every later major, bundles carry olm.csv.metadata (validate-fbc 0.3). */
export function wantsCsvMetadata([major, minor]: [number, number]): boolean {
  return major > 4 || (major === 4 && minor >= 17);
}

/**
 * The version in a Containerfile's last `FROM` (the image's base), from a tag such as `v4.17` or
 * `4.17`; null when there is no FROM or its tag says no version.
 */
export function ocpFromContainerfile(text: string): string | null {
  const froms = [...text.matchAll(/^\s*FROM\s+(?:--\S+\s+)*(\S+)/gim)];
  const image = froms.at(-1)?.[1];
  if (!image) return null;
  const tag = /:([^/@]+)(?:@|$)/.exec(image)?.[1];
  const m = tag ? /^v?([0-9]+\.[0-9]+)/.exec(tag) : null;
  return m ? (m[1] as string) : null;
}

/** Containerfile names Konflux builds fragments from. */
export function isContainerfile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return /^(Containerfile|Dockerfile)(\..*)?$|\.(Containerfile|Dockerfile)$/i.test(base);
}
