import { bundleVersion } from '../../model/properties';
import type { Version } from '../../semver';
import type { CatalogBundleResolver } from '../../template/bundle-resolver';
import { ARCHETYPES, type Archetype } from '../../template/semver-channels';
import { parseSemverTemplate, TemplateError, type SemverTemplate } from '../../template/semver-template';
import { goFieldKey, type TemplateDocument } from '../../template/template-document';
import { EditError } from '../blob-op';

/**
 * What edits of a semver template (`olm.semver`) work on: its three bundle lists (Candidate, Fast,
 * Stable) with the keys as the file spells them, and what each listed image renders to. Channels,
 * `replaces`, `skips` and the default channel are generated from versions, so only the lists can be
 * edited (see semver-actions.ts).
 */

export interface SemverList {
  /** The archetype's key as written (`Stable`, `stable`), when present. */
  key?: string;
  /** Its bundle list's key as written, when present. */
  bundlesKey?: string;
  images: string[];
}

export interface ResolvedImageInfo {
  name: string;
  package: string;
  version?: Version;
}

export interface SemverTemplateContext {
  doc: TemplateDocument;
  template: Required<SemverTemplate>;
  lists: Record<Archetype, SemverList>;
  /** How new keys are spelled: like the template's `schema` key (`Schema` → `Stable`, `Bundles`, `Image`). */
  capitalized: boolean;
  /** The item key of bundle images as written (`image` / `Image`). */
  imageKey: string;
  /** What each image renders to, where a catalog of the repository holds it. */
  images: Map<string, ResolvedImageInfo>;
  unresolved: string[];
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

export function semverTemplateContext(
  doc: TemplateDocument,
  resolver: CatalogBundleResolver | undefined,
): SemverTemplateContext {
  let template: Required<SemverTemplate>;
  try {
    template = parseSemverTemplate(doc.file.text);
  } catch (e) {
    if (e instanceof TemplateError) throw new EditError(`the template does not render: ${e.message}`);
    throw e;
  }
  const root = obj(doc.value) ?? {};
  const schemaKey = goFieldKey(root, 'schema') ?? 'schema';
  const capitalized = /^[A-Z]/.test(schemaKey);
  let imageKey: string | undefined;
  const lists = {} as Record<Archetype, SemverList>;
  for (const arch of ARCHETYPES) {
    const key = goFieldKey(root, arch);
    const list = key === undefined ? undefined : obj(root[key]);
    const bundlesKey = list ? goFieldKey(list, 'bundles') : undefined;
    const items = bundlesKey && list ? list[bundlesKey] : undefined;
    if (Array.isArray(items)) for (const it of items) imageKey ??= goFieldKey(obj(it) ?? {}, 'image');
    lists[arch] = {
      ...(key !== undefined ? { key } : {}),
      ...(bundlesKey !== undefined ? { bundlesKey } : {}),
      images: template[arch].bundles.map((b) => b.image),
    };
  }
  const images = new Map<string, ResolvedImageInfo>();
  const unresolved: string[] = [];
  for (const arch of ARCHETYPES)
    for (const image of lists[arch].images) {
      if (images.has(image) || unresolved.includes(image)) continue;
      const r = resolver?.resolve(image);
      if (!r) {
        unresolved.push(image);
        continue;
      }
      const version = bundleVersion(r.bundle);
      images.set(image, { name: r.bundle.name, package: r.bundle.package, ...(version ? { version } : {}) });
    }
  return {
    doc,
    template,
    lists,
    capitalized,
    imageKey: imageKey ?? (capitalized ? 'Image' : 'image'),
    images,
    unresolved,
  };
}

/** The key a new field gets, spelled like the template's own keys. */
export function spell(s: SemverTemplateContext, field: string): string {
  return s.capitalized ? field.charAt(0).toUpperCase() + field.slice(1) : field;
}
