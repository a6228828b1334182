import { emptyDeclarativeConfig, type DeclBundle } from '../../declcfg/types';
import { addBlob } from '../../load/dispatch';
import { extractMeta } from '../../load/meta';
import type { BlobOrigin } from '../../location';
import { convertToModel } from '../../model/convert';
import type { CatalogBundleResolver } from '../../template/bundle-resolver';
import { parseBasicTemplate } from '../../template/basic-template';
import { TemplateError } from '../../template/semver-template';
import { goFieldKey, type TemplateDocument } from '../../template/template-document';
import type { EditContext } from '../action';
import { EditError } from '../blob-op';
import { jsonListItems } from '../json-blob';
import { yamlListItems } from '../yaml-blob';

/**
 * An EditContext over a basic template (`olm.template.basic`): its olm.package, olm.channel,
 * olm.deprecations and bundle-stub entries become the context's blobs, each with its origin on
 * its own item of `entries` (marked as a list item, so the Workspace edits it in place and appends
 * new blobs to `entries`). A stub carries only an image; where the resolver knows that image, the
 * stub gets the resolved bundle's name, package and properties, so the actions see versions and
 * names as in the rendered catalog — while every edit still lands in the template's text.
 */

export interface BasicTemplateContext {
  ctx: EditContext;
  /** Images of bundle stubs that no catalog holds (their bundles have no name in `ctx`). */
  unresolved: string[];
}

export function basicTemplateContext(
  doc: TemplateDocument,
  resolver: CatalogBundleResolver | undefined,
): BasicTemplateContext {
  try {
    // opm's own reading first, so a template opm rejects is refused with opm's message.
    parseBasicTemplate(doc);
  } catch (e) {
    if (e instanceof TemplateError) throw new EditError(`the template does not render: ${e.message}`);
    throw e;
  }
  const { file, origin } = doc;
  const value = (doc.value ?? {}) as Record<string, unknown>;
  const key = goFieldKey(value, 'entries');
  const entries = key === undefined ? [] : ((value[key] as unknown[] | null) ?? []);
  if (key === undefined) throw new EditError('the template has no entries');
  const docText = file.text.slice(origin.start, origin.end);
  const items =
    entries.length === 0
      ? []
      : origin.format === 'yaml'
        ? yamlListItems(docText, [key])
        : jsonListItems(docText, [key]);
  if (items === undefined || items.length !== entries.length)
    throw new EditError(`the template's ${key} is not a list with one item per line; edit it by hand`);

  const dc = emptyDeclarativeConfig();
  const unresolved: string[] = [];
  const container = { start: origin.start, end: origin.end, path: [key] };
  entries.forEach((entry, i) => {
    const item = items[i] as { start: number; end: number };
    const itemOrigin: BlobOrigin = {
      file: file.path,
      index: i,
      start: origin.start + item.start,
      end: origin.start + item.end,
      format: origin.format,
      container,
    };
    const meta = extractMeta(entry);
    // parseBasicTemplate accepted every entry, so this cannot fail.
    if (!meta.ok) return;
    const bundles = dc.bundles.length;
    addBlob(dc, entry, meta, itemOrigin, undefined, false);
    const stub = dc.bundles[bundles];
    if (stub) fill(stub, resolver, unresolved);
  });
  return {
    ctx: { files: new Map([[file.path, file.text]]), dc, model: convertToModel(dc).model },
    unresolved,
  };
}

/** Gives a stub the identity of the bundle its image renders to. */
function fill(stub: DeclBundle, resolver: CatalogBundleResolver | undefined, unresolved: string[]): void {
  const r = resolver?.resolve(stub.image);
  if (!r) {
    unresolved.push(stub.image);
    return;
  }
  stub.name = r.bundle.name;
  stub.package = r.bundle.package;
  stub.properties = r.bundle.properties;
  stub.relatedImages = r.bundle.relatedImages;
}
