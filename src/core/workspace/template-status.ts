/**
 * Each template of a repository rendered offline (as `opm alpha render-template` would, bundles
 * resolved from the repository's own catalogs) and compared with each catalog it is rendered into,
 * as that catalog's own pipeline renders it: images resolved from the catalog first, then from the
 * other catalogs of the same template, then the rest of the repository; at the catalog's migrate
 * level (migrate-choice.ts). A catalog that is not that render has drifted, and the finding says
 * what a render would change. The unified diff is computed only when asked (`templateDriftDiff`).
 */
import { createTwoFilesPatch } from 'diff';
import type { DeclarativeConfig } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import { CatalogBundleResolver, type ResolvedImage } from '../template/bundle-resolver';
import { explainDrift, type DriftGroup } from '../template/drift-explain';
import { goBlobs } from '../template/go-blobs';
import type { MigrateLevel } from '../template/migrate-level';
import { renderTemplate, writeRendered, type TemplateRenderResult } from '../template/render-template';
import {
  compareWithCommitted,
  describeDrift,
  keyText,
  type BlobKey,
  type TemplateDrift,
} from '../template/template-drift';
import { SEMVER_LINKING_RELEASES, type SemverLinking } from '../template/semver-channels';
import { orderFbcBlobs } from '../template/fbc-writer';
import { migrateChoice } from './migrate-choice';
import { pruneTemplate, type TemplatePruning } from './drop-versions';
import type { WorkspaceTemplate } from './types';

export interface TemplateCatalogDrift {
  catalog: string;
  /** The migrate level the catalog was judged at, and why (`its bundles carry olm.csv.metadata`). */
  level: MigrateLevel;
  levelWhy: string;
  /** One line per blob that differs (`changed olm.channel kueue-operator stable-v1.4`); empty: in sync. */
  lines: string[];
  /** What differs, grouped (channel entries/edges, bundles, bundle content, properties, package, other). */
  groups: DriftGroup[];
  /**
   * A semver template whose catalog has the edges of an older opm's linking (judged with it): which
   * releases, and what a render with the parity release's linking would change in the channels.
   */
  semverLinking?: { linking: SemverLinking; releases: string; current: string[] };
  /** Rendered from the template pruned as the repository's pipeline prunes it for this catalog: how, and said. */
  pruning?: TemplatePruning;
  pruned?: string;
  /** The template leaves the package icon empty and the catalog has one: the pipeline fills it in. */
  iconFilled?: true;
  /**
   * A semver template's package written as opm before v1.65.0 wrote it (no icon, no description):
   * the fields a current opm adds from the default channel head's CSV.
   */
  packageMetadataBefore?: string[];
}

export interface TemplateStatus {
  /** opm's error when the template does not render. */
  error?: string;
  /** `unresolved image X (needed by template T line L)`: no catalog of the repository has it. */
  unresolved: string[];
  /** Those images themselves: what `fbc-studio open`'s server can pull for a render. */
  unresolvedImages: string[];
  /** `build/registry → prod/registry`: images found under another registry by digest. */
  mappings: string[];
  /** What offline data cannot supply (the rest of the render is exact). */
  incomplete: string[];
  drift: TemplateCatalogDrift[];
}

export interface StatusCatalog {
  path: string;
  dc: DeclarativeConfig;
  ocpVersion: string | null;
  /** An explicit migrate level for this catalog (the repository's configuration). */
  migrateLevel?: MigrateLevel;
  /** The catalog's files (path relative to the catalog, text), to diff a one-file catalog. */
  files: { path: string; text: string }[];
  /** The template is pruned for this catalog before rendering, as the repository's pipeline does. */
  pruning?: TemplatePruning;
}

/** One resolver over every catalog of the repository, in discovery order. */
export function repositoryResolver(catalogs: readonly StatusCatalog[]): CatalogBundleResolver {
  return new CatalogBundleResolver(catalogs.map((c) => ({ name: c.path, dc: c.dc })));
}

interface CatalogRender {
  catalog: StatusCatalog;
  level: MigrateLevel;
  levelWhy: string;
  result: TemplateRenderResult;
  /** The same render with a semver template's entries linked as another opm release linked them. */
  linked: (linking: SemverLinking) => TemplateRenderResult;
  /** The pruning the template had before this render. */
  prunedBy: TemplatePruning | undefined;
}

/**
 * The template rendered for each of its catalogs. Catalogs that resolve every image from the same
 * catalogs at the same levels share one render (one template feeding eight versions renders once
 * per distinct resolution).
 */
export function renderPerCatalog(
  template: WorkspaceTemplate,
  text: string,
  catalogs: readonly StatusCatalog[],
  resolver: CatalogBundleResolver,
  only?: string,
): { first: TemplateRenderResult; renders: CatalogRender[] } {
  const cache = new Map<string, TemplateRenderResult>();
  const renders: CatalogRender[] = [];
  for (const path of template.catalogs) {
    if (only !== undefined && path !== only) continue;
    const catalog = catalogs.find((x) => x.path === path);
    if (!catalog) continue;
    const pruned = catalog.pruning ? pruneTemplate(text, catalog.pruning.cutoff) : undefined;
    const input = pruned ?? text;
    const pref = resolver.preferring([path, ...template.catalogs.filter((p) => p !== path)]);
    const choice = migrateChoice(catalog);
    const levelOf = (r: ResolvedImage) => choice.forImage(r);
    const key =
      template.images
        .map((image) => {
          const r = pref.resolve(image);
          return r ? `${r.catalog}\u0000${levelOf(r)}` : '';
        })
        .join('\u0001') + (pruned === undefined ? '' : `\u0002${catalog.pruning?.cutoff ?? ''}`);
    let result = cache.get(key);
    if (!result) {
      result = renderTemplate(template.path, input, pref, { migrateLevel: levelOf });
      cache.set(key, result);
    }
    const linked = (semverLinking: SemverLinking) =>
      renderTemplate(template.path, input, pref, { migrateLevel: levelOf, semverLinking });
    const prunedBy = pruned === undefined ? undefined : catalog.pruning;
    renders.push({ catalog, level: choice.level, levelWhy: choice.why, result, linked, prunedBy });
  }
  const first = renders[0]?.result ?? renderTemplate(template.path, text, resolver);
  return { first, renders };
}

export function templateStatus(
  template: WorkspaceTemplate,
  text: string,
  catalogs: readonly StatusCatalog[],
  resolver: CatalogBundleResolver = repositoryResolver(catalogs),
): TemplateStatus {
  const { first, renders } = renderPerCatalog(template, text, catalogs, resolver);
  const mappings = new Set<string>();
  const incomplete = new Set<string>();
  for (const r of [first, ...renders.map((x) => x.result)]) {
    for (const m of r.mappings) mappings.add(`${m.from} → ${m.to}`);
    for (const i of r.incomplete ?? []) incomplete.add(i);
  }
  const status: TemplateStatus = {
    unresolved: first.unresolved.map((u) => u.message),
    unresolvedImages: [...new Set(first.unresolved.map((u) => u.image))],
    mappings: [...mappings],
    incomplete: [...incomplete],
    drift: [],
  };
  if (first.opmMessage) status.error = first.opmMessage;
  if (!first.ok) return status;
  for (const render of renders) {
    if (render.result.ok) status.drift.push(judgeCatalog(render));
  }
  return status;
}

/** How a catalog differs from one render of its template. */
function driftOf(result: TemplateRenderResult, catalog: StatusCatalog): TemplateDrift {
  const d = compareWithCommitted(result.blobs, { dc: catalog.dc }, { mappings: result.mappings });
  // When the package's icon cannot be known offline (the head bundle's CSV is kept only as
  // olm.csv.metadata in every catalog), the olm.package blob cannot be compared: not drift.
  if ((result.incomplete ?? []).some((i) => i.startsWith('package icon unknown offline'))) {
    d.changed = d.changed.filter((k) => k.schema !== 'olm.package');
  }
  d.changed = d.changed.filter((k) => !iconFilledIn(d, k));
  return d;
}

type Icon = { base64data?: unknown; mediatype?: unknown } | undefined;

/**
 * A package icon the template leaves empty (`base64data: ""`) and the catalog has, of the same media
 * type: the pipeline fills it in around opm (openshift/trustee-fbc's render.sh writes icon.png into
 * the template before rendering and empties it after), so a render does not change it.
 */
function fillsPlaceholder(rendered: Icon, committed: Icon): boolean {
  return (
    rendered?.base64data === '' &&
    typeof committed?.base64data === 'string' &&
    committed.base64data !== '' &&
    rendered.mediatype === committed.mediatype
  );
}

/** The render's one package has such an icon in the catalog. */
function iconPlaceholderFilled(result: TemplateRenderResult, catalog: StatusCatalog): boolean {
  const rendered = result.blobs.find((b) => b.schema === 'olm.package') as { icon?: Icon } | undefined;
  return catalog.dc.packages.length === 1 && fillsPlaceholder(rendered?.icon, catalog.dc.packages[0]?.icon);
}

/** A package that differs only by such an icon: not drift. */
function iconFilledIn(d: TemplateDrift, k: BlobKey): boolean {
  if (k.schema !== 'olm.package') return false;
  const pair = d.blobs.get(keyText(k));
  if (pair?.rendered.length !== 1 || pair.committed.length !== 1) return false;
  const { icon: r, ...rest } = pair.rendered[0] as { icon?: Icon } & Record<string, unknown>;
  const { icon: c, ...committed } = pair.committed[0] as { icon?: Icon } & Record<string, unknown>;
  return fillsPlaceholder(r, c) && JSON.stringify(rest) === JSON.stringify(committed);
}

const OLDER_LINKINGS: readonly SemverLinking[] = ['channel', 'channel-zmax-skips'];

/**
 * The render a catalog is judged against. A semver template's catalog whose channels the parity
 * release's linking does not give is tried with the linkings of older opm releases (v1.37.0–v1.60.x
 * linked each channel on its own, and many committed catalogs were rendered so): the one whose
 * channels the catalog has is the opm its pipeline ran, and judging it by another would call every
 * edge that release wrote drift.
 */
function judgedRender(render: CatalogRender): {
  result: TemplateRenderResult;
  d: TemplateDrift;
  linkings: SemverLinking[];
} {
  const d = driftOf(render.result, render.catalog);
  const channelsDiffer = d.changed.some((k) => k.schema === 'olm.channel');
  if (render.result.schema !== 'olm.semver' || !channelsDiffer)
    return { result: render.result, d, linkings: [] };
  let best: { result: TemplateRenderResult; d: TemplateDrift; linkings: SemverLinking[] } | undefined;
  for (const linking of OLDER_LINKINGS) {
    const result = render.linked(linking);
    if (!result.ok) continue;
    const other = driftOf(result, render.catalog);
    if (other.changed.some((k) => k.schema === 'olm.channel')) continue;
    // Both older linkings agree where no channel replaces another within itself (minor channels).
    if (best && describeDrift(best.d).join('\n') === describeDrift(other).join('\n'))
      best.linkings.push(linking);
    else best ??= { result, d: other, linkings: [linking] };
  }
  return best ?? { result: render.result, d, linkings: [] };
}

function judgeCatalog(render: CatalogRender): TemplateCatalogDrift {
  const { catalog, level, levelWhy } = render;
  const { result, d, linkings } = judgedRender(render);
  const schema = result.schema ? { schema: result.schema } : {};
  const metadata = result.schema === 'olm.semver' ? packageMetadataBefore(d) : undefined;
  const releases = linkingReleases(linkings);
  const out: TemplateCatalogDrift = {
    catalog: catalog.path,
    level,
    levelWhy,
    ...(render.prunedBy && { pruning: render.prunedBy, pruned: prunedText(render.prunedBy, catalog) }),
    ...(iconPlaceholderFilled(result, catalog) && { iconFilled: true as const }),
    ...(metadata && { packageMetadataBefore: metadata }),
    lines: describeDrift(d),
    groups: explainDrift(d, { level, ...schema, ...(releases && { linkedBy: releases }) }),
  };
  if (releases) {
    // What a current opm would write instead: the parity render's channel differences, less those
    // the catalog has from its own render too (a hand edit is drift either way, said once).
    const channelItems = (groups: DriftGroup[]) => groups.find((g) => g.id === 'channels')?.items ?? [];
    const own = new Set(channelItems(out.groups));
    const current = channelItems(explainDrift(driftOf(render.result, catalog), { level, ...schema }));
    out.semverLinking = {
      linking: linkings[0] as SemverLinking,
      releases,
      current: current.filter((i) => !own.has(i)),
    };
  }
  return out;
}

/**
 * A semver template's package blob as opm before v1.65.0 rendered it: the render has the icon or
 * description a current opm copies from the default channel head's CSV (operator-registry #1933),
 * the catalog neither, and nothing else differs. Taken out of the drift; the fields, or undefined.
 */
function packageMetadataBefore(d: TemplateDrift): string[] | undefined {
  const k = d.changed.find((x) => x.schema === 'olm.package');
  const pair = k && d.blobs.get(keyText(k));
  if (!k || pair?.rendered.length !== 1 || pair.committed.length !== 1) return undefined;
  const { icon, description, ...rest } = pair.rendered[0] as Record<string, unknown>;
  const committed = pair.committed[0] as Record<string, unknown>;
  const added = [
    ...(icon !== undefined ? ['icon'] : []),
    ...(description !== undefined ? ['description'] : []),
  ];
  if (added.length === 0 || 'icon' in committed || 'description' in committed) return undefined;
  if (JSON.stringify(rest) !== JSON.stringify(committed)) return undefined;
  d.changed = d.changed.filter((x) => x !== k);
  return added;
}

function prunedText(p: TemplatePruning, catalog: StatusCatalog): string {
  return `pruned as ${p.file} says for OpenShift ${catalog.ocpVersion ?? '?'}: Y-streams up to ${p.cutoff} dropped`;
}

/** The opm releases of the linkings a catalog's channels agree with, said as one range. */
function linkingReleases(linkings: readonly SemverLinking[]): string | undefined {
  if (linkings.length === 0) return undefined;
  // Both older linkings (minor channels, where they agree): their releases end to end.
  if (linkings.length > 1) return 'opm v1.37.0 to v1.60.x';
  return SEMVER_LINKING_RELEASES[linkings[0] as SemverLinking];
}

/**
 * The unified diff committed → render of one catalog of a template, computed on request (printing
 * or showing it is the only use, and it costs more than the whole judgement). A one-file catalog is
 * diffed as written; a catalog of several files as opm would write both, in the file's format.
 */
export function templateDriftDiff(
  template: WorkspaceTemplate,
  text: string,
  catalogs: readonly StatusCatalog[],
  catalogPath: string,
  resolver: CatalogBundleResolver = repositoryResolver(catalogs),
): string | undefined {
  const { renders } = renderPerCatalog(template, text, catalogs, resolver, catalogPath);
  const r = renders[0];
  if (!r || !r.result.ok) return undefined;
  const one = r.catalog.files.length === 1 ? r.catalog.files[0] : undefined;
  const format = (one ?? r.catalog.files[0])?.path.endsWith('.json') ? 'json' : 'yaml';
  // The render the catalog is judged against (its opm's semver linking), so the diff shows the drift.
  const rendered = writeRendered(judgedRender(r).result.blobs, format);
  const committed = one ? one.text : writeRendered(orderFbcBlobs(goBlobs(r.catalog.dc)), format);
  if (committed === rendered) return undefined;
  const file = one ? `${catalogPath}/${one.path}` : `${catalogPath} (as opm writes it)`;
  return createTwoFilesPatch(file, `${file} (rendered from ${template.path})`, committed, rendered);
}

function groupsText(groups: readonly DriftGroup[]): string {
  return groups
    .map((g) => {
      const shown = g.items.slice(0, 3).join('; ');
      const more = g.items.length > 3 ? ` (+${g.items.length - 3} more)` : '';
      return `${g.title} [${g.assumes}]: ${shown}${more}`;
    })
    .join('; ');
}

/** A finding per drifted catalog, at the template; and per catalog rendered by an older opm's semver linking. */
export function driftFindings(template: WorkspaceTemplate, status: TemplateStatus): Diagnostic[] {
  const location = { file: template.path, start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  const out: Diagnostic[] = [];
  for (const d of status.drift) {
    if (d.lines.length > 0) {
      out.push({
        severity: 'warning',
        source: 'fbc-studio',
        rule: 'template-drift',
        message:
          `${d.catalog} is not what ${template.path} renders at migrate level ${d.level} (${d.levelWhy})` +
          `${d.pruned ? `, ${d.pruned}` : ''}: ` +
          `${groupsText(d.groups)}. Rendering the template again would change exactly this; ` +
          'a change meant to stay belongs in the template',
        location,
      });
    }
    if (d.packageMetadataBefore) {
      out.push({
        severity: 'info',
        source: 'fbc-studio',
        rule: 'semver-package-metadata-changed',
        message:
          `${d.catalog} has the package blob ${template.path} renders with opm before v1.65.0, which wrote ` +
          'no icon or description for a semver template; opm v1.65.0 and later copy them from the default ' +
          `channel head's CSV, so rendering with a current opm would add its ${d.packageMetadataBefore.join(' and ')}`,
        location,
      });
    }
    if (d.semverLinking) {
      const { releases, current } = d.semverLinking;
      const shown =
        current.slice(0, 3).join('; ') + (current.length > 3 ? ` (+${current.length - 3} more)` : '');
      out.push({
        severity: 'info',
        source: 'fbc-studio',
        rule: 'semver-linking-changed',
        message:
          `${d.catalog} has the channel edges ${template.path} renders with ${releases}, which linked each ` +
          `semver channel on its own; opm v1.61.0 and later link the Y-streams of a major version across channels, so rendering ` +
          `with a current opm would change: ${shown}. Pin the pipeline's opm, or render with a current one ` +
          'and review the new edges',
        location,
      });
    }
  }
  return out;
}
