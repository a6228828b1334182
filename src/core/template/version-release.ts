import type { DeclBundle } from '../declcfg/types';
import { goDecode } from '../gojson';
import { goQuote } from '../go/strings';
import { decodeBundleObjects, findCsv } from '../load';
import { fieldKey } from '../model/json-path';
import { PACKAGE_TYPE, PROPERTY_GO_TYPES } from '../model/property-types';
import {
  compareVersionsWithRelease,
  formatVersion,
  semverErrorText,
  validateRelease,
  type Version,
} from '../semver';
import { parseVersionOrError } from '../semver/version';

/**
 * operator-registry's `declcfg.Bundle.VersionRelease` and `usesLegacyReleaseVersion`
 * (alpha/declcfg/declcfg.go, v1.71+): a bundle's version and release as the substitutes template
 * compares them. A bundle with no `release` whose CSV has an `olm.substitutesFor` annotation keeps
 * its release in the version's build metadata (the older convention): that build metadata becomes
 * the release.
 */

export interface VersionRelease {
  version: Version;
  /** '' when the bundle has none. */
  release: string;
}

const SUBSTITUTES_FOR = 'olm.substitutesFor';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A field as encoding/json finds it (names match case-insensitively). */
const field = (o: Obj, name: string): unknown => o[fieldKey(o, name)];

/**
 * The `olm.substitutesFor` annotation of a CSV object, or undefined where registry's
 * ClusterServiceVersion would not unmarshal from it. Checked: an object whose `kind`/`apiVersion`
 * are strings and whose `metadata.annotations` is a string map (other ObjectMeta fields are not).
 */
function csvSubstitutesFor(csv: unknown): string | undefined {
  if (!isObj(csv)) return undefined;
  for (const f of ['kind', 'apiVersion']) {
    const v = field(csv, f);
    if (v !== undefined && v !== null && typeof v !== 'string') return undefined;
  }
  const meta = field(csv, 'metadata');
  if (meta === undefined || meta === null) return '';
  if (!isObj(meta)) return undefined;
  const annotations = field(meta, 'annotations');
  if (annotations === undefined || annotations === null) return '';
  if (!isObj(annotations)) return undefined;
  if (!Object.values(annotations).every((v) => v === null || typeof v === 'string')) return undefined;
  const value = annotations[SUBSTITUTES_FOR];
  return typeof value === 'string' ? value : '';
}

/**
 * `usesLegacyReleaseVersion`: the CSV among the bundle objects decides (opm's CsvJSON); else, in
 * property order, an olm.csv.metadata with a non-empty annotation says yes, and the first
 * olm.bundle.object that reads as a CSV decides.
 */
export function usesLegacyReleaseVersion(b: DeclBundle): boolean {
  const csv = csvSubstitutesFor(findCsv(decodeBundleObjects(b)));
  if (csv !== undefined) return csv !== '';
  const metadataType = PROPERTY_GO_TYPES.get('olm.csv.metadata');
  for (const p of b.properties) {
    if (p.type === 'olm.csv.metadata' && metadataType !== undefined) {
      const r = goDecode<{ annotations?: Record<string, string> | null }>(p.value, metadataType);
      if (r.error === undefined && (r.value.annotations?.[SUBSTITUTES_FOR] ?? '') !== '') return true;
    } else if (p.type === 'olm.bundle.object') {
      const [object] = decodeBundleObjects({ ...b, properties: [p] });
      const annotation = csvSubstitutesFor(object);
      if (annotation !== undefined) return annotation !== '';
    }
  }
  return false;
}

/** `Bundle.VersionRelease()`: the version and release, or opm's error text as a string. */
export function versionRelease(b: DeclBundle): VersionRelease | string {
  let vr: VersionRelease | undefined;
  const name = goQuote(b.name);
  for (const p of b.properties) {
    if (p.type !== 'olm.package') continue;
    if (vr !== undefined) return 'must be exactly one property of type "olm.package"';
    const r =
      p.value === undefined
        ? { error: new Error('unexpected end of JSON input') }
        : goDecode<{ version?: string; release?: string }>(p.value, PACKAGE_TYPE);
    if (r.error !== undefined)
      return `unable to unmarshal "olm.package" property for bundle ${name}: ${r.error.message}`;
    // A null value decodes to the zero Package (Go leaves the struct untouched).
    const { version: raw = '', release = '' } =
      (r as { value: { version?: string; release?: string } | null }).value ?? {};
    const version = parseVersionOrError(raw);
    if (typeof version === 'string')
      return `invalid semver version ${goQuote(raw)} in "olm.package" property for bundle ${name}: ${version}`;
    const bad = semverErrorText(() => validateRelease(release));
    if (bad !== '')
      return `invalid release ${goQuote(release)} in "olm.package" property for bundle ${name}: ${bad}`;
    vr = { version, release };
  }
  if (vr === undefined) return `no "olm.package" property found for bundle ${name}`;
  if (vr.release === '' && vr.version.build.length > 0 && usesLegacyReleaseVersion(b)) {
    const release = vr.version.build.join('.');
    const bad = semverErrorText(() => validateRelease(release));
    if (bad !== '') return `unable to convert build metadata to release for bundle ${name}: ${bad}`;
    vr = { version: { ...vr.version, build: [], raw: '' }, release };
  }
  return vr;
}

/** `VersionRelease.Compare`: versions (build ignored), then releases. */
export function compareVersionRelease(a: VersionRelease, b: VersionRelease): -1 | 0 | 1 {
  return compareVersionsWithRelease(a.version, a.release, b.version, b.release);
}

/** `Version.String()` of a VersionRelease's version (build metadata kept unless it became the release). */
export const versionText = (vr: VersionRelease): string => formatVersion(vr.version);
