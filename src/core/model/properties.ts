import type { DeclBundle, Property } from '../declcfg/types';
import { foldName, goUnmarshal, type GoType } from '../gojson';
import { goQuote, tryParseVersion, type Version } from '../semver';
import { PROPERTY_GO_TYPES } from './property-types';

/** One `olm.package` property, decoded. `index` is its position in `properties[]`. */
export interface PackageProperty {
  packageName: string;
  version: string;
  /** '' when unset. */
  release: string;
  index: number;
}

export interface PropertyParseError {
  index: number;
  type: string;
  /** opm's `ParseError` text: `parse property[%d] of type %q: %v`. */
  message: string;
}

export interface ParsedProperties {
  packages: PackageProperty[];
  /** Number of `olm.bundle.object` properties (each becomes one of the bundle's `Objects`). */
  bundleObjects: number;
  /** The first value that does not decode; opm's `property.Parse` stops there and returns nothing. */
  error?: PropertyParseError;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

type StructType = Extract<GoType, { kind: 'struct' }>;
const structFields = new WeakMap<StructType, { exact: Map<string, GoType>; folded: Set<string> }>();

function fieldsOf(t: StructType): { exact: Map<string, GoType>; folded: Set<string> } {
  let f = structFields.get(t);
  if (f === undefined) {
    f = {
      exact: new Map(t.fields.map((x) => [x.json, x.type])),
      folded: new Set(t.fields.map((x) => foldName(x.json))),
    };
    structFields.set(t, f);
  }
  return f;
}

/**
 * True when `v` certainly decodes into `t` without error: every value has the exact JS type and every
 * key is spelled exactly like its field. Anything else (case-folded keys, numbers into int)
 * goes through goUnmarshal, which knows Go's full rules and error texts. This keeps the common case
 * cheap on catalogs with tens of thousands of properties.
 */
function decodesCleanly(v: unknown, t: GoType): boolean {
  if (v === null) return true; // null leaves any Go value untouched
  switch (t.kind) {
    case 'string':
      return typeof v === 'string';
    case 'bool':
      return typeof v === 'boolean';
    case 'float64':
      return typeof v === 'number';
    case 'raw':
    case 'any':
      return v !== undefined;
    case 'ptr':
      return decodesCleanly(v, t.elem);
    case 'slice':
      return Array.isArray(v) && v.every((e) => decodesCleanly(e, t.elem));
    case 'map':
      return isPlainObject(v) && Object.values(v).every((e) => decodesCleanly(e, t.elem));
    case 'struct': {
      if (!isPlainObject(v)) return false;
      const { exact, folded } = fieldsOf(t);
      for (const k in v) {
        const ft = exact.get(k);
        if (ft === undefined) {
          if (folded.has(foldName(k))) return false;
        } else if (!decodesCleanly(v[k], ft)) return false;
      }
      return true;
    }
    case 'bytes':
      // olm.bundle.object data: the loader has already decoded every one of these (R14 fails the
      // catalog before conversion otherwise), so a string here is valid base64. Re-checking
      // megabytes of manifests twice per validation would dominate the run time.
      return typeof v === 'string';
    default:
      return false; // int: let goUnmarshal check the number
  }
}

/**
 * Parsed lists by array identity: stage B and stage C both parse every bundle's properties, and the
 * blobs of unchanged files are the same objects from one validation to the next. Blobs are never
 * changed in place (an edit re-loads its file), so the identity stands for the content.
 */
const parsed = new WeakMap<readonly Property[], ParsedProperties>();

/**
 * `property.Parse`: walks the list in order; the first value that does not decode into its Go type
 * ends the walk. A property without a `value` key fails with `unexpected end of JSON input`. The
 * result is shared between callers (memoised per list): do not mutate it.
 */
export function parseBundleProperties(properties: readonly Property[]): ParsedProperties {
  let out = parsed.get(properties);
  if (out === undefined) {
    out = parseProperties(properties);
    parsed.set(properties, out);
  }
  return out;
}

function parseProperties(properties: readonly Property[]): ParsedProperties {
  const out: ParsedProperties = { packages: [], bundleObjects: 0 };
  for (let i = 0; i < properties.length; i++) {
    const p = properties[i] as Property;
    const goType = PROPERTY_GO_TYPES.get(p.type);
    let decoded: unknown;
    try {
      // An empty json.RawMessage is what a missing `value` key leaves behind.
      if (p.value === undefined) throw new Error('unexpected end of JSON input');
      if (goType !== undefined)
        decoded = decodesCleanly(p.value, goType) ? p.value : goUnmarshal(p.value, goType);
    } catch (e) {
      out.error = {
        index: i,
        type: p.type,
        message: `parse property[${i}] of type ${goQuote(p.type)}: ${errorText(e)}`,
      };
      break;
    }
    if (p.type === 'olm.package') {
      const d = (decoded ?? {}) as Record<string, unknown>;
      out.packages.push({
        packageName: str(d.packageName),
        version: str(d.version),
        release: str(d.release),
        index: i,
      });
    } else if (p.type === 'olm.bundle.object') {
      out.bundleObjects++;
    }
  }
  return out;
}

/** The bundle's version from its single `olm.package` property, if it has one that parses. */
export function bundleVersion(b: DeclBundle): Version | undefined {
  const parsed = parseBundleProperties(b.properties);
  if (parsed.error !== undefined || parsed.packages.length !== 1) return undefined;
  return tryParseVersion((parsed.packages[0] as PackageProperty).version);
}
