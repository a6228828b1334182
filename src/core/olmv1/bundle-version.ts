/**
 * A bundle's version as OLM v1 reads it (operator-controller bundleutil `GetVersionAndRelease`,
 * with the BundleReleaseSupport gate off, its default): the `olm.package` property's version, whose
 * build metadata is taken as the release when it parses as one (the registry+v1 convention
 * `1.0.0+2`), and compared as operator-registry's `VersionRelease`.
 */
import type { DeclBundle } from '../declcfg/types';
import {
  compareVersionsWithRelease,
  formatVersion,
  parseRelease,
  tryParseVersion,
  type Version,
} from '../semver';

export interface VersionRelease {
  version: Version;
  /** '' when there is none. */
  release: string;
}

/** `ParseLegacyVersionRelease`: undefined when the version is not semver. */
export function parseLegacyVersionRelease(text: string): VersionRelease | undefined {
  const version = tryParseVersion(text);
  if (!version) return undefined;
  const build = version.build.join('.');
  if (build !== '') {
    try {
      if (parseRelease(build).length > 0) return { version: { ...version, build: [] }, release: build };
    } catch {
      // Build metadata that is not a release stays part of the version.
    }
  }
  return { version, release: '' };
}

/** The bundle's `olm.package` version text, or undefined. */
export function packageVersionText(b: DeclBundle): string | undefined {
  for (const p of b.properties) {
    if (p.type !== 'olm.package') continue;
    const v = (p.value as { version?: unknown } | null)?.version;
    return typeof v === 'string' ? v : undefined;
  }
  return undefined;
}

export function bundleVersionRelease(b: DeclBundle): VersionRelease | undefined {
  const text = packageVersionText(b);
  return text === undefined ? undefined : parseLegacyVersionRelease(text);
}

export function compareVersionRelease(a: VersionRelease, b: VersionRelease): number {
  return compareVersionsWithRelease(a.version, a.release, b.version, b.release);
}

/** As OLM v1 records it in BundleMetadata (the release back in the build metadata). */
export function formatVersionRelease(vr: VersionRelease): string {
  const v = formatVersion(vr.version);
  return vr.release === '' ? v : `${v.replace(/\+.*$/, '')}+${vr.release}`;
}
