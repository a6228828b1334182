import type { MigrateLevel } from './migrate-level';
import { PARITY_RELEASE } from './parity';
import { keyText, type BlobKey, type TemplateDrift } from './template-drift';

/**
 * What a drift is made of, in the words a maintainer fixes it by: channel entries and edges,
 * bundles added or removed, bundle content, properties, package metadata, other blobs. Each group
 * names the opm behaviour (PARITY_RELEASE) the render assumes, so a difference that a newer or
 * older opm would not make can be told from a hand edit.
 */

export type DriftGroupId = 'channels' | 'bundles' | 'bundle-content' | 'properties' | 'package' | 'other';

export interface DriftGroup {
  id: DriftGroupId;
  title: string;
  /** The opm behaviour the render emulates for this part. */
  assumes: string;
  /** One line per difference, e.g. `stable: entry op.v1.2 added`. */
  items: string[];
}

export interface ExplainContext {
  level: MigrateLevel;
  /** The template's schema: semver templates generate channels and the package blob. */
  schema?: string;
  /** The opm releases whose semver linking the catalog's channels were judged by, when not the parity release's. */
  linkedBy?: string;
}

type Blob = Record<string, unknown>;

const TITLES: Record<DriftGroupId, string> = {
  channels: 'channel entries/edges',
  bundles: 'bundles added/removed',
  'bundle-content': 'bundle content',
  properties: 'properties',
  package: 'package metadata',
  other: 'other blobs',
};

/** Bundle properties that are the bundle's content as its image holds it (the migrate level's forms). */
const CONTENT_PROPERTIES = new Set(['olm.bundle.object', 'olm.csv.metadata']);

function assumes(id: DriftGroupId, ctx: ExplainContext): string {
  const semver = ctx.schema === 'olm.semver';
  switch (id) {
    case 'channels':
      return semver
        ? `generated as ${ctx.linkedBy ?? `opm ${PARITY_RELEASE}`}'s semver template does`
        : 'as the template lists them';
    case 'bundles':
      return "exactly the template's images";
    case 'bundle-content':
      return `each image read from its digest in the repository's catalogs, at migrate level ${ctx.level}`;
    case 'properties':
      return `as opm ${PARITY_RELEASE} renders the image`;
    case 'package':
      return semver
        ? `opm ${PARITY_RELEASE} writes the default channel head's CSV icon and description`
        : 'as the template writes it';
    case 'other':
      return 'copied from the template as written';
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function list(v: unknown): Blob[] {
  return Array.isArray(v) ? (v as Blob[]) : [];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Property types whose values differ (as multisets), in first-seen order. */
function propertyTypes(a: unknown, b: unknown): string[] {
  const bag = (v: unknown) => {
    const m = new Map<string, string[]>();
    for (const p of list(v)) {
      const t = str(p.type);
      m.set(t, [...(m.get(t) ?? []), JSON.stringify(p.value)]);
    }
    for (const vs of m.values()) vs.sort();
    return m;
  };
  const ma = bag(a);
  const mb = bag(b);
  const out: string[] = [];
  for (const t of new Set([...ma.keys(), ...mb.keys()])) {
    if (!same(ma.get(t) ?? [], mb.get(t) ?? [])) out.push(t);
  }
  return out;
}

/**
 * How two copies of one bundle (Go shapes) differ: its content (name, image, relatedImages, the
 * olm.bundle.object / olm.csv.metadata forms) and the other property types whose values differ.
 */
export function bundleDifferences(a: Blob, b: Blob): { content: string[]; properties: string[] } {
  const content: string[] = [];
  if (!same(a.name, b.name)) content.push(`name ${str(b.name)} → ${str(a.name)}`);
  if (!same(a.image, b.image)) content.push(`image ${str(b.image)} → ${str(a.image)}`);
  if (!same(a.relatedImages ?? [], b.relatedImages ?? [])) content.push('relatedImages');
  const props = propertyTypes(a.properties, b.properties);
  const forms = props.filter((t) => CONTENT_PROPERTIES.has(t));
  if (forms.length) content.push(forms.join(', '));
  return { content, properties: props.filter((t) => !CONTENT_PROPERTIES.has(t)) };
}

function channelItems(name: string, r: Blob, c: Blob): string[] {
  const entries = (b: Blob) => new Map(list(b.entries).map((e) => [str(e.name), e]));
  const re = entries(r);
  const ce = entries(c);
  const out: string[] = [];
  for (const n of re.keys()) if (!ce.has(n)) out.push(`${name}: entry ${n} added by the render`);
  for (const n of ce.keys()) if (!re.has(n)) out.push(`${name}: entry ${n} not in the render`);
  for (const [n, e] of re) {
    const x = ce.get(n);
    if (!x) continue;
    for (const edge of ['replaces', 'skips', 'skipRange'] as const) {
      if (same(e[edge] ?? null, x[edge] ?? null)) continue;
      const show = (v: unknown) => (v === undefined ? 'none' : Array.isArray(v) ? v.join(', ') : str(v));
      out.push(`${name}: ${n} ${edge} ${show(x[edge])} → ${show(e[edge])}`);
    }
  }
  return out;
}

/** The groups of a drift (only those with differences), in a fixed order. */
export function explainDrift(d: TemplateDrift, ctx: ExplainContext): DriftGroup[] {
  const items: Record<DriftGroupId, string[]> = {
    channels: [],
    bundles: [],
    'bundle-content': [],
    properties: [],
    package: [],
    other: [],
  };
  const pair = (k: BlobKey) => d.blobs.get(keyText(k)) ?? { rendered: [], committed: [] };
  for (const k of d.missing) {
    if (k.schema === 'olm.bundle') items.bundles.push(`${k.name} added by the render`);
    else if (k.schema === 'olm.channel') items.channels.push(`channel ${k.name} added by the render`);
    else if (k.schema === 'olm.package') items.package.push(`olm.package ${k.package} added by the render`);
    else items.other.push(`${k.schema} ${k.package} ${k.name}`.trim() + ' added by the render');
  }
  for (const k of d.extra) {
    if (k.schema === 'olm.bundle') items.bundles.push(`${k.name} committed, not in the render`);
    else if (k.schema === 'olm.channel')
      items.channels.push(`channel ${k.name} committed, not in the render`);
    else if (k.schema === 'olm.package')
      items.package.push(`olm.package ${k.package} committed, not in the render`);
    else items.other.push(`${k.schema} ${k.package} ${k.name}`.trim() + ' committed, not in the render');
  }
  for (const k of d.changed) {
    const { rendered, committed } = pair(k);
    const r = rendered[0] ?? {};
    const c = committed[0] ?? {};
    if (rendered.length !== 1 || committed.length !== 1) {
      items.other.push(
        `${k.schema} ${k.package} ${k.name}: ${committed.length} committed copies, ${rendered.length} rendered`,
      );
      continue;
    }
    if (k.schema === 'olm.channel') {
      items.channels.push(...channelItems(k.name, r, c));
      const props = propertyTypes(r.properties, c.properties);
      if (props.length) items.properties.push(`channel ${k.name}: ${props.join(', ')}`);
    } else if (k.schema === 'olm.bundle') {
      const { content, properties } = bundleDifferences(r, c);
      if (content.length) items['bundle-content'].push(`${k.name}: ${content.join('; ')}`);
      if (properties.length) items.properties.push(`${k.name}: ${properties.join(', ')}`);
    } else if (k.schema === 'olm.package') {
      const fields = ['defaultChannel', 'icon', 'description'].filter((f) => !same(r[f], c[f]));
      if (!same(r.properties ?? [], c.properties ?? [])) fields.push('properties');
      items.package.push(`${k.package}: ${fields.join(', ') || 'content'}`);
    } else {
      items.other.push(`${k.schema} ${k.package} ${k.name}`.trim() + ' differs');
    }
  }
  return (Object.keys(items) as DriftGroupId[])
    .filter((id) => items[id].length > 0)
    .map((id) => ({ id, title: TITLES[id], assumes: assumes(id, ctx), items: items[id] }));
}
