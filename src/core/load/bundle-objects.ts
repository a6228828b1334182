/**
 * `olm.bundle.object` properties (load.go readBundleObjects): each value is decoded as
 * property.BundleObject (`{data: []byte}`, R14) and the bytes must convert from YAML to JSON (R15).
 * Go declares the BundleObject variable once outside the loop, so a property without `data` (or a
 * null value) reuses the previous property's bytes; that is kept here.
 */
import type { DeclarativeConfig, DeclBundle } from '../declcfg/types';
import type { RuleIds } from '../rules';
import { decodeGoBase64, foldName, goDecode, goQuote } from '../gojson';
import { BundleObjectType } from './gotypes';
import { isGoSpace } from './text';
import { parseYamlDocument, takeNonFiniteFlag } from './yaml11';

export interface BundleObjectProblem {
  rule: RuleIds<'R14' | 'R15'>;
  message: string;
  /** Index of the property in `properties`. */
  index: number;
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function firstNonSpaceIsBrace(bytes: Uint8Array): boolean {
  // bytes.TrimLeftFunc(buf, unicode.IsSpace) then HasPrefix "{"; non-ASCII spaces are rare enough
  // to decode on demand.
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === 0x7b) return true;
    if (b < 0x80) {
      if (isGoSpace(b)) continue;
      return false;
    }
    const text = new TextDecoder().decode(bytes.subarray(i, i + 4));
    const cp = text.codePointAt(0) ?? 0;
    if (!isGoSpace(cp)) return false;
    i += cp < 0x800 ? 1 : 2;
  }
  return false;
}

/** yaml.ToJSON(data): JSON-looking data passes untouched; anything else must be YAML. */
export function yamlToJsonError(bytes: Uint8Array): string | undefined {
  if (firstNonSpaceIsBrace(bytes)) return undefined;
  let text: string;
  try {
    text = fatalDecoder.decode(bytes);
  } catch {
    return 'yaml: invalid leading UTF-8 octet';
  }
  try {
    const v = parseYamlDocument(text);
    if (takeNonFiniteFlag()) checkFinite(v);
    return undefined;
  } catch (e) {
    // YAMLToJSON's errors carry no `error converting YAML to JSON:` prefix.
    return (e as { message?: string }).message ?? String(e);
  }
}

export class NonFiniteError extends Error {}

/** json.Marshal refuses NaN and ±Inf: `json: unsupported value: +Inf`. */
export function checkFinite(v: unknown): void {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) {
      throw new NonFiniteError(
        `json: unsupported value: ${Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf'}`,
      );
    }
    return;
  }
  if (v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    for (const x of v) checkFinite(x);
    return;
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o).sort()) checkFinite(o[k]);
}

/** opm's words before a bundle object's problem; made only for a problem (most bundles have none). */
function problemPrefix(bundle: DeclBundle): string {
  return `read bundle objects: package ${goQuote(bundle.package)}, bundle ${goQuote(bundle.name)}: `;
}

/**
 * The R14/R15 problem of a bundle's object properties, Go's first one. With `deep: false` only
 * the base64 is checked (R14); R15 needs the decoded bytes.
 */
export function bundleObjectProblem(bundle: DeclBundle, deep: boolean): BundleObjectProblem | undefined {
  let data = '';
  const props = bundle.properties;
  for (let i = 0; i < props.length; i++) {
    const p = props[i]!;
    if (p.type !== 'olm.bundle.object') continue;
    if (p.value === undefined) {
      return {
        rule: 'R14',
        index: i,
        message: `${problemPrefix(bundle)}parse property at index ${i} as bundle object: unexpected end of JSON input`,
      };
    }
    if (p.value !== null) {
      const r = goDecode<{ data: string }>(p.value, BundleObjectType);
      if (r.error) {
        return {
          rule: 'R14',
          index: i,
          message: `${problemPrefix(bundle)}parse property at index ${i} as bundle object: ${r.error.message}`,
        };
      }
      // A value without a data key leaves the previous bytes in place.
      if (hasDataKey(p.value)) data = r.value.data;
    }
    if (!deep) continue;
    const err = yamlToJsonError(decodeHead(data));
    if (err !== undefined) {
      return {
        rule: 'R15',
        index: i,
        message: `${problemPrefix(bundle)}convert bundle object property at index ${i} to JSON: ${err}`,
      };
    }
  }
  return undefined;
}

function hasDataKey(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  return Object.keys(v).some((k) => k === 'data' || foldName(k) === 'DATA');
}

/** Decodes just enough to see whether the data is JSON-looking; the full bytes otherwise. */
function decodeHead(b64: string): Uint8Array {
  const head = decodeGoBase64(b64, 64);
  if (firstNonSpaceIsBrace(head)) return head;
  return decodeGoBase64(b64);
}

/** Every R14/R15 problem in a config, as opm reports them per bundle (the first per bundle). */
export function bundleObjectProblems(
  dc: DeclarativeConfig,
): { bundle: DeclBundle; problem: BundleObjectProblem }[] {
  const out: { bundle: DeclBundle; problem: BundleObjectProblem }[] = [];
  for (const b of dc.bundles) {
    const problem = bundleObjectProblem(b, true);
    if (problem) out.push({ bundle: b, problem });
  }
  return out;
}

/**
 * The decoded olm.bundle.object values of a bundle, in property order (values that are not valid
 * base64 or do not parse are skipped). The first one with `kind: ClusterServiceVersion` is the CSV.
 */
export function decodeBundleObjects(bundle: DeclBundle): unknown[] {
  const out: unknown[] = [];
  for (const p of bundle.properties) {
    if (p.type !== 'olm.bundle.object' || p.value === null || p.value === undefined) continue;
    const r = goDecode<{ data: string }>(p.value, BundleObjectType);
    if (r.error) continue;
    const bytes = decodeGoBase64(r.value.data);
    let text: string;
    try {
      text = fatalDecoder.decode(bytes);
    } catch {
      continue;
    }
    try {
      out.push(firstNonSpaceIsBrace(bytes) ? JSON.parse(text) : parseYamlDocument(text));
    } catch {
      // Not JSON/YAML: opm keeps the raw text but can never read it as an object.
    }
  }
  return out;
}

/** The first decoded object whose kind is ClusterServiceVersion. */
export function findCsv(objects: readonly unknown[]): Record<string, unknown> | undefined {
  for (const o of objects) {
    if (
      o !== null &&
      typeof o === 'object' &&
      (o as Record<string, unknown>).kind === 'ClusterServiceVersion'
    ) {
      return o as Record<string, unknown>;
    }
  }
  return undefined;
}
