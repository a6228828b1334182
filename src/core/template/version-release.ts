/**
 * operator-registry's `declcfg.Bundle.VersionRelease` (alpha/declcfg/declcfg.go): a bundle's version
 * and release from its one `olm.package` property, with opm's messages. The substitutes template
 * compares a substitute with its base this way. A property without a release whose version has
 * build metadata takes that metadata as its release when the bundle's CSV says `olm.substitutesFor`
 * (the legacy way a release was written).
 */
import type { DeclBundle } from '../declcfg/types';
import { goUnmarshal } from '../gojson';
import { decodeBundleObjects, findCsv } from '../load';
import { PACKAGE_TYPE } from '../model/property-types';
import { compareVersionsWithRelease, goQuote, parseRelease, parseVersion, type Version } from '../semver';

export interface VersionRelease {
  version: Version;
  /** '' when there is none. */
  release: string;
}

const PKG = '"olm.package"';

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function annotation(obj: unknown, key: string): string {
  const ann = (obj as { metadata?: { annotations?: unknown } } | null)?.metadata?.annotations;
  const v = ann && typeof ann === 'object' ? (ann as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : '';
}

/** `usesLegacyReleaseVersion`: the CSV (kept whole or as olm.csv.metadata) names what it substitutes for. */
function usesLegacyReleaseVersion(b: DeclBundle): boolean {
  const KEY = 'olm.substitutesFor';
  const csv = findCsv(decodeBundleObjects(b));
  if (csv !== undefined) return annotation(csv, KEY) !== '';
  for (const p of b.properties) {
    if (p.type !== 'olm.csv.metadata') continue;
    const ann = (p.value as { annotations?: unknown } | null)?.annotations;
    const v = ann && typeof ann === 'object' ? (ann as Record<string, unknown>)[KEY] : undefined;
    if (typeof v === 'string' && v !== '') return true;
  }
  return false;
}

/** Throws an Error with opm's message when the bundle has no usable version. */
export function bundleVersionRelease(b: DeclBundle): VersionRelease {
  const name = goQuote(b.name);
  let vr: VersionRelease | undefined;
  // Every property is looked at, so a second olm.package is an error even after a good first one.
  for (const p of b.properties) {
    if (p.type !== 'olm.package') continue;
    if (vr !== undefined) throw new Error(`must be exactly one property of type ${PKG}`);
    let d: { version?: string; release?: string };
    try {
      // An empty json.RawMessage is what a missing `value` key leaves behind.
      if (p.value === undefined) throw new Error('unexpected end of JSON input');
      d = goUnmarshal(p.value, PACKAGE_TYPE) ?? {};
    } catch (e) {
      throw new Error(`unable to unmarshal ${PKG} property for bundle ${name}: ${message(e)}`, { cause: e });
    }
    const text = d.version ?? '';
    let version: Version;
    try {
      version = parseVersion(text);
    } catch (e) {
      throw new Error(
        `invalid semver version ${goQuote(text)} in ${PKG} property for bundle ${name}: ${message(e)}`,
        {
          cause: e,
        },
      );
    }
    const release = d.release ?? '';
    try {
      parseRelease(release);
    } catch (e) {
      throw new Error(
        `invalid release ${goQuote(release)} in ${PKG} property for bundle ${name}: ${message(e)}`,
        {
          cause: e,
        },
      );
    }
    vr = { version, release };
  }
  if (vr === undefined) throw new Error(`no ${PKG} property found for bundle ${name}`);
  if (vr.release === '' && vr.version.build.length > 0 && usesLegacyReleaseVersion(b)) {
    const build = vr.version.build.join('.');
    try {
      parseRelease(build);
    } catch (e) {
      throw new Error(`unable to convert build metadata to release for bundle ${name}: ${message(e)}`, {
        cause: e,
      });
    }
    vr = { version: { ...vr.version, build: [] }, release: build };
  }
  return vr;
}

/** `VersionRelease.Compare`: the versions, then the releases (none is lower than any). */
export function compareVersionRelease(a: VersionRelease, b: VersionRelease): number {
  return compareVersionsWithRelease(a.version, a.release, b.version, b.release);
}
