/**
 * What a ClusterExtension resolves to, step for step as operator-controller's CatalogResolver
 * (internal/operator-controller/resolve/catalog.go at df2c201d70e83d02eae23597d604269fa1baf20a):
 * catalogs walked in name order (as the API server lists them), Unavailable ones and those the
 * selector leaves out skipped; per catalog the package's bundles filtered by channel, version range
 * and, with an installed bundle under CatalogProvided, its successors; deprecated bundles sorted
 * last, then highest version and release first; across catalogs a non-deprecated answer beats a
 * deprecated one, then priority, and anything but one answer is an error in upstream's words. The
 * resolved bundle must declare no dependency (resolve/validation.go).
 *
 * On top of upstream, every bundle of the package is listed with why it was kept or dropped.
 */
import type { DeclarativeConfig, DeclBundle, DeclChannel, DeclDeprecation } from '../declcfg/types';
import { goQuote } from '../go/strings';
import { parseVersion, semverErrorText, tryParseRange, type Version } from '../semver';
import {
  bundleVersionRelease,
  compareVersionRelease,
  formatVersionRelease,
  packageVersionText,
  parseLegacyVersionRelease,
  type VersionRelease,
} from './bundle-version';
import { deprecationConditions, type Condition } from './conditions';
import { labelSelectorAsSelector } from '../kube/label-selector';
import type { ClusterCatalogSpec, ClusterExtensionSpec } from './manifests';
import { parseVersionRange, type VersionRange } from './version-range';

export interface CatalogInput {
  catalog: ClusterCatalogSpec;
  /** The catalog's content; undefined with `error` when it could not be read. */
  dc?: DeclarativeConfig;
  error?: string;
}

/** The installed bundle (`status.install.bundle`): name and version as OLM v1 records them. */
export interface InstalledBundle {
  name: string;
  version: string;
}

export interface Candidate {
  bundle: string;
  version: string;
  /** Passed the channel, version range and successor filters. */
  kept: boolean;
  why: string;
}

export interface Preview {
  resolved: { package: string; bundle: string; version: string; channel: string } | null;
  error: string | null;
  candidates: Candidate[];
  conditions: Condition[];
}

interface Found {
  bundle: DeclBundle;
  catalog: string;
  priority: number;
  deprecation: DeclDeprecation | undefined;
}

const DEPENDENCY_PROPERTIES = new Set(['olm.package.required', 'olm.gvk.required', 'olm.constraint']);

/** `NoDependencyValidation`'s error, or undefined. */
export function dependencyError(b: Pick<DeclBundle, 'name' | 'properties'>): string | undefined {
  const p = b.properties.find((x) => DEPENDENCY_PROPERTIES.has(x.type));
  return p
    ? `bundle ${goQuote(b.name)} has a dependency declared via property ${goQuote(p.type)} which is currently not supported`
    : undefined;
}

const bundleDeprecated = (b: DeclBundle, d: DeclDeprecation | undefined) =>
  d?.entries.some((e) => e.reference.schema === 'olm.bundle' && e.reference.name === b.name) ?? false;

function packageConfig(dc: DeclarativeConfig, pkg: string) {
  return {
    packages: dc.packages.filter((p) => p.name === pkg),
    channels: dc.channels.filter((c) => c.package === pkg),
    bundles: dc.bundles.filter((b) => b.package === pkg),
    deprecations: dc.deprecations.filter((d) => d.package === pkg),
    others: dc.others.filter((o) => o.package === pkg),
  };
}

/** `legacySuccessor` + `ExactVersionRelease`: does the candidate upgrade from (or equal) the installed bundle? */
function successorTest(
  installed: InstalledBundle,
  vr: VersionRelease,
  installedVersion: Version,
  channels: DeclChannel[],
) {
  const isSuccessor = (e: DeclChannel['entries'][number]) => {
    if (e.replaces === installed.name || e.skips.includes(installed.name)) return true;
    if (e.skipRange === '') return false;
    try {
      // OLM v0's blang ranges, kept for registry+v1 skipRanges (successors.go).
      return tryParseRange(e.skipRange)?.test(installedVersion) ?? false;
    } catch {
      return false;
    }
  };
  return (b: DeclBundle, bvr: VersionRelease | undefined): boolean =>
    channels.some((c) => c.entries.some((e) => e.name === b.name && isSuccessor(e))) ||
    (bvr !== undefined && compareVersionRelease(bvr, vr) === 0);
}

function fail(error: string, candidates: Candidate[] = []): Preview {
  return { resolved: null, error, candidates, conditions: [] };
}

export function resolveClusterExtension(
  ext: ClusterExtensionSpec,
  inputs: readonly CatalogInput[],
  installed?: InstalledBundle,
): Preview {
  const result = resolveInner(ext, inputs, installed);
  // hasCatalogData: resolution succeeded or returned a deprecation (it returns one only on success).
  const conditions = deprecationConditions(
    ext.channels,
    installed?.name ?? '',
    result.deprecation,
    result.preview.error === null,
  );
  return { ...result.preview, conditions };
}

function resolveInner(
  ext: ClusterExtensionSpec,
  inputs: readonly CatalogInput[],
  installed: InstalledBundle | undefined,
): { preview: Preview; deprecation?: DeclDeprecation } {
  const pkg = ext.packageName;
  const selector = labelSelectorAsSelector(ext.selector);
  if ('error' in selector) return { preview: fail(`desired catalog selector is invalid: ${selector.error}`) };
  let range: VersionRange | undefined;
  if (ext.version !== '') {
    const r = parseVersionRange(ext.version);
    if ('error' in r)
      return { preview: fail(`desired version range ${goQuote(ext.version)} is invalid: ${r.error}`) };
    range = r;
  }
  let installedVR: VersionRelease | undefined;
  let installedVersion: Version | undefined;
  if (installed && ext.upgradeConstraintPolicy !== 'SelfCertified') {
    installedVR = parseLegacyVersionRelease(installed.version);
    installedVersion = installedVR?.version;
  }

  const many = inputs.length > 1;
  const candidates: Candidate[] = [];
  /** Index into candidates per catalog and bundle, to write the final reasons. */
  const slot = new Map<string, Candidate>();
  const at = (catalog: string, bundle: string) => `${catalog}\u0000${bundle}`;
  const prefix = (catalog: string) => (many ? `catalog ${goQuote(catalog)}: ` : '');
  const list = (catalog: string, b: DeclBundle, kept: boolean, why: string) => {
    const c: Candidate = {
      bundle: b.name,
      version: packageVersionText(b) ?? '',
      kept,
      why: prefix(catalog) + why,
    };
    candidates.push(c);
    slot.set(at(catalog, b.name), c);
  };

  let resolved: Found[] = [];
  let priorDeprecation: DeclDeprecation | undefined;
  const sorted = [...inputs].sort((a, b) =>
    a.catalog.name < b.catalog.name ? -1 : a.catalog.name > b.catalog.name ? 1 : 0,
  );
  for (const input of sorted) {
    const cat = input.catalog;
    const own = input.dc ? input.dc.bundles.filter((b) => b.package === pkg) : [];
    if (!selector(cat.labels)) {
      for (const b of own)
        list(cat.name, b, false, 'the catalog is not selected by spec.source.catalog.selector');
      continue;
    }
    if (cat.availabilityMode === 'Unavailable') {
      for (const b of own) list(cat.name, b, false, 'the catalog is Unavailable (spec.availabilityMode)');
      continue;
    }
    if (input.error !== undefined || !input.dc) {
      return {
        preview: fail(
          `error walking catalogs: error getting package ${goQuote(pkg)} from catalog ${goQuote(cat.name)}: ${input.error ?? 'no content'}`,
          candidates,
        ),
      };
    }
    const fbc = packageConfig(input.dc, pkg);
    const empty = Object.values(fbc).every((x) => x.length === 0);
    if (empty) continue;

    // slices.DeleteFunc zeroes what it drops in place, so the successor check sees only the kept channels.
    const wanted = new Set(ext.channels);
    const channels = ext.channels.length > 0 ? fbc.channels.filter((c) => wanted.has(c.name)) : fbc.channels;
    let successor: ((b: DeclBundle, vr: VersionRelease | undefined) => boolean) | undefined;
    if (installed && ext.upgradeConstraintPolicy !== 'SelfCertified') {
      if (!installedVR || !installedVersion) {
        return {
          preview: fail(
            `error walking catalogs: error finding upgrade edges: failed to get version and release of installed bundle: ${semverErrorText(() => parseVersion(installed.version))}`,
            candidates,
          ),
        };
      }
      successor = successorTest(installed, installedVR, installedVersion, channels);
    }

    const kept: DeclBundle[] = [];
    for (const b of fbc.bundles) {
      const vr = bundleVersionRelease(b);
      let why: string | undefined;
      if (ext.channels.length > 0 && !channels.some((c) => c.entries.some((e) => e.name === b.name)))
        why = `not in channels [${ext.channels.join(' ')}]`;
      else if (range && (!vr || !range.test(vr.version)))
        why = vr
          ? `version ${packageVersionText(b)} is outside the range ${goQuote(range.text)}`
          : 'its version is not semver';
      else if (successor && !successor(b, vr))
        why = `not an upgrade from the installed ${installed!.name} (no replaces, skips or skipRange in ${ext.channels.length > 0 ? 'these channels' : 'any channel'} names it) nor the installed version`;
      if (why) list(cat.name, b, false, why);
      else {
        kept.push(b);
        list(cat.name, b, true, '');
      }
    }
    if (kept.length === 0) continue;

    const deprecation = fbc.deprecations[0];
    const order = kept
      .map((b, i) => ({ b, i, vr: bundleVersionRelease(b), dep: bundleDeprecated(b, deprecation) }))
      .sort((x, y) => {
        if (x.dep !== y.dep) return x.dep ? 1 : -1;
        // Bundles whose version does not parse sort last (compare.ByVersionAndRelease).
        if (!x.vr || !y.vr) return x.vr === y.vr ? x.i - y.i : x.vr ? -1 : 1;
        return compareVersionRelease(y.vr, x.vr) || x.i - y.i;
      });
    const top = order[0]!;
    for (const o of order.slice(1)) {
      const c = slot.get(at(cat.name, o.b.name))!;
      c.why =
        prefix(cat.name) +
        (o.dep && !top.dep
          ? `deprecated; the non-deprecated ${top.b.name} is preferred`
          : `${top.b.name} is preferred (higher version${o.dep ? '; both deprecated' : ''})`);
    }
    const here: Found = { bundle: top.b, catalog: cat.name, priority: cat.priority, deprecation };
    if (resolved.length > 0) {
      const currentDep = top.dep;
      const last = resolved[resolved.length - 1]!;
      const priorDep = bundleDeprecated(last.bundle, priorDeprecation);
      if (currentDep && !priorDep) {
        slot.get(at(cat.name, top.b.name))!.why =
          prefix(cat.name) +
          `deprecated; catalog ${goQuote(last.catalog)} offers the non-deprecated ${last.bundle.name}`;
        continue;
      } else if (!currentDep && priorDep) {
        for (const r of resolved)
          slot.get(at(r.catalog, r.bundle.name))!.why =
            prefix(r.catalog) +
            `deprecated; catalog ${goQuote(cat.name)} offers the non-deprecated ${top.b.name}`;
        resolved = [];
      }
    }
    resolved.push(here);
    priorDeprecation = deprecation;
  }

  if (resolved.length > 1) {
    // Highest priority first; a tie at the top stays ambiguous.
    resolved.sort((a, b) => b.priority - a.priority);
    if (resolved[0]!.priority !== resolved[1]!.priority) {
      const winner = resolved[0]!;
      for (const r of resolved.slice(1))
        slot.get(at(r.catalog, r.bundle.name))!.why =
          prefix(r.catalog) +
          `catalog priority ${r.priority} is below catalog ${goQuote(winner.catalog)}'s ${winner.priority}`;
      resolved = [winner];
    }
  }

  if (resolved.length !== 1) {
    for (const r of resolved)
      slot.get(at(r.catalog, r.bundle.name))!.why =
        prefix(r.catalog) + 'found in several catalogs of the same priority: no choice is made';
    return { preview: fail(resolutionError(ext, installed, resolved), candidates) };
  }
  const winner = resolved[0]!;
  const chosen = slot.get(at(winner.catalog, winner.bundle.name))!;
  const depErr = dependencyError(winner.bundle);
  if (depErr) {
    chosen.why = prefix(winner.catalog) + 'resolved, but OLM v1 refuses its dependencies';
    return { preview: fail(`validating bundle ${goQuote(winner.bundle.name)}: ${depErr}`, candidates) };
  }
  chosen.why = prefix(winner.catalog) + 'resolved: the highest version that passes every filter';
  const vr = bundleVersionRelease(winner.bundle);
  const pkgChannels = inputs.find((i) => i.catalog.name === winner.catalog)!.dc!;
  return {
    preview: {
      resolved: {
        package: pkg,
        bundle: winner.bundle.name,
        version: vr ? formatVersionRelease(vr) : (packageVersionText(winner.bundle) ?? ''),
        channel: channelOf(pkgChannels, pkg, winner.bundle.name, ext.channels),
      },
      error: null,
      candidates,
      conditions: [],
    },
    deprecation: priorDeprecation,
  };
}

/** The channel the bundle is installed from: the first asked-for one holding it, else the default channel, else the first. */
function channelOf(dc: DeclarativeConfig, pkg: string, bundle: string, asked: readonly string[]): string {
  const holding = dc.channels
    .filter((c) => c.package === pkg && c.entries.some((e) => e.name === bundle))
    .map((c) => c.name);
  for (const a of asked) if (holding.includes(a)) return a;
  const def = dc.packages.find((p) => p.name === pkg)?.defaultChannel;
  if (def && holding.includes(def)) return def;
  return [...holding].sort()[0] ?? '';
}

/** resolutionError.Error(). */
function resolutionError(
  ext: ClusterExtensionSpec,
  installed: InstalledBundle | undefined,
  found: Found[],
): string {
  let s = '';
  if (installed) s += `error upgrading from currently installed version ${goQuote(installed.version)}: `;
  s +=
    found.length > 1
      ? `found bundles for package ${goQuote(ext.packageName)} `
      : `no bundles found for package ${goQuote(ext.packageName)} `;
  if (ext.version !== '') s += `matching version ${goQuote(ext.version)} `;
  if (ext.channels.length > 0) s += `in channels [${ext.channels.join(' ')}] `;
  const names = found.map((f) => f.catalog).sort();
  if (names.length > 1) s += `in multiple catalogs with the same priority [${names.join(' ')}] `;
  return s.trim();
}
