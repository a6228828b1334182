import type { DeclarativeConfig, DeclChannel, DeclChannelEntry } from '../declcfg/types';
import { compareGoStrings } from '../model/go-format';
import {
  compareVersions,
  goQuote,
  parseRange,
  semverErrorText,
  parseVersion,
  RangePanicError,
  tryParseRange,
  type Version,
} from '../semver';
import { bundleVersions } from './bundle-versions';

/**
 * A port of `opm alpha render-graph` (operator-registry alpha/declcfg/write.go, MermaidWriter),
 * byte for byte. It runs on the loaded declarative config, without validation (fbc-rules §7, §9).
 *
 * Where opm is not deterministic we pick one order: Go's sort.Slice is unstable, so channels with
 * the same name (in different packages) and entries with equal versions keep their input order
 * here. For up to 12 items Go's sort is an insertion sort and agrees with ours.
 */

export interface RenderGraphOptions {
  /** `-p/--package-name`. */
  packageName?: string;
  /** `--minimum-edge`. */
  minimumEdge?: string;
  /** `--draw-v0-semantics`; off by default, as on opm's command line. */
  drawV0Semantics?: boolean;
}

export interface RenderGraphResult {
  /** What opm writes to stdout, ending with a newline. */
  text: string;
  /** What opm writes to stderr (without the trailing newline). */
  warnings: string[];
}

let zero: Version | undefined;
const zeroVersion = (): Version => (zero ??= parseVersion('0.0.0'));

const HEADER =
  'graph LR\n' +
  '  classDef deprecated fill:#E8960F\n' +
  '  classDef skipped stroke:#FF0000,stroke-width:4px\n' +
  '  classDef deprecatedskipped fill:#E8960F,stroke:#FF0000,stroke-width:4px\n';

/** Everything computed once per catalog, whatever subset of channels gets drawn. */
interface Prepared {
  versions: Map<string, Version>;
  /** Channels sorted by name (stable). */
  channels: DeclChannel[];
  depByPackage: Set<string>;
  depByChannel: Set<string>;
  depByBundle: Set<string>;
}

function prepare(dc: DeclarativeConfig): Prepared {
  const channels = dc.channels
    .map((c, i) => ({ c, i }))
    .sort((a, b) => compareGoStrings(a.c.name, b.c.name) || a.i - b.i)
    .map((x) => x.c);
  const versions = bundleVersions(dc.bundles);
  const depByPackage = new Set<string>();
  const depByChannel = new Set<string>();
  const depByBundle = new Set<string>();
  for (const d of dc.deprecations) {
    for (const e of d.entries) {
      switch (e.reference.schema) {
        case 'olm.package':
          depByPackage.add(d.package);
          break;
        case 'olm.channel':
          depByChannel.add(e.reference.name);
          break;
        case 'olm.bundle':
          depByBundle.add(e.reference.name);
          break;
      }
    }
  }
  return { versions, channels, depByPackage, depByChannel, depByBundle };
}

interface Filtered {
  pkg: string;
  name: string;
  entries: DeclChannelEntry[];
}

const hasEdges = (e: DeclChannelEntry): boolean =>
  e.replaces !== '' || e.skips.length > 0 || e.skipRange !== '';

/** Go's panic text when blang evaluates an empty `||` group (opm would crash here). */
function goPanic(e: unknown): never {
  if (e instanceof RangePanicError) {
    throw new Error('panic: runtime error: invalid memory address or nil pointer dereference', { cause: e });
  }
  throw e;
}

function rangeContains(text: string, v: Version): boolean {
  const r = tryParseRange(text);
  if (!r) return false;
  try {
    return r.test(v);
  } catch (e) {
    return goPanic(e);
  }
}

/** write.go `filterChannel`: undefined when the channel drops out. */
function filterChannel(
  c: DeclChannel,
  opts: RenderGraphOptions,
  versionOf: (n: string) => Version,
  minVersion: Version,
  minEdgePackage: string,
): Filtered | undefined {
  const minEdge = opts.minimumEdge ?? '';
  const pkgFilter = opts.packageName ?? '';
  if (minEdge === '' && pkgFilter === '') return { pkg: c.package, name: c.name, entries: c.entries };
  if (pkgFilter !== '' && c.package !== pkgFilter) return undefined;
  if (minEdgePackage !== '' && c.package !== minEdgePackage) return undefined;

  const out: DeclChannelEntry[] = [];
  for (const ce of c.entries) {
    if (minEdge === '') {
      out.push({ name: ce.name, replaces: ce.replaces, skips: [...ce.skips], skipRange: ce.skipRange });
      continue;
    }
    if (ce.name === minEdge) {
      // The floor keeps no edges: everything it points to is older.
      out.push({ name: ce.name, replaces: '', skips: [], skipRange: '' });
      continue;
    }
    const f: DeclChannelEntry = { name: ce.name, replaces: '', skips: [], skipRange: '' };
    if (ce.replaces !== '' && compareVersions(versionOf(ce.replaces), minVersion) >= 0)
      f.replaces = ce.replaces;
    f.skips = ce.skips.filter((s) => compareVersions(versionOf(s), minVersion) >= 0);
    // A range that does not parse is simply dropped here (no warning).
    if (ce.skipRange !== '' && rangeContains(ce.skipRange, minVersion)) f.skipRange = ce.skipRange;
    if (hasEdges(f) || (!hasEdges(ce) && compareVersions(versionOf(f.name), minVersion) >= 0)) out.push(f);
  }
  return out.length > 0 ? { pkg: c.package, name: c.name, entries: out } : undefined;
}

/**
 * opm's WriteChannels from the version map on, drawing `channels` (a subset of `prep.channels`, in
 * that order; link numbers count over these only).
 */
function draw(prep: Prepared, channels: DeclChannel[], opts: RenderGraphOptions): RenderGraphResult {
  const warnings: string[] = [];
  const versionOf = (n: string): Version => prep.versions.get(n) ?? zeroVersion();
  const v0 = opts.drawV0Semantics ?? false;
  const minEdge = opts.minimumEdge ?? '';

  let minVersion = zeroVersion();
  if (minEdge !== '') {
    const v = prep.versions.get(minEdge);
    if (v === undefined) throw new Error(`unknown minimum edge name: ${goQuote(minEdge)}`);
    minVersion = v;
  }
  // The package of the first channel (in name order, over the whole catalog) listing the floor.
  let minEdgePackage = '';
  if (minEdge !== '') {
    minEdgePackage = prep.channels.find((c) => c.entries.some((e) => e.name === minEdge))?.package ?? '';
  }

  const pkgs = new Map<string, string[]>();
  let deprecatedPackage = '';
  const deprecatedChannelIds: string[] = [];
  const decorated: Record<'deprecated' | 'deprecatedskipped' | 'skipped', string[]> = {
    deprecated: [],
    deprecatedskipped: [],
    skipped: [],
  };
  let linkId = 0;
  const redLinks: number[] = [];

  for (const c of channels) {
    const fc = filterChannel(c, opts, versionOf, minVersion, minEdgePackage);
    if (!fc) continue;
    let out = pkgs.get(c.package);
    if (!out) pkgs.set(c.package, (out = []));

    const channelId = `${fc.pkg}-${fc.name}`;
    out.push(`    %% channel ${goQuote(fc.name)}\n`, `    subgraph ${channelId}[${goQuote(fc.name)}]\n`);
    if (prep.depByPackage.has(fc.pkg)) deprecatedPackage = fc.pkg;
    if (prep.depByChannel.has(fc.name)) deprecatedChannelIds.push(channelId);

    const sorted = fc.entries
      .map((e, i) => ({ e, i }))
      .sort((a, b) => compareVersions(versionOf(b.e.name), versionOf(a.e.name)) || a.i - b.i)
      .map((x) => x.e);

    // v0 semantics: names skipped by an entry drawn earlier (a higher version).
    const skipped = new Set<string>();
    const node = (n: string): string => `${channelId}-${n}[${goQuote(n)}]`;

    for (const ce of sorted) {
      const entryNode = node(ce.name);
      const entryId = `${channelId}-${ce.name}`;
      out.push(`      ${entryNode}\n`);
      const dep = prep.depByBundle.has(ce.name);
      if (dep && skipped.has(ce.name)) decorated.deprecatedskipped.push(entryId);
      else if (dep) decorated.deprecated.push(entryId);
      else if (skipped.has(ce.name)) decorated.skipped.push(entryId);

      for (const s of ce.skips) {
        out.push(`      ${node(s)}-- skip --> ${entryNode}\n`);
        if (v0) {
          if (skipped.has(s)) redLinks.push(linkId);
          else skipped.add(s);
        }
        linkId++;
      }
      if (ce.skipRange !== '') {
        const r = tryParseRange(ce.skipRange);
        if (r) {
          for (const e of fc.entries) {
            let inRange: boolean;
            try {
              inRange = r.test(versionOf(e.name));
            } catch (err) {
              return goPanic(err);
            }
            if (!inRange) continue;
            out.push(`      ${node(e.name)}-- "skipRange(${ce.skipRange})" --> ${entryNode}\n`);
            if (v0 && skipped.has(ce.name)) redLinks.push(linkId);
            linkId++;
          }
        } else {
          warnings.push(
            `warning: ignoring invalid SkipRange for package/edge ${goQuote(c.package)}/${goQuote(ce.name)}: ` +
              semverErrorText(() => parseRange(ce.skipRange)),
          );
        }
      }
      // Replaces comes last: whether it counts depends on the skips seen so far.
      if (ce.replaces !== '') {
        out.push(`      ${node(ce.replaces)}-- replace --> ${entryNode}\n`);
        if (v0 && skipped.has(ce.name)) redLinks.push(linkId);
        linkId++;
      }
    }
    out.push('    end\n');
  }

  let text = HEADER;
  for (const name of [...pkgs.keys()].sort(compareGoStrings)) {
    text += `  %% package ${goQuote(name)}\n  subgraph ${goQuote(name)}\n`;
    text += (pkgs.get(name) as string[]).join('');
    text += '  end\n';
  }
  if (deprecatedPackage !== '') text += `style ${deprecatedPackage} fill:#989695\n`;
  for (const id of deprecatedChannelIds) text += `style ${id} fill:#DCD0FF\n`;
  for (const cls of ['deprecated', 'deprecatedskipped', 'skipped'] as const) {
    const ids = decorated[cls];
    if (ids.length > 0) text += `class ${[...ids].sort(compareGoStrings).join(',')} ${cls}\n`;
  }
  if (redLinks.length > 0) {
    text += `linkStyle ${redLinks.join(',')} stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;\n`;
  }
  return { text, warnings };
}

/**
 * `opm alpha render-graph` on a loaded catalog. Throws an Error with opm's message on the fatal
 * errors (`unknown minimum edge name: %q`, `bundle %q has multiple %q properties, expected exactly 1`,
 * `bundle %q has invalid version %q: %v`, `parse properties for bundle %q: %v`).
 */
export function renderGraph(dc: DeclarativeConfig, opts: RenderGraphOptions = {}): RenderGraphResult {
  const prep = prepare(dc);
  return draw(prep, prep.channels, opts);
}

/**
 * The graph cut into Mermaid documents small enough for Mermaid's `maxTextSize`: one per package
 * (each equal to `render-graph -p <package>` with the same options), and a package whose document
 * is longer than `maxChars` cut again into groups of whole channels. A single channel longer than
 * `maxChars` still makes one document. Link numbers restart in each document, as Mermaid counts them.
 */
export function splitMermaidByPackage(
  dc: DeclarativeConfig,
  opts: RenderGraphOptions = {},
  maxChars = 50000,
): { package: string; text: string }[] {
  const prep = prepare(dc);
  // Packages that have channels (after -p); one with nothing left after --minimum-edge is dropped below.
  const names = new Set<string>();
  for (const c of prep.channels) {
    if (opts.packageName && c.package !== opts.packageName) continue;
    names.add(c.package);
  }
  const out: { package: string; text: string }[] = [];
  for (const pkg of [...names].sort(compareGoStrings)) {
    const pkgOpts: RenderGraphOptions = { ...opts, packageName: pkg };
    const own = prep.channels.filter((c) => c.package === pkg);
    const whole = draw(prep, own, pkgOpts).text;
    if (whole === HEADER) continue;
    if (whole.length <= maxChars || own.length === 1) {
      out.push({ package: pkg, text: whole });
      continue;
    }
    // Greedy: add whole channels to a document until the next one would make it too long.
    let group = new Set<DeclChannel>();
    let groupText = '';
    const drawGroup = (g: Set<DeclChannel>): string =>
      draw(
        prep,
        own.filter((c) => g.has(c)),
        pkgOpts,
      ).text;
    for (const c of own) {
      const next = new Set([...group, c]);
      const t = drawGroup(next);
      if (group.size > 0 && t.length > maxChars) {
        if (groupText !== HEADER) out.push({ package: pkg, text: groupText });
        group = new Set([c]);
        groupText = drawGroup(group);
      } else {
        group = next;
        groupText = t;
      }
    }
    if (group.size > 0 && groupText !== HEADER) out.push({ package: pkg, text: groupText });
  }
  return out;
}
