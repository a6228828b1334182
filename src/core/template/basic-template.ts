import type { DeclBundle, DeclarativeConfig } from '../declcfg/types';
import type { JsonPath, SourceRange } from '../location';
import { goBlobs, goBundle, type KeyOrder } from './go-blobs';
import { TemplateError } from './semver-template';
import { locateField, type TemplateDocument } from './template-document';
import { checkSchema, loadEntries, unmarshalTemplate } from './template-entries';

/**
 * operator-registry's basic catalog template (`olm.template.basic`, alpha/template/basic), fbc-rules
 * §8.1: FBC entries whose olm.bundle blobs carry only an image; rendering replaces each with the
 * full bundle that image holds and passes every other entry through (decoded into opm's structs,
 * so unknown fields are dropped). No channels are generated, and the result is not validated.
 */

export const BASIC_SCHEMA = 'olm.template.basic';

/** A bundle image a template asks for, and where. */
export interface TemplateImageRef {
  image: string;
  path: JsonPath;
  location: SourceRange;
}

export interface BasicTemplate {
  schema: typeof BASIC_SCHEMA;
  /** The entries as loaded (bundles are still the image-only stubs). */
  entries: DeclarativeConfig;
  /** One per olm.bundle entry, in entry order. */
  images: TemplateImageRef[];
  /** Key order of pass-through JSON (sorted when the template is YAML, as Go re-marshals it). */
  keyOrder: KeyOrder;
}

/** isBundleTemplate: an image and nothing that rendering would have to overwrite. */
function isBundleStub(b: DeclBundle): boolean {
  return b.image !== '' && b.package === '' && b.properties.length === 0 && b.relatedImages.length === 0;
}

/**
 * Reads a basic template as opm does (parseSpec, LoadSlice, the bundle stub check). Throws
 * TemplateError with opm's message (without `rendering template: `) and the place in the file.
 */
export function parseBasicTemplate(doc: TemplateDocument): BasicTemplate {
  const decoded = unmarshalTemplate(
    doc,
    { goType: 'basic.BasicTemplateData', fields: { schema: 'string', entries: 'entries' } },
    'unmarshalling template: ',
  );
  checkSchema(doc, decoded, BASIC_SCHEMA, '');
  const key = decoded.keys.entries ?? 'entries';
  const { dc, bundleEntries } = loadEntries(doc, key, (decoded.values.entries as unknown[]) ?? [], '');
  const images: TemplateImageRef[] = [];
  dc.bundles.forEach((b, i) => {
    const entry = bundleEntries[i] as number;
    if (!isBundleStub(b)) {
      throw new TemplateError(
        'unexpected fields present in basic template bundle',
        locateField(doc, [key, entry]),
      );
    }
    const imageKey = Object.keys(b.raw).find((k) => k.toLowerCase() === 'image') ?? 'image';
    const path = [key, entry, imageKey];
    images.push({ image: b.image, path, location: locateField(doc, path) });
  });
  return {
    schema: BASIC_SCHEMA,
    entries: dc,
    images,
    // Entries are declcfg.Meta: re-encoded from a Go map, so sorted keys from YAML and JSON alike.
    keyOrder: 'sorted',
  };
}

/** A resolved bundle: the committed blob, written under the image reference the template used. */
export interface BundleRender {
  bundle: DeclBundle;
  image: string;
}

/**
 * The rendered blobs (Go shapes; the writer orders them). `render(image)` returns the bundle for
 * every image of `t.images` (callers check resolution first).
 */
export function renderBasicTemplate(
  t: BasicTemplate,
  render: (image: string) => BundleRender,
): Record<string, unknown>[] {
  const { bundles: _stubs, ...rest } = t.entries;
  const passThrough = goBlobs({ ...rest, bundles: [] }, t.keyOrder);
  const bundles = t.images.map(({ image }) => {
    const r = render(image);
    return goBundle(r.bundle, 'as-is', r.image);
  });
  return [...passThrough, ...bundles];
}
