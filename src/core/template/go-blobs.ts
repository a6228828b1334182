import type {
  DeclBundle,
  DeclChannel,
  DeclDeprecation,
  DeclOther,
  DeclPackage,
  DeclarativeConfig,
  Property,
} from '../declcfg/types';
import { compareGoStrings, decodeGoBase64 } from '../gojson';
import { goFieldKey } from './template-document';

/**
 * Blobs as opm writes them after decoding into its declcfg structs: fields in the Go struct's order,
 * `omitempty` fields dropped when empty, unknown fields gone. A template's pass-through entries and
 * the bundles it renders come out this way, so comparing against a committed catalog means comparing
 * these shapes. `json.RawMessage` values (property values, unknown-schema blobs) keep their own key
 * order; in a YAML input they were produced by json.Marshal of a map, i.e. with sorted keys.
 */

export type KeyOrder = 'as-is' | 'sorted';

/** Go's json.Marshal of a map[string]interface{}: keys sorted at every level. */
export function sortKeysDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeysDeep);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort(compareGoStrings))
    out[k] = sortKeysDeep((v as Record<string, unknown>)[k]);
  return out;
}

/**
 * A slice field without `omitempty` (Channel.Entries, Deprecation.Entries): Go writes a nil slice —
 * the key missing or null in the blob read — as null, and an empty one as [].
 */
function slice<T>(blob: Record<string, unknown>, field: string, items: T[]): T[] | null {
  if (items.length > 0) return items;
  const key = goFieldKey(blob, field);
  return key !== undefined && Array.isArray(blob[key]) ? items : null;
}

/**
 * Icon.Data is a []byte: opm decodes the blob's base64 (line breaks skipped, stray trailing bits
 * dropped) and writes the bytes back as standard base64.
 */
export function goBytesBase64(s: string): string {
  const bytes = decodeGoBase64(s);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

function raw(v: unknown, order: KeyOrder): unknown {
  return order === 'sorted' ? sortKeysDeep(v) : v;
}

function properties(props: readonly Property[], order: KeyOrder): unknown[] {
  return props.map((p) => ({ type: p.type, value: raw(p.value ?? null, order) }));
}

export function goPackage(p: DeclPackage, order: KeyOrder = 'as-is'): Record<string, unknown> {
  const out: Record<string, unknown> = { schema: p.schema, name: p.name, defaultChannel: p.defaultChannel };
  if (p.icon) out.icon = { base64data: goBytesBase64(p.icon.base64data), mediatype: p.icon.mediatype };
  if (p.description) out.description = p.description;
  if (p.properties.length > 0) out.properties = properties(p.properties, order);
  return out;
}

export function goChannel(c: DeclChannel, order: KeyOrder = 'as-is'): Record<string, unknown> {
  const out: Record<string, unknown> = {
    schema: c.schema,
    name: c.name,
    package: c.package,
    entries: slice(
      c.raw,
      'entries',
      c.entries.map((e) => {
        const entry: Record<string, unknown> = { name: e.name };
        if (e.replaces) entry.replaces = e.replaces;
        if (e.skips.length > 0) entry.skips = [...e.skips];
        if (e.skipRange) entry.skipRange = e.skipRange;
        return entry;
      }),
    ),
  };
  if (c.properties.length > 0) out.properties = properties(c.properties, order);
  return out;
}

/** A bundle blob; `image` overrides the image (a bundle resolved by digest is written under the reference asked for). */
export function goBundle(b: DeclBundle, order: KeyOrder = 'as-is', image = b.image): Record<string, unknown> {
  const out: Record<string, unknown> = { schema: b.schema };
  if (b.name) out.name = b.name;
  if (b.package) out.package = b.package;
  out.image = image;
  if (b.properties.length > 0) out.properties = properties(b.properties, order);
  if (b.relatedImages.length > 0) {
    out.relatedImages = b.relatedImages.map((r) => ({
      name: r.name,
      image: r.image === b.image ? image : r.image,
    }));
  }
  return out;
}

export function goDeprecation(d: DeclDeprecation): Record<string, unknown> {
  return {
    schema: d.schema,
    package: d.package,
    entries: slice(
      d.raw,
      'entries',
      d.entries.map((e) => ({
        reference: e.reference.name
          ? { schema: e.reference.schema, name: e.reference.name }
          : { schema: e.reference.schema },
        message: e.message,
      })),
    ),
  };
}

export function goOther(o: DeclOther, order: KeyOrder = 'as-is'): Record<string, unknown> {
  return raw(o.raw, order) as Record<string, unknown>;
}

/** Every blob of a declarative config in Go's shapes (writer order is applied later, by the writer). */
export function goBlobs(dc: DeclarativeConfig, order: KeyOrder = 'as-is'): Record<string, unknown>[] {
  return [
    ...dc.packages.map((p) => goPackage(p, order)),
    ...dc.channels.map((c) => goChannel(c, order)),
    ...dc.bundles.map((b) => goBundle(b, order)),
    ...dc.deprecations.map(goDeprecation),
    ...dc.others.map((o) => goOther(o, order)),
  ];
}
