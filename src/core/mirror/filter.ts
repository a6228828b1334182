/**
 * What oc-mirror v2 keeps of one catalog for one `mirror.operators[]` entry: its filterCatalog
 * (internal/pkg/operator/catalog_handler.go at openshift/oc-mirror 855b64a3) over the mirror filter
 * of github.com/sherine-k/catalog-filter v0.0.5 (pkg/filter/mirror-config/v1alpha1/mirror-filter.go),
 * ported for parity, errors with their texts. Kept entries are copied as the filter copies them:
 * a heads-only channel keeps its head's entry whole (its replaces/skips still name bundles that are
 * gone), a ranged channel keeps its entries in range as written, `full` keeps channels as they are.
 * Pure: blobs in, blobs out; the input is not changed.
 */
import type { DeclBundle, DeclChannel, DeclPackage, DeclarativeConfig } from '../declcfg/types';
import { goQuote as q } from '../go/strings';
import { keepInRange, walkChannel } from './channel-walk';
import type { IscOperator, IscPackage } from './isc';
import { rangeOf, strictVersion, type Semver, type VersionRange } from './version-range';

export interface FilterResult {
  dc: DeclarativeConfig;
  /** Bundle names kept per package (what the rules selected, before lookup in the catalog). */
  kept: Map<string, Set<string>>;
  /** Channels dropped because the filter emptied them (not the default channel). */
  emptied: { package: string; channel: string }[];
  /** The filter's warnings: bundles kept outside the range. */
  warnings: string[];
}

export type FilterOutcome = FilterResult | { error: string };

type Versions = Map<string, Map<string, { v: Semver; text: string }>>;

/** catalog-filter's FilterConfiguration.Validate, as oc-mirror wraps it. */
function validateConfig(op: IscOperator): string | undefined {
  const errs: string[] = [];
  op.packages.forEach((pkg, i) => {
    const at = `package ${q(pkg.name)} at index [${i}] is invalid`;
    const pkgRange = rangeOf(pkg.minVersion, pkg.maxVersion);
    if (pkg.name === '') errs.push(`${at}: name must be specified`);
    if (pkg.bundles.length > 0 && (pkg.channels.length > 0 || pkgRange)) {
      errs.push(
        `${at}: mixing both filtering by bundles and filtering by channels or versionRange is not allowed`,
      );
    }
    pkg.channels.forEach((ch, j) => {
      if (ch.name === '')
        errs.push(`${at}: channel ${q(ch.name)} at index [${j}] is invalid: name must be specified`);
      if (rangeOf(ch.minVersion, ch.maxVersion) && pkgRange) {
        errs.push(
          `${at}: package specifies a VersionRange, while channel ${q(ch.name)} at index [${j}] equally specifies one: package.VersionRange and channel.VersionRange are exclusive`,
        );
      }
    });
  });
  return errs.length > 0 ? `failed to validate catalog filter: ${errs.join('\n')}` : undefined;
}

/** The version the filter reads from a bundle's olm.package property (StrictNewVersion). */
function bundleVersion(b: DeclBundle): { v: Semver; text: string } | string {
  const p = b.properties.find((x) => x.type === 'olm.package');
  if (!p) return `bundle ${q(b.name)} in package ${q(b.package)} has no package property`;
  const value = p.value as { version?: unknown } | null;
  const text = typeof value?.version === 'string' ? value.version : '';
  const v = strictVersion(text);
  return v ? { v, text } : 'invalid semantic version';
}

export function filterCatalog(fbc: DeclarativeConfig, op: IscOperator): FilterOutcome {
  const invalid = validateConfig(op);
  if (invalid) return { error: invalid };
  const r = mirrorFilter(fbc, op);
  return 'error' in r ? { error: `failed to filter catalog: ${r.error}` } : r;
}

function mirrorFilter(fbc: DeclarativeConfig, op: IscOperator): FilterOutcome {
  const pkgConfigs = new Map<string, IscPackage>(op.packages.map((p) => [p.name, p]));
  const f: DeclarativeConfig =
    pkgConfigs.size === 0 ? { ...fbc, channels: [...fbc.channels] } : byPackageAndChannels(fbc, pkgConfigs);

  // indexFromDeclCfg
  const versions: Versions = new Map();
  for (const b of f.bundles) {
    const v = bundleVersion(b);
    if (typeof v === 'string') return { error: v };
    let m = versions.get(b.package);
    if (!m) versions.set(b.package, (m = new Map()));
    m.set(b.name, v);
  }
  const originalDefault = new Map(f.packages.map((p) => [p.name, p.defaultChannel]));
  const channelNames = new Map<string, Set<string>>();
  for (const c of f.channels) {
    let s = channelNames.get(c.package);
    if (!s) channelNames.set(c.package, (s = new Set()));
    s.add(c.name);
  }
  const bundleByName = new Map<string, DeclBundle>(f.bundles.map((b) => [`${b.package}\0${b.name}`, b]));

  const packages: DeclPackage[] = [];
  for (const pkg of f.packages) {
    const cfg = pkgConfigs.get(pkg.name);
    if (!cfg) {
      packages.push(pkg);
      continue;
    }
    const dc = defaultChannel(
      pkg.defaultChannel,
      cfg.defaultChannel,
      channelNames.get(pkg.name) ?? new Set(),
    );
    if (typeof dc !== 'string') {
      return { error: `invalid default channel configuration for package ${q(pkg.name)}: ${dc.error}` };
    }
    packages.push(
      dc === pkg.defaultChannel
        ? pkg
        : { ...pkg, defaultChannel: dc, raw: { ...pkg.raw, defaultChannel: dc } },
    );
  }

  const kept = new Map<string, Set<string>>();
  const keepOf = (p: string): Set<string> => {
    let s = kept.get(p);
    if (!s) kept.set(p, (s = new Set()));
    return s;
  };
  const emptied: { package: string; channel: string }[] = [];
  const warnings: string[] = [];
  const channels: DeclChannel[] = [];
  for (const ch of f.channels) {
    const cfg = pkgConfigs.get(ch.package);
    const chCfg = cfg?.channels.find((c) => c.name === ch.name);
    let range: VersionRange | undefined = chCfg ? rangeOf(chCfg.minVersion, chCfg.maxVersion) : undefined;
    if (!range && cfg) range = rangeOf(cfg.minVersion, cfg.maxVersion);
    const selected = cfg?.bundles ?? [];
    const emptyError = () =>
      `package ${q(ch.package)} channel ${q(ch.name)} has version range ${q(range?.text ?? '')} that results in an empty channel`;
    if (op.full && range) return { error: 'Full: true cannot be mixed with versionRange' };
    if (op.full && selected.length > 0) {
      return { error: 'Full: true cannot be mixed with filtering by bundle selection' };
    }
    if (selected.length > 0 && range) {
      return { error: 'filtering by versionRange cannot be mixed with filtering by bundle selection' };
    }
    if (selected.length > 0) {
      for (const b of selected) keepOf(ch.package).add(b);
      const sel = new Set(selected);
      const out = withEntries(ch, (n) => sel.has(n));
      if (out.entries.length === 0) {
        if (ch.name === originalDefault.get(ch.package)) return { error: emptyError() };
        emptied.push({ package: ch.package, channel: ch.name });
      } else {
        const w = walkChannel(out);
        if ('error' in w) {
          return {
            error: `filtering on the selected bundles leads to invalidating channel ${q(ch.name)} for package ${q(ch.package)}: ${w.error}`,
          };
        }
      }
      channels.push(out);
    } else if (op.full) {
      for (const e of ch.entries) keepOf(ch.package).add(e.name);
      channels.push(ch);
    } else if (range) {
      const w = walkChannel(ch);
      if ('error' in w) return { error: w.error };
      const r = keepInRange(w, range, versions.get(ch.package) ?? new Map());
      warnings.push(...r.warnings);
      if (r.keep.size === 0) {
        if (ch.name === originalDefault.get(ch.package)) return { error: emptyError() };
        emptied.push({ package: ch.package, channel: ch.name });
      }
      channels.push(withEntries(ch, (n) => r.keep.has(n)));
      // The package gets its (maybe empty) set even when nothing is in range, as in the filter.
      const set = keepOf(ch.package);
      for (const n of r.keep) set.add(n);
    } else {
      const w = walkChannel(ch);
      if ('error' in w) {
        return {
          error: `package ${q(ch.package)} channel ${q(ch.name)} unable to filter head of channel: ${w.error}`,
        };
      }
      const head = w.head.name;
      const entry = [...ch.entries].reverse().find((e) => e.name === head);
      channels.push(withEntries(ch, (n, i) => n === head && ch.entries[i] === entry));
      keepOf(ch.package).add(head);
    }
  }
  const gone = new Set(emptied.map((e) => `${e.package}\0${e.channel}`));
  let bundles = f.bundles;
  let deprecations = f.deprecations;
  if (kept.size > 0) {
    bundles = [];
    for (const [p, names] of kept) {
      for (const n of names) {
        const b = bundleByName.get(`${p}\0${n}`);
        if (b) bundles.push(b);
      }
    }
    bundles.sort((a, b) => cmp(a.package, b.package) || cmp(a.name, b.name));
    deprecations = f.deprecations.map((d) => {
      const entries = d.entries.filter((e) => {
        if (e.reference.schema === 'olm.bundle') {
          const k = kept.get(d.package);
          return !(k && !k.has(e.reference.name));
        }
        if (e.reference.schema === 'olm.channel') {
          const c = channelNames.get(d.package);
          return !(c && !c.has(e.reference.name));
        }
        return true;
      });
      return entries.length === d.entries.length
        ? d
        : {
            ...d,
            entries,
            raw: { ...d.raw, entries: rawEntries(d.raw, (x) => entries.some((e) => sameRef(e, x))) },
          };
    });
  }
  return {
    dc: {
      packages,
      channels: channels.filter((c) => !gone.has(`${c.package}\0${c.name}`)),
      bundles,
      deprecations,
      others: f.others,
    },
    kept,
    emptied,
    warnings,
  };
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function sameRef(e: { reference: { schema: string; name: string } }, raw: unknown): boolean {
  const r = (raw as { reference?: { schema?: unknown; name?: unknown } } | null)?.reference;
  return r?.schema === e.reference.schema && (r.name ?? '') === e.reference.name;
}

function rawEntries(raw: Record<string, unknown>, keep: (x: unknown) => boolean): unknown[] {
  return Array.isArray(raw.entries) ? raw.entries.filter(keep) : [];
}

/** The channel with only the entries kept, its blob's entries cut the same way. */
function withEntries(ch: DeclChannel, keep: (name: string, index: number) => boolean): DeclChannel {
  const flags = ch.entries.map((e, i) => keep(e.name, i));
  const raw = Array.isArray(ch.raw.entries) ? ch.raw.entries.filter((_, i) => flags[i]) : [];
  return { ...ch, entries: ch.entries.filter((_, i) => flags[i]), raw: { ...ch.raw, entries: raw } };
}

/** setDefaultChannel: the new default channel, or why the package cannot keep one. */
function defaultChannel(
  current: string,
  configured: string,
  channels: ReadonlySet<string>,
): string | { error: string } {
  if (current === '' && configured === '') return current;
  if (configured !== '') {
    if (!channels.has(configured)) {
      return {
        error: `specified default channel override ${q(configured)} does not exist in the filtered output`,
      };
    }
    return configured;
  }
  if (!channels.has(current)) {
    return {
      error: `the default channel ${q(current)} was filtered out, a new default channel must be configured for this package`,
    };
  }
  return current;
}

/** filterByPackageAndChannels: only the packages (and channels) the configuration names. */
function byPackageAndChannels(
  fbc: DeclarativeConfig,
  cfgs: ReadonlyMap<string, IscPackage>,
): DeclarativeConfig {
  return {
    packages: fbc.packages.filter((p) => cfgs.has(p.name)),
    channels: fbc.channels.filter((c) => {
      const cfg = cfgs.get(c.package);
      if (!cfg) return false;
      return cfg.channels.length === 0 || cfg.channels.some((x) => x.name === c.name);
    }),
    bundles: fbc.bundles.filter((b) => cfgs.has(b.package)),
    deprecations: fbc.deprecations.filter((d) => cfgs.has(d.package)),
    others: fbc.others.filter((o) => o.package === '' || cfgs.has(o.package)),
  };
}
