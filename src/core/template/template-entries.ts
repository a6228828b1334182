import { emptyDeclarativeConfig, type DeclarativeConfig } from '../declcfg/types';
import { compareGoStrings, goQuote } from '../gojson';
import { addBlob } from '../load/dispatch';
import { extractMeta } from '../load/meta';
import type { JsonPath } from '../location';
import { TemplateError } from './semver-template';
import { goFieldKey, locateField, type TemplateDocument } from './template-document';

/**
 * What the basic and substitutes templates share: `json.Unmarshal` of the document into a struct
 * whose `entries` is `[]*declcfg.Meta` (lenient: unknown fields ignored, names matched
 * case-insensitively), then `declcfg.LoadSlice(entries)`, i.e. the catalog loader's Meta and
 * schema dispatch on each entry (fbc-rules §1.5–1.6) with the same messages.
 */

export type FieldKind = 'string' | 'entries' | 'substitutions';

export interface TemplateStruct {
  /** e.g. `basic.BasicTemplateData`. */
  goType: string;
  fields: Record<string, FieldKind>;
}

export interface DecodedStruct {
  values: Record<string, unknown>;
  /** The key each field was read from (for locations). */
  keys: Record<string, string>;
}

function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

const GO_FIELD_TYPE: Record<FieldKind, string> = {
  string: 'string',
  entries: '[]*declcfg.Meta',
  substitutions: '[]substitutes.Substitute',
};

/**
 * json.Unmarshal(doc, &T) for the template structs. Type errors are kept and the first one is
 * returned at the end (Go carries on decoding); a Meta error aborts at once. `prefix` wraps both.
 */
export function unmarshalTemplate(doc: TemplateDocument, t: TemplateStruct, prefix: string): DecodedStruct {
  const out: DecodedStruct = { values: {}, keys: {} };
  const v = doc.value;
  if (v === null) return out;
  const structName = t.goType.slice(t.goType.indexOf('.') + 1);
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw new TemplateError(
      `${prefix}json: cannot unmarshal ${jsonKind(v)} into Go value of type ${t.goType}`,
      locateField(doc, []),
    );
  }
  const obj = v as Record<string, unknown>;
  // YAML reached Go as json.Marshal of a map: keys sorted. A JSON file is read in its own order.
  const keys = Object.keys(obj);
  if (doc.origin.format === 'yaml') keys.sort(compareGoStrings);
  let saved: TemplateError | undefined;
  const typeError = (
    key: string,
    field: string,
    value: unknown,
    path: JsonPath,
    type: string,
    struct = structName,
  ) =>
    (saved ??= new TemplateError(
      `${prefix}json: cannot unmarshal ${jsonKind(value)} into Go struct field ${struct}.${field} of type ${type}`,
      locateField(doc, path),
    ));
  for (const key of keys) {
    const field = Object.keys(t.fields).find((f) => goFieldKey({ [key]: true }, f) === key);
    if (field === undefined) continue;
    const kind = t.fields[field] as FieldKind;
    const value = obj[key];
    out.keys[field] = key;
    if (value === null) {
      // null leaves a string untouched and sets a slice to nil.
      if (kind !== 'string') out.values[field] = undefined;
      continue;
    }
    if (kind === 'string') {
      if (typeof value === 'string') out.values[field] = value;
      else typeError(key, field, value, [key], 'string');
      continue;
    }
    if (!Array.isArray(value)) {
      typeError(key, field, value, [key], GO_FIELD_TYPE[kind]);
      continue;
    }
    if (kind === 'entries') {
      value.forEach((item, i) => {
        if (item === null) return;
        const meta = extractMeta(item);
        if (!meta.ok) throw new TemplateError(prefix + meta.message, locateField(doc, [key, i]));
      });
      out.values[field] = value;
      continue;
    }
    // []Substitute{name, base string}
    const subs: { name: string; base: string }[] = [];
    value.forEach((item, i) => {
      const sub = { name: '', base: '' };
      if (item !== null && (typeof item !== 'object' || Array.isArray(item))) {
        typeError(key, field, item, [key, i], 'substitutes.Substitute');
      } else if (item !== null) {
        const rec = item as Record<string, unknown>;
        const subKeys = Object.keys(rec);
        if (doc.origin.format === 'yaml') subKeys.sort(compareGoStrings);
        for (const k of subKeys) {
          const f = (['name', 'base'] as const).find((n) => goFieldKey({ [k]: true }, n) === k);
          if (!f || rec[k] === null) continue;
          if (typeof rec[k] === 'string') sub[f] = rec[k];
          else typeError(k, `${field}.${f}`, rec[k], [key, i, k], 'string', 'Substitute');
        }
      }
      subs.push(sub);
    });
    out.values[field] = subs;
  }
  if (saved) throw saved;
  return out;
}

export interface LoadedEntries {
  dc: DeclarativeConfig;
  /** For each dc.bundles[i], the index of its entry. */
  bundleEntries: number[];
  /** For each dc.channels[i], the index of its entry. */
  channelEntries: number[];
}

/** declcfg.LoadSlice over the entries; the error (opm's text) is wrapped in `prefix`. */
export function loadEntries(
  doc: TemplateDocument,
  entriesKey: string,
  entries: readonly unknown[],
  prefix: string,
): LoadedEntries {
  const dc = emptyDeclarativeConfig();
  const bundleEntries: number[] = [];
  const channelEntries: number[] = [];
  entries.forEach((value, i) => {
    if (value === null) {
      // A null entry is a nil *Meta: opm dereferences it and crashes. Say so rather than guess.
      throw new TemplateError(
        `${prefix}entry ${i} is null (opm crashes on a null template entry)`,
        locateField(doc, [entriesKey, i]),
      );
    }
    const meta = extractMeta(value);
    if (!meta.ok) throw new TemplateError(prefix + meta.message, locateField(doc, [entriesKey, i]));
    const bundles = dc.bundles.length;
    const channels = dc.channels.length;
    const err = addBlob(dc, value, meta, doc.origin, undefined, true);
    if (err) {
      throw new TemplateError(prefix + err.message, locateField(doc, [entriesKey, i, ...(err.path ?? [])]));
    }
    if (dc.bundles.length > bundles) bundleEntries.push(i);
    if (dc.channels.length > channels) channelEntries.push(i);
  });
  return { dc, bundleEntries, channelEntries };
}

/** `template has unknown schema (%q), should be %q`. */
export function checkSchema(
  doc: TemplateDocument,
  decoded: DecodedStruct,
  want: string,
  prefix: string,
): void {
  const got = (decoded.values.schema as string | undefined) ?? '';
  if (got !== want) {
    throw new TemplateError(
      `${prefix}template has unknown schema (${goQuote(got)}), should be ${goQuote(want)}`,
      locateField(doc, decoded.keys.schema ? [decoded.keys.schema] : []),
    );
  }
}
