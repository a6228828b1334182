import { compareGoStrings } from '../gojson';
import { goYamlMarshal } from './go-yaml-emitter';
import type { RenderedSemverTemplate } from './semver-template';

/**
 * opm's FBC writer (`declcfg.WriteYAML` / `WriteJSON`), fbc-rules §8 intro. Blob order: packages by
 * name; for each package its olm.package blob, its channels by name, its bundles by name, its other
 * blobs by schema, its deprecations; finally the other blobs that have no package, in input order.
 *
 * YAML goes the way opm's does (JSON, then sigs.k8s.io/yaml JSONToYAML on go-yaml v2): `---` before
 * every document, then go-yaml's own emitter (go-yaml-emitter.ts): keys sorted, sequences not
 * indented under their key, each string in go-yaml's style, long lines folded at column 80. JSON is indented with 4 spaces, one
 * document after another, keys in the blobs' own order (Go marshals its structs in field order).
 */

/** A plain FBC blob (a decoded JSON object with a `schema`). */
export type FbcBlob = object;

export interface FbcBlobSet {
  packages?: readonly FbcBlob[];
  channels?: readonly FbcBlob[];
  bundles?: readonly FbcBlob[];
  deprecations?: readonly FbcBlob[];
  others?: readonly FbcBlob[];
}

/** A blob set, a flat list of blobs (classified by schema), or a rendered semver template. */
export type FbcWriterInput = FbcBlobSet | readonly FbcBlob[] | RenderedSemverTemplate;

function str(b: FbcBlob, key: string): string {
  const v = (b as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : '';
}

function toBlobSet(input: FbcWriterInput): FbcBlobSet {
  if (Array.isArray(input)) {
    const set = { packages: [] as FbcBlob[], channels: [] as FbcBlob[], bundles: [] as FbcBlob[] };
    const deprecations: FbcBlob[] = [];
    const others: FbcBlob[] = [];
    for (const b of input as readonly FbcBlob[]) {
      const schema = str(b, 'schema');
      if (schema === 'olm.package') set.packages.push(b);
      else if (schema === 'olm.channel') set.channels.push(b);
      else if (schema === 'olm.bundle') set.bundles.push(b);
      else if (schema === 'olm.deprecations') deprecations.push(b);
      else others.push(b);
    }
    return { ...set, deprecations, others };
  }
  const maybeRendered = input as Partial<RenderedSemverTemplate>;
  if (maybeRendered.package !== undefined && !Array.isArray(maybeRendered.package)) {
    const r = input as RenderedSemverTemplate;
    return { packages: [r.package], channels: r.channels, bundles: r.bundles };
  }
  return input as FbcBlobSet;
}

function byKey(key: string): (a: FbcBlob, b: FbcBlob) => number {
  return (a, b) => compareGoStrings(str(a, key), str(b, key));
}

/** The blobs in opm's writer order. */
export function orderFbcBlobs(input: FbcWriterInput): FbcBlob[] {
  const set = toBlobSet(input);
  const packages = set.packages ?? [];
  const channels = set.channels ?? [];
  const bundles = set.bundles ?? [];
  const deprecations = set.deprecations ?? [];
  const others = set.others ?? [];

  // configsByPackage: a blob with an empty package name belongs to no package and is not written,
  // except an unknown-schema blob, which goes last, in the order given (not sorted).
  const names = new Set<string>();
  for (const p of packages) names.add(str(p, 'name'));
  for (const b of [...channels, ...bundles, ...deprecations, ...others]) names.add(str(b, 'package'));
  names.delete('');

  const out: FbcBlob[] = [];
  for (const name of [...names].sort(compareGoStrings)) {
    out.push(...packages.filter((p) => str(p, 'name') === name));
    out.push(...channels.filter((c) => str(c, 'package') === name).sort(byKey('name')));
    out.push(...bundles.filter((b) => str(b, 'package') === name).sort(byKey('name')));
    out.push(...others.filter((o) => str(o, 'package') === name).sort(byKey('schema')));
    out.push(...deprecations.filter((d) => str(d, 'package') === name));
  }
  out.push(...others.filter((o) => str(o, 'package') === ''));
  return out;
}

/** A run of raw NELs (spaces around and between them included), as go-yaml's scanner folds it. */
const NEL_RUN = / *\u0085(?: *\u0085)* */g;

/**
 * JSONToYAML reads opm's JSON with go-yaml before printing it. Go's encoder leaves U+0085 (NEL) raw
 * in a string, and YAML 1.1 takes a raw NEL for a line break, which a double-quoted scalar folds:
 * one break becomes a space, n breaks n-1 newlines, the spaces around them go. (Other breaks and
 * tabs reach go-yaml escaped, so they stay content.) Only values: a key holding a NEL makes opm
 * fail. Returns the value itself when nothing changes.
 */
function foldRawNel(v: unknown): unknown {
  if (typeof v === 'string') {
    if (!v.includes('\u0085')) return v;
    return v.replace(NEL_RUN, (run) => {
      const breaks = run.split('\u0085').length - 1;
      return breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
    });
  }
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const items = v.map(foldRawNel);
    return items.some((x, i) => x !== v[i]) ? items : v;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  const folded = entries.map(([k, x]) => [k, foldRawNel(x)] as const);
  return folded.some(([, x], i) => x !== entries[i]?.[1]) ? Object.fromEntries(folded) : v;
}

/** One blob as opm's YAML writer prints it, starting with `---`. */
export function blobToYaml(blob: unknown): string {
  return '---\n' + goYamlMarshal(foldRawNel(blob));
}

/** The blobs as a YAML stream in opm's order and style. */
export function writeFbcYaml(input: FbcWriterInput): string {
  return orderFbcBlobs(input).map(blobToYaml).join('');
}

/** Go's json.Encoder (SetEscapeHTML(false)) also escapes U+2028 and U+2029. */
function goJson(value: unknown): string {
  return JSON.stringify(value, null, 4).replace(/[\u2028\u2029]/g, (c) =>
    c === '\u2028' ? '\\u2028' : '\\u2029',
  );
}

/** The blobs as opm's JSON output: each indented with 4 spaces and followed by a newline. */
export function writeFbcJson(input: FbcWriterInput): string {
  return orderFbcBlobs(input)
    .map((b) => goJson(b) + '\n')
    .join('');
}
