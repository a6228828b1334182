/**
 * Reading a bundle directory the way operator-registry's bundle parser does (pkg/registry/parse.go,
 * which `opm render <bundle dir>` and the image build both use): every top-level, non-hidden file of
 * manifests/ is decoded as ONE object (k8s YAMLOrJSONDecoder reads the first document only), and
 * metadata/ is searched for the files that hold `annotations:`, `dependencies:` and `properties:`.
 *
 * Plain TypeScript: runs in the worker, the CLI and tests. Text positions are kept (file + line) so
 * every check can point at where to fix it.
 */
import type { CatalogSource } from '../source/types';
import { decodeText } from '../load/text';
import { parseYamlDocument, type YamlDocError } from '../load/yaml11';

/** One manifest file: its first object (or why it did not decode). */
export interface BundleManifest {
  /** Path relative to the bundle root, e.g. `manifests/foo.clusterserviceversion.yaml`. */
  path: string;
  text: string;
  /** The decoded object (a JSON-ready value), when it decoded to an object. */
  object?: Record<string, unknown>;
  /** The decoder's error (Go's wording where it differs), when it did not. */
  error?: string;
  /** 1-based line of the error, when known. */
  errorLine?: number;
  /** Number of YAML documents in the file (opm reads only the first). */
  documents: number;
}

export interface MetadataFile {
  path: string;
  text: string;
  value: unknown;
}

export interface BundleDir {
  /** Folder name, for messages. */
  name: string;
  /** Every file path in the directory (relative, '/'-separated). */
  files: string[];
  hasManifestsDir: boolean;
  hasMetadataDir: boolean;
  /** Files below manifests/ that are not directly in it (plain+v0 forbids them; registry+v1 ignores them). */
  nestedManifests: string[];
  manifests: BundleManifest[];
  /** metadata/ files that decoded, in name order. */
  metadata: MetadataFile[];
  annotationsFile?: MetadataFile;
  annotations?: Record<string, string>;
  dependenciesFile?: MetadataFile;
  dependencies?: unknown[];
  propertiesFile?: MetadataFile;
  properties?: unknown[];
  /** The bytes of every file, for the size check (gzip of the whole bundle). */
  bytes: Map<string, Uint8Array>;
}

/** Go's sort order of names (bytes; ASCII paths compare the same in UTF-16). */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The first document of a YAML stream, as k8s' YAMLReader splits it: a line starting with `---`
 * followed only by spaces or a comment separates documents; empty chunks are skipped.
 */
export function splitYamlDocuments(text: string): { text: string; line: number }[] {
  const docs: { text: string; line: number }[] = [];
  const lines = text.split('\n');
  let start = 0;
  let buf: string[] = [];
  const flush = () => {
    if (buf.join('\n').trim() !== '') docs.push({ text: buf.join('\n'), line: start + 1 });
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    if (l.startsWith('---')) {
      const rest = l.slice(3).trim();
      if (rest === '' || rest.startsWith('#')) {
        flush();
        buf = [];
        start = i + 1;
        continue;
      }
    }
    buf.push(l);
  }
  flush();
  return docs;
}

/** Decodes one manifest file's first object (JSON when it starts with `{`, else YAML). */
export function decodeFirstObject(text: string): {
  value?: unknown;
  error?: string;
  errorLine?: number;
  documents: number;
} {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      return { value: JSON.parse(text) as unknown, documents: 1 };
    } catch (e) {
      return { error: (e as Error).message, documents: 1 };
    }
  }
  const docs = splitYamlDocuments(text);
  const first = docs[0];
  if (!first) return { value: null, documents: 0 };
  try {
    return { value: parseYamlDocument(first.text), documents: docs.length };
  } catch (e) {
    const y = e as YamlDocError;
    const message = typeof y.message === 'string' ? y.message : String(e);
    return {
      error: `error converting YAML to JSON: ${message}`,
      errorLine: typeof y.line === 'number' ? first.line + y.line : first.line,
      documents: docs.length,
    };
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a bundle directory from any source (Node fs, browser folder, memory). */
export async function readBundleDir(source: CatalogSource): Promise<BundleDir> {
  const listed = (await source.list()).map((f) => f.path).sort(byName);
  const bytes = new Map<string, Uint8Array>();
  const files: string[] = [];
  for (const p of listed) files.push(p);

  const hasManifestsDir = files.some((p) => p.startsWith('manifests/'));
  const hasMetadataDir = files.some((p) => p.startsWith('metadata/'));
  const nestedManifests = files.filter((p) => p.startsWith('manifests/') && p.slice(10).includes('/'));
  const manifestPaths = files.filter(
    (p) => p.startsWith('manifests/') && !p.slice(10).includes('/') && !p.slice(10).startsWith('.'),
  );
  const metadataPaths = files.filter((p) => p.startsWith('metadata/') && !p.slice(9).includes('/'));

  const read = async (p: string): Promise<string> => {
    const b = await source.read(p);
    bytes.set(p, b);
    return decodeText(b);
  };

  const manifests: BundleManifest[] = [];
  for (const path of manifestPaths) {
    const text = await read(path);
    const d = decodeFirstObject(text);
    const m: BundleManifest = { path, text, documents: d.documents };
    if (d.error !== undefined) {
      m.error = d.error;
      if (d.errorLine !== undefined) m.errorLine = d.errorLine;
    } else if (isObject(d.value)) m.object = d.value;
    else if (d.value !== null && d.value !== undefined) m.error = "Object 'Kind' is missing in the file";
    manifests.push(m);
  }

  const dir: BundleDir = {
    name: source.name,
    files,
    hasManifestsDir,
    hasMetadataDir,
    nestedManifests,
    manifests,
    metadata: [],
    bytes,
  };
  for (const path of metadataPaths) {
    const text = await read(path);
    const d = decodeFirstObject(text);
    if (d.error !== undefined) continue;
    const file: MetadataFile = { path, text, value: d.value };
    dir.metadata.push(file);
    const v = d.value;
    if (!isObject(v)) continue;
    // parse.go: the first file whose decode has a non-empty annotations map / dependencies list.
    if (!dir.annotationsFile && isObject(v.annotations) && Object.keys(v.annotations).length > 0) {
      dir.annotationsFile = file;
      dir.annotations = Object.fromEntries(
        Object.entries(v.annotations).map(([k, val]) => [k, val === null ? '' : String(val)]),
      );
    }
    if (!dir.dependenciesFile && Array.isArray(v.dependencies) && v.dependencies.length > 0) {
      dir.dependenciesFile = file;
      dir.dependencies = v.dependencies as unknown[];
    }
    if (!dir.propertiesFile && Array.isArray(v.properties) && v.properties.length > 0) {
      dir.propertiesFile = file;
      dir.properties = v.properties as unknown[];
    }
  }
  // Files outside manifests/ and metadata/ still count toward the image's size.
  for (const p of files) if (!bytes.has(p)) bytes.set(p, await source.read(p));
  return dir;
}

/** The manifests whose object is of `kind`. */
export function objectsOfKind(dir: BundleDir, kind: string): BundleManifest[] {
  return dir.manifests.filter((m) => m.object?.kind === kind);
}

/** The CSV opm uses: the first one in name order (parse.go keeps only the first it finds). */
export function bundleCsv(dir: BundleDir): BundleManifest | undefined {
  return objectsOfKind(dir, 'ClusterServiceVersion')[0];
}

/** 1-based line of the first line matching `re` in `text` (1 when none does). */
export function lineOf(text: string, re: RegExp): number {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) if (re.test(lines[i] as string)) return i + 1;
  return 1;
}

/** Escapes a string for use inside a RegExp. */
export function reEscape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `obj.a.b.c`, or undefined. */
export function dig(obj: unknown, ...keys: string[]): unknown {
  let v = obj;
  for (const k of keys) {
    if (!isObject(v)) return undefined;
    v = v[k];
  }
  return v;
}

export { isObject };
