import { parseAllDocuments } from 'yaml';
import {
  emptyDeclarativeConfig,
  type DeclarativeConfig,
  type Property,
  type RelatedImage,
} from '../../../src/core/declcfg/types';
import type { BlobOrigin } from '../../../src/core/location';
import { fieldKey } from '../../../src/core/model/json-path';

/**
 * A small stand-in for the loader, for model/validate unit tests: turns multi-document YAML with
 * well-formed blobs into a DeclarativeConfig (exact key names, no Go decoding rules), keeping each
 * blob's origin and raw value. Keys match case-insensitively, as Go's encoding/json does; the
 * rest of stage A is the loader's business and is tested there.
 */

type Obj = Record<string, unknown>;

const s = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** The value Go would decode into field `f` of `o`. */
const get = (o: Obj, f: string): unknown => o[fieldKey(o, f)];

function properties(v: unknown): Property[] {
  return arr(v).map((p) => {
    const o = obj(p);
    return {
      type: s(get(o, 'type')),
      value: Object.prototype.hasOwnProperty.call(o, fieldKey(o, 'value')) ? get(o, 'value') : undefined,
    };
  });
}

/** Adds the blobs of one YAML file to `dc` (a new one by default). */
export function addYaml(
  text: string,
  file = 'catalog.yaml',
  dc: DeclarativeConfig = emptyDeclarativeConfig(),
) {
  const docs = parseAllDocuments(text);
  let index = 0;
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const raw = doc.toJS() as unknown;
    const [start, , end] = doc.range;
    if (raw === null || raw === undefined) continue;
    const o = obj(raw);
    const origin: BlobOrigin = { file, index: index++, start, end, format: 'yaml' };
    const schema = s(get(o, 'schema'));
    switch (schema) {
      case 'olm.package': {
        const p: DeclarativeConfig['packages'][number] = {
          schema,
          name: s(get(o, 'name')),
          defaultChannel: s(get(o, 'defaultChannel')),
          description: s(get(o, 'description')),
          properties: properties(get(o, 'properties')),
          origin,
          raw: o,
        };
        if (get(o, 'icon') !== undefined)
          p.icon = {
            base64data: s(get(obj(get(o, 'icon')), 'base64data')),
            mediatype: s(get(obj(get(o, 'icon')), 'mediatype')),
          };
        dc.packages.push(p);
        break;
      }
      case 'olm.channel':
        dc.channels.push({
          schema,
          package: s(get(o, 'package')),
          name: s(get(o, 'name')),
          entries: arr(get(o, 'entries')).map((e) => {
            const x = obj(e);
            return {
              name: s(get(x, 'name')),
              replaces: s(get(x, 'replaces')),
              skips: arr(get(x, 'skips')).map(s),
              skipRange: s(get(x, 'skipRange')),
            };
          }),
          properties: properties(get(o, 'properties')),
          origin,
          raw: o,
        });
        break;
      case 'olm.bundle':
        dc.bundles.push({
          schema,
          package: s(get(o, 'package')),
          name: s(get(o, 'name')),
          image: s(get(o, 'image')),
          properties: properties(get(o, 'properties')),
          relatedImages: arr(get(o, 'relatedImages')).map((r): RelatedImage => ({
            name: s(get(obj(r), 'name')),
            image: s(get(obj(r), 'image')),
          })),
          origin,
          raw: o,
        });
        break;
      case 'olm.deprecations':
        dc.deprecations.push({
          schema,
          package: s(get(o, 'package')),
          entries: arr(get(o, 'entries')).map((e) => {
            const x = obj(e);
            const ref = obj(get(x, 'reference'));
            return {
              reference: { schema: s(get(ref, 'schema')), name: s(get(ref, 'name')) },
              message: s(get(x, 'message')),
            };
          }),
          origin,
          raw: o,
        });
        break;
      default:
        dc.others.push({ schema, package: s(get(o, 'package')), name: s(get(o, 'name')), origin, raw: o });
    }
  }
  return dc;
}

/** One catalog from several YAML files, loaded in lexical file order (as opm's single-worker walk). */
export function dcFromFiles(files: Record<string, string>): DeclarativeConfig {
  const dc = emptyDeclarativeConfig();
  for (const name of Object.keys(files).sort()) addYaml(files[name] as string, name, dc);
  return dc;
}

/** Shorthand: a bundle blob in YAML. */
export function bundleYaml(pkg: string, name: string, version: string, extra = ''): string {
  return (
    `schema: olm.bundle\npackage: ${pkg}\nname: ${name}\nimage: quay.io/example/${pkg}-bundle:v${version}\n` +
    `properties:\n  - type: olm.package\n    value: {packageName: ${pkg}, version: "${version}"}\n${extra}`
  );
}
