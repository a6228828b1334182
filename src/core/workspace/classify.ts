/**
 * What one file is, from its parsed blobs: catalog content, a template, or something else. The
 * parse is the loader's own (the same FileLoad later validates the catalog), so a file is read and
 * parsed once however the repository is cut into catalogs.
 */
import type { FileLoad } from '../load';
import type { TemplateSchema } from './types';
import { isTemplateSchema } from '../template/schemas';

/**
 * - `fbc`: holds olm.package / olm.channel / olm.bundle / olm.deprecations blobs.
 * - `template`: holds a template blob (or is a pre-schema "veneer": FBC whose bundles are images only).
 * - `neutral`: part of whatever catalog encloses it, never a reason to cut one (0-byte files, custom
 *   schemas only, an unreadable file, a .json/.yaml that does not parse: opm reports it there).
 * - `other`: not FBC (Kubernetes objects, CI config, LICENSE, README…).
 */
export type FileKind = 'fbc' | 'template' | 'neutral' | 'other';

export interface FileInfo {
  path: string;
  kind: FileKind;
  /** olm.package names the file declares. */
  packages: string[];
  /** Images of its olm.bundle blobs (catalog files). */
  bundleImages: string[];
  template?: { schema: TemplateSchema; veneer: boolean; images: string[] };
  /**
   * Holds a blob whose schema is `olm.*` other than a template's (or is a data file that does not
   * parse and names such a schema): opm validates a folder holding one, so discovery never says
   * "no catalog" for it.
   */
  olm: boolean;
  /**
   * The parse error of a .json/.yaml file that did not parse (kind `neutral`) and names a `schema`
   * key: a catalog or template someone broke. One that names none (CI or editor configuration) is
   * not FBC, and its syntax is not ours to judge.
   */
  parseError?: string;
}

const DATA_FILE = /\.(ya?ml|json)$/i;
/** A `schema` key, in YAML or JSON, at the start of a line or after `{`/`,` (not `openAPIV3Schema:`). */
const SCHEMA_KEY = /(?:^|[{,])[ \t]*(?:- +)?["']?schema["']?[ \t]*:/m;
/** A `schema` key whose value starts with `olm.`: the file was meant to be catalog content. */
const OLM_SCHEMA_KEY = /(?:^|[{,])[ \t]*(?:- +)?["']?schema["']?[ \t]*:[ \t]*["']?olm\./m;
/** Load rules (fbc-rules §3) for text that is not YAML/JSON, or keys that cannot be read. */
const SYNTAX: ReadonlySet<string> = new Set(['R3', 'R4', 'R5', 'R7', 'R8']);
/** olm.package / channel / bundle / deprecations blobs that did not decode, bundle objects included. */
const SCHEMA_DECODE: ReadonlySet<string> = new Set(['R10', 'R11', 'R12', 'R13', 'R14', 'R15']);

/** Go's encoding/json field matching: exact key first, else case-insensitive. */
function field(obj: unknown, name: string): unknown {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const rec = obj as Record<string, unknown>;
  if (name in rec) return rec[name];
  const lower = name.toLowerCase();
  for (const k of Object.keys(rec)) if (k.toLowerCase() === lower) return rec[k];
  return undefined;
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Bundle images a template names: basic/substitutes `entries[]` olm.bundle images; semver archetype lists. */
export function templateImages(schema: TemplateSchema, raw: Record<string, unknown>): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' && v !== '') out.push(v);
  };
  if (schema === 'olm.semver') {
    for (const arch of ['candidate', 'fast', 'stable']) {
      for (const b of list(field(field(raw, arch), 'bundles'))) add(field(b, 'image'));
    }
  } else {
    for (const e of list(field(raw, 'entries')))
      if (field(e, 'schema') === 'olm.bundle') add(field(e, 'image'));
  }
  return out;
}

export function classifyFile(fl: FileLoad, readError?: string): FileInfo {
  const path = fl.file.path;
  const dc = fl.dc;
  const info: FileInfo = { path, kind: 'other', packages: [], bundleImages: [], olm: false };
  if (readError !== undefined) return { ...info, kind: 'neutral' };
  const core = dc.packages.length + dc.channels.length + dc.bundles.length + dc.deprecations.length;
  // A blob of a catalog schema that does not decode (`parse bundle: …`) is still catalog content.
  const decodeFailed = fl.errors.some((e) => SCHEMA_DECODE.has(e.rule));
  info.olm =
    core > 0 ||
    decodeFailed ||
    dc.others.some((o) => o.schema.startsWith('olm.') && !isTemplateSchema(o.schema));

  const templateBlob = dc.others.find((o) => isTemplateSchema(o.schema));
  if (templateBlob) {
    const schema = templateBlob.schema as TemplateSchema;
    const images = dc.others
      .filter((o) => isTemplateSchema(o.schema))
      .flatMap((o) => templateImages(o.schema as TemplateSchema, o.raw));
    return { ...info, kind: 'template', template: { schema, veneer: false, images } };
  }

  if (core > 0 || decodeFailed) {
    // A pre-schema basic "veneer": catalog blobs whose bundles carry only an image, to be rendered.
    const bundlesAreStubs =
      dc.bundles.length > 0 &&
      dc.bundles.every(
        (b) => b.image !== '' && b.raw.properties === undefined && b.raw.package === undefined,
      );
    if (bundlesAreStubs) {
      const images = dc.bundles.map((b) => b.image);
      return { ...info, kind: 'template', template: { schema: 'olm.template.basic', veneer: true, images } };
    }
    return {
      ...info,
      kind: 'fbc',
      packages: dc.packages.map((p) => p.name),
      bundleImages: dc.bundles.map((b) => b.image).filter((i) => i !== ''),
    };
  }

  if (fl.file.format === 'empty') return { ...info, kind: 'neutral' };
  // Blobs that decoded with a schema opm does not know (custom schemas): catalog content, inert.
  if (dc.others.length > 0 && fl.errors.length === 0) return { ...info, kind: 'neutral' };
  // Syntax errors in a data file: a catalog file someone broke, reported by the catalog holding it.
  const syntax = fl.errors.find((e) => SYNTAX.has(e.rule));
  if (syntax && DATA_FILE.test(path) && dc.others.length === 0) {
    const text = fl.file.text;
    if (!SCHEMA_KEY.test(text)) return { ...info, kind: 'neutral' };
    return { ...info, kind: 'neutral', olm: OLM_SCHEMA_KEY.test(text), parseError: syntax.message };
  }
  return info;
}
