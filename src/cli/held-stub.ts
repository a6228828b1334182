/**
 * What stays of a file parsed on a loader thread when its blobs stay there (validate-pool.ts):
 * the fields discovery reads to classify the file and cut the repository into catalogs — names,
 * packages, images, origins, the template and custom-schema blobs whole, load errors whole, and the
 * text only of a file that holds no catalog blobs (configuration such as ci.yaml is read from it).
 * Such a stub is never validated or edited: the thread that holds the parse validates it.
 */
import type { DeclarativeConfig } from '../core/declcfg/types';
import type { FileLoad } from '../core/load';

/** The raw keys classification looks at on a bundle (a "veneer" bundle has neither). */
function bundleRawKeys(raw: Record<string, unknown>): Record<string, unknown> {
  const keys: Record<string, unknown> = {};
  if (raw.package !== undefined) keys.package = true;
  if (raw.properties !== undefined) keys.properties = true;
  return keys;
}

export function heldStub(fl: FileLoad): FileLoad {
  const d = fl.dc;
  const catalogBlobs = d.packages.length + d.channels.length + d.bundles.length + d.deprecations.length;
  const dc = {
    packages: d.packages.map(({ schema, name, origin }) => ({ schema, name, origin })),
    channels: d.channels.map(({ schema, package: pkg, name, origin }) => ({
      schema,
      package: pkg,
      name,
      origin,
    })),
    bundles: d.bundles.map(({ schema, package: pkg, name, image, origin, raw }) => ({
      schema,
      package: pkg,
      name,
      image,
      origin,
      raw: bundleRawKeys(raw),
    })),
    deprecations: d.deprecations.map(({ schema, package: pkg, origin }) => ({
      schema,
      package: pkg,
      origin,
    })),
    others: d.others,
  } as unknown as DeclarativeConfig;
  // Field by field: a file loaded with its base64 cut out (elided-json.ts) reads its text again on
  // use, and its cut text stays with the parse.
  const { path, format, bytes, blobs, invalidUtf8, segments } = fl.file;
  return {
    file: {
      path,
      text: catalogBlobs > 0 ? '' : fl.file.text,
      format,
      bytes,
      blobs,
      ...(invalidUtf8 && { invalidUtf8 }),
      ...(segments && { segments }),
    },
    dc,
    errors: fl.errors,
  };
}
