import type { DeclBundle } from '../declcfg/types';
import { decodeBundleObjects, findCsv } from '../load';
import type { SourceRange } from '../location';
import {
  parseBasicTemplate,
  renderBasicTemplate,
  type BundleRender,
  type TemplateImageRef,
} from './basic-template';
import type { CatalogBundleResolver, RegistryMapping, ResolvedImage } from './bundle-resolver';
import { goBundle, goBytesBase64 } from './go-blobs';
import { go, goDecode } from '../gojson';
import { IconType } from '../load/gotypes';
import { migrateBundle, type MigrateLevel } from './migrate-level';
import { orderFbcBlobs, writeFbcJson, writeFbcYaml } from './fbc-writer';
import {
  parseSemverTemplate,
  renderSemverTemplate,
  TemplateError,
  type RenderedBundle,
  type SemverTemplate,
} from './semver-template';
import { parseSubstitutesTemplate, renderSubstitutesTemplate } from './substitutes-template';
import type { SemverLinking } from './semver-channels';
import {
  goFieldKey,
  isDocumentError,
  locateField,
  readTemplateDocument,
  type TemplateDocument,
} from './template-document';
import { detectSchema, invalidTemplateType, schemaOfType, type TemplateSchema } from './template-schema';

export {
  TEMPLATE_SCHEMAS,
  TEMPLATE_TYPES,
  invalidTemplateType,
  schemaOfType,
  type TemplateSchema,
} from './template-schema';

/**
 * `opm alpha render-template [TYPE] FILE`, offline: detect the template type from the first
 * document's `schema`, read the template with opm's checks and messages, resolve every bundle image
 * from the repository's catalogs (never the network), render, and write with opm's writer. What
 * cannot be resolved is listed with the template line that needs it, and nothing is rendered then.
 */

export interface UnresolvedImage {
  image: string;
  /** The template file. */
  template: string;
  location: SourceRange;
  /** `unresolved image X (needed by template T line L)`. */
  message: string;
}

export interface TemplateRenderResult {
  ok: boolean;
  /** The detected (or given) template schema, once known. */
  schema?: TemplateSchema;
  /** The rendered blobs in opm's writer order (when ok). */
  blobs: Record<string, unknown>[];
  /** opm's error, its message without the command's wrapping; absent when ok or when only images are unresolved. */
  error?: TemplateError;
  /** What opm prints for `error` (wrapped as `opm alpha render-template` wraps it). */
  opmMessage?: string;
  /** Images no catalog holds: the render could not be done offline. */
  unresolved: UnresolvedImage[];
  /** Every image that was resolved, in template order. */
  resolved: ResolvedImage[];
  /** Distinct registry mappings used (images found under another registry by digest). */
  mappings: RegistryMapping[];
  /** Parts of opm's output that offline data cannot supply (the rest of the render is exact). */
  incomplete?: string[];
}

export interface RenderTemplateOptions {
  /** An explicit template type (basic, semver, substitutes), as `opm alpha render-template TYPE FILE`. */
  type?: string;
  /** How a semver template's entries are linked, as an opm release did (absent: the parity release's). */
  semverLinking?: SemverLinking;
  /**
   * opm's `--migrate-level`, for every bundle or per resolved image (a repository judges each
   * bundle by the form its own catalog keeps); `none` is opm without the flag. Absent: each bundle
   * in the form the catalog it resolved from keeps it (an edit rendering its own catalog again).
   */
  migrateLevel?: MigrateLevel | ((r: ResolvedImage) => MigrateLevel);
}

/** The images a semver template lists, in archetype then list order, with their places. */
function semverImages(doc: TemplateDocument, t: Required<SemverTemplate>): TemplateImageRef[] {
  const out: TemplateImageRef[] = [];
  const root = (doc.value ?? {}) as Record<string, unknown>;
  for (const arch of ['candidate', 'fast', 'stable'] as const) {
    const archKey = goFieldKey(root, arch);
    const list = archKey === undefined ? undefined : (root[archKey] as Record<string, unknown> | null);
    const bundlesKey = list && typeof list === 'object' ? goFieldKey(list, 'bundles') : undefined;
    const items =
      bundlesKey === undefined ? [] : ((list as Record<string, unknown>)[bundlesKey] as unknown[]);
    t[arch].bundles.forEach((b, i) => {
      const item = items?.[i] as Record<string, unknown> | undefined;
      const imageKey = item && typeof item === 'object' ? (goFieldKey(item, 'image') ?? 'image') : 'image';
      const path = archKey && bundlesKey ? [archKey, bundlesKey, i, imageKey] : [];
      out.push({ image: b.image, path, location: locateField(doc, path) });
    });
  }
  return out;
}

function unresolvedMessage(image: string, template: string, location: SourceRange): string {
  return `unresolved image ${image} (needed by template ${template} line ${location.start.line})`;
}

/**
 * A CSV's spec.icon as registry's GetIcons decodes it, []registry.Icon: the same two fields as
 * declcfg's Icon (base64data a []byte, mediatype a string).
 */
const CSV_ICONS = go.slice(IconType);

/**
 * What opm reads from a pulled bundle's CSV for the package blob: spec.description and the first
 * spec.icon. Offline the CSV is the olm.bundle.object one when the catalog kept it; with only
 * olm.csv.metadata the description is known but the icon is not.
 */
function bundleCsv(b: DeclBundle): RenderedBundle['csv'] {
  const csv = findCsv(decodeBundleObjects(b));
  const spec = (csv?.spec ?? undefined) as Record<string, unknown> | undefined;
  if (spec) {
    const out: NonNullable<RenderedBundle['csv']> = {};
    if (typeof spec.description === 'string') out.description = spec.description;
    // GetIcons decodes the whole list into []registry.Icon: keys matched as encoding/json does,
    // base64data a []byte (decoded, written back in standard form); one bad icon, and there is none.
    const icons =
      spec.icon == null
        ? undefined
        : goDecode<{ base64data: string; mediatype: string }[]>(spec.icon, CSV_ICONS);
    const first = icons && !icons.error ? icons.value[0] : undefined;
    if (first) out.icon = { base64data: goBytesBase64(first.base64data), mediatype: first.mediatype };
    return out;
  }
  const meta = b.properties.find((p) => p.type === 'olm.csv.metadata')?.value as
    Record<string, unknown> | undefined;
  return typeof meta?.description === 'string' ? { description: meta.description } : undefined;
}

/**
 * The semver port's view of a resolved bundle: the committed blob under the template's image name;
 * `csvFrom` is the form of the same image that still holds its CSV, when some catalog keeps one.
 */
function semverBundle(r: BundleRender, csvFrom: DeclBundle): RenderedBundle {
  const blob = goBundle(r.bundle, 'as-is', r.image);
  const csv = bundleCsv(csvFrom);
  return {
    ...(csv ? { csv } : {}),
    name: r.bundle.name,
    package: r.bundle.package,
    version: '',
    image: r.image,
    properties: (blob.properties as unknown[] | undefined) ?? [],
    ...(blob.relatedImages ? { relatedImages: blob.relatedImages as { name: string; image: string }[] } : {}),
  };
}

/** What `opm alpha render-template` prints for a failure at each step. */
function wrap(step: 'detect' | 'type' | 'render', e: TemplateError): string {
  if (step === 'detect') return `auto-detecting template type: ${e.message}`;
  if (step === 'type') return e.message;
  return `rendering template: ${e.message}`;
}

function failure(
  step: 'detect' | 'type' | 'render',
  e: unknown,
  base: Partial<TemplateRenderResult>,
): TemplateRenderResult {
  if (!(e instanceof TemplateError)) throw e;
  return {
    ok: false,
    blobs: [],
    unresolved: [],
    resolved: [],
    mappings: [],
    ...base,
    error: e,
    opmMessage: wrap(step, e),
  };
}

/**
 * opm's failure when `text` is no template it can detect (and no type is given), before any bundle
 * is looked for: a caller can stop without reading catalogs. Undefined when detection succeeds.
 */
export function templateDetectionFailure(path: string, text: string): TemplateRenderResult | undefined {
  const doc = readTemplateDocument(path, text);
  if (isDocumentError(doc))
    return failure('detect', new TemplateError(`decoding template input: ${doc.message}`, doc.location), {});
  try {
    detectSchema(doc);
  } catch (e) {
    return failure('detect', e, {});
  }
  return undefined;
}

/** Renders the template `text` (the file at `path`) with bundles from `resolver`. */
export function renderTemplate(
  path: string,
  text: string,
  resolver: CatalogBundleResolver,
  opts: RenderTemplateOptions = {},
): TemplateRenderResult {
  let schema: TemplateSchema;
  const doc = readTemplateDocument(path, text);
  if (opts.type !== undefined) {
    const typed = schemaOfType(opts.type);
    if (typed === undefined) return failure('type', new TemplateError(invalidTemplateType(opts.type)), {});
    schema = typed;
  } else {
    if (isDocumentError(doc)) {
      return failure(
        'detect',
        new TemplateError(`decoding template input: ${doc.message}`, doc.location),
        {},
      );
    }
    try {
      schema = detectSchema(doc);
    } catch (e) {
      return failure('detect', e, {});
    }
  }

  const incomplete: string[] = [];
  const byImage = new Map<string, ResolvedImage>();
  // opm reads the package's icon and description from the pulled image's CSV, whatever the migrate
  // level; offline that is any catalog's olm.bundle.object form of the same digest.
  const withCsv = (image: string): DeclBundle => {
    const r = byImage.get(image);
    if (!r) throw new Error(`unreachable: ${image} was not resolved`);
    if (hasCsv(r.bundle)) return r.bundle;
    return resolver.holders(image).find((h) => hasCsv(h.bundle))?.bundle ?? r.bundle;
  };
  try {
    let images: TemplateImageRef[];
    let render: (lookup: (image: string) => BundleRender) => Record<string, unknown>[];
    if (schema === 'olm.semver') {
      const t = parseSemverTemplate(text);
      images = isDocumentError(doc) ? [] : semverImages(doc, t);
      render = (lookup) => {
        const out = renderSemverTemplate(
          t,
          (image) => [semverBundle(lookup(image), withCsv(image))],
          opts.semverLinking ? { linking: opts.semverLinking } : {},
        );
        const head = out.channels.find((c) => c.name === out.package.defaultChannel)?.entries.at(-1)?.name;
        const headBundle = [...t.candidate.bundles, ...t.fast.bundles, ...t.stable.bundles]
          .map((b) => withCsv(b.image))
          .find((b) => b.name === head);
        if (headBundle && !hasCsv(headBundle)) {
          incomplete.push(
            `package icon unknown offline: opm copies it from the CSV of ${headBundle.name}, which the catalogs keep only as olm.csv.metadata`,
          );
        }
        return [out.package, ...out.channels, ...out.bundles] as unknown as Record<string, unknown>[];
      };
    } else {
      if (isDocumentError(doc)) {
        const prefix = schema === 'olm.template.basic' ? '' : 'render: unable to parse template: ';
        throw new TemplateError(`${prefix}decoding template schema: ${doc.message}`, doc.location);
      }
      if (schema === 'olm.template.basic') {
        const t = parseBasicTemplate(doc);
        images = t.images;
        render = (lookup) => renderBasicTemplate(t, lookup);
      } else {
        const t = parseSubstitutesTemplate(doc);
        images = t.images;
        render = (lookup) => renderSubstitutesTemplate(t, lookup);
      }
    }

    const resolved: ResolvedImage[] = [];
    const unresolved: UnresolvedImage[] = [];
    const missing = new Set<string>();
    for (const ref of images) {
      if (byImage.has(ref.image) || missing.has(ref.image)) continue;
      const r = resolver.resolve(ref.image);
      if (r) {
        byImage.set(ref.image, r);
        resolved.push(r);
      } else {
        missing.add(ref.image);
        unresolved.push({
          image: ref.image,
          template: path,
          location: ref.location,
          message: unresolvedMessage(ref.image, path, ref.location),
        });
      }
    }
    const mappings = distinctMappings(resolved);
    if (unresolved.length > 0) return { ok: false, schema, blobs: [], unresolved, resolved, mappings };
    const level = opts.migrateLevel;
    const migrated = new Map<string, DeclBundle>();
    const blobs = render((image) => {
      const r = byImage.get(image);
      if (!r) throw new Error(`unreachable: ${image} was not resolved`);
      // No level asked for (an edit re-rendering its own catalog): the bundle in the form its catalog keeps.
      if (level === undefined) return { bundle: r.bundle, image };
      let bundle = migrated.get(image);
      if (!bundle) {
        const l = typeof level === 'function' ? level(r) : level;
        // Unmigrated, opm writes the image's olm.bundle.object properties: a catalog that keeps only
        // olm.csv.metadata cannot give them, another catalog with the same digest may.
        const from = l === 'none' && !hasCsv(r.bundle) ? withCsv(image) : r.bundle;
        if (l === 'none' && !hasCsv(from) && bundleKeepsCsvMetadata(from)) {
          incomplete.push(
            `bundle ${from.name} is kept only as olm.csv.metadata in the repository's catalogs: unmigrated, opm writes its olm.bundle.object properties`,
          );
        }
        bundle = migrateBundle(from, l);
        migrated.set(image, bundle);
      }
      return { bundle, image };
    });
    return {
      ok: true,
      schema,
      blobs: orderFbcBlobs(blobs) as Record<string, unknown>[],
      unresolved,
      resolved,
      mappings,
      ...(incomplete.length ? { incomplete } : {}),
    };
  } catch (e) {
    return failure('render', e, { schema });
  }
}

function bundleKeepsCsvMetadata(b: DeclBundle): boolean {
  return b.properties.some((p) => p.type === 'olm.csv.metadata');
}

/** Decoding a bundle's objects is the costly part of a render: asked once per bundle. */
const csvKnown = new WeakMap<DeclBundle, boolean>();

function hasCsv(b: DeclBundle): boolean {
  let known = csvKnown.get(b);
  if (known === undefined) {
    known =
      b.properties.some((p) => p.type === 'olm.bundle.object') &&
      findCsv(decodeBundleObjects(b)) !== undefined;
    csvKnown.set(b, known);
  }
  return known;
}

function distinctMappings(resolved: readonly ResolvedImage[]): RegistryMapping[] {
  const seen = new Map<string, RegistryMapping>();
  for (const r of resolved) {
    if (r.mapping) seen.set(`${r.mapping.from}\u0000${r.mapping.to}`, r.mapping);
  }
  return [...seen.values()];
}

/** The rendered blobs as opm prints them (`-o json` or `-o yaml`). */
export function writeRendered(blobs: readonly object[], output: 'json' | 'yaml'): string {
  return output === 'json' ? writeFbcJson(blobs) : writeFbcYaml(blobs);
}

/** The summary line for a render that could not be done offline. */
export function unresolvedSummary(unresolved: readonly UnresolvedImage[]): string {
  const n = unresolved.length;
  return `cannot render offline: ${n} bundle image${n === 1 ? '' : 's'} not found in the repository's catalogs`;
}
