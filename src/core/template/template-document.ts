import { goScanValue, utf8Length } from '../gojson';
import type { BlobOrigin, JsonPath, SourceRange } from '../location';
import { locateIn } from '../load/locate';
import { lineEndAt, lineStarts, looksLikeJson, positionAt } from '../load/text';
import type { LoadedFile } from '../load/types';
import { parseYamlDocument, type YamlDocError } from '../load/yaml11';

/**
 * The first document of a template file, read as opm reads it: k8s `YAMLOrJSONDecoder` (a JSON
 * value when the text starts with `{`, else the first YAML document up to a `---` line), converted to
 * JSON values with Go's YAML 1.1 rules. Only the first document counts — opm never reads further.
 * The document keeps its place in the file so any field in it can be located (file:line:column).
 */
export interface TemplateDocument {
  file: LoadedFile;
  origin: BlobOrigin;
  /** The decoded value (null for an empty document). */
  value: unknown;
}

export interface DocumentError {
  /** The decoder's text, e.g. `error converting YAML to JSON: yaml: line 3: ...`. */
  message: string;
  location: SourceRange;
}

function range(file: LoadedFile, start: number): SourceRange {
  const t = lineStarts(file.text, file);
  return { file: file.path, start: positionAt(t, start), end: positionAt(t, lineEndAt(file.text, start)) };
}

/** The k8s YAMLReader's first document from `from`: [start, end), or its separator error. */
function firstYamlDocument(
  text: string,
  from: number,
): { start: number; end: number } | { error: string; at: number } {
  let line = from;
  while (line < text.length) {
    const nl = text.indexOf('\n', line);
    const next = nl < 0 ? text.length : nl + 1;
    if (text.startsWith('---', line)) {
      const rest = text.slice(line + 3, nl < 0 ? text.length : nl).trim();
      if (rest.length > 0 && rest[0] !== '#')
        return { error: `invalid Yaml document separator: ${rest}`, at: line };
      // A separator ends a non-empty document; at the start of one it stays in it.
      if (line > from) return { start: from, end: line };
    }
    line = next;
  }
  return { start: from, end: text.length };
}

function yamlDocument(file: LoadedFile, from: number): TemplateDocument | DocumentError {
  const doc = firstYamlDocument(file.text, from);
  if ('error' in doc) return { message: doc.error, location: range(file, doc.at) };
  const src = file.text.slice(doc.start, doc.end);
  try {
    const value = parseYamlDocument(src) ?? null;
    return {
      file,
      value,
      origin: { file: file.path, index: 0, start: doc.start, end: doc.end, format: 'yaml' },
    };
  } catch (e) {
    const ye = e as YamlDocError;
    const t = lineStarts(src);
    const at = doc.start + Math.min((t[Math.min(ye.line, t.length - 1)] ?? 0) + ye.column, src.length);
    const prefix = ye.afterConversion
      ? 'error unmarshaling JSON: while decoding JSON: '
      : 'error converting YAML to JSON: ';
    return { message: prefix + ye.message, location: range(file, at) };
  }
}

/** Reads the first document of `text` (a template file at `path`). */
export function readTemplateDocument(path: string, text: string): TemplateDocument | DocumentError {
  const file: LoadedFile = {
    path,
    text,
    format: text.length === 0 ? 'empty' : looksLikeJson(text) ? 'json' : 'yaml',
    bytes: utf8Length(text),
    blobs: 1,
  };
  if (file.format !== 'json') return yamlDocument(file, 0);
  let i = 0;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  const scan = goScanValue(text, i);
  if (scan.end !== undefined && !scan.problem) {
    try {
      const value: unknown = JSON.parse(text.slice(i, scan.end));
      return { file, value, origin: { file: path, index: 0, start: i, end: scan.end, format: 'json' } };
    } catch {
      // JSON.parse and Go disagree (nesting depth): fall through to Go's error.
    }
  }
  // The decoder retries a value JSON rejects as YAML, and reports the JSON error if that fails too.
  const asYaml = yamlDocument(file, i);
  if ('value' in asYaml && asYaml.value !== null && typeof asYaml.value === 'object') return asYaml;
  const p = scan.problem;
  const message = !p
    ? 'invalid JSON'
    : p.eof
      ? 'unexpected EOF'
      : `json: offset ${utf8Length(text, i) + p.byteOffset}: ${p.msg}`;
  return { message, location: range(file, Math.min(p?.index ?? i, text.length)) };
}

export function isDocumentError(d: TemplateDocument | DocumentError): d is DocumentError {
  return !('value' in d);
}

/** The place of a field of the document (keys as spelled in the file), or the document's start. */
export function locateField(doc: TemplateDocument, path: JsonPath): SourceRange {
  return locateIn(doc.file, doc.origin, path);
}

/** The key of `obj` that Go's encoding/json would match to field `name`: exact, else case-insensitive. */
export function goFieldKey(obj: Record<string, unknown>, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  const lower = name.toLowerCase();
  let found: string | undefined;
  // Go assigns the field once per matching key, so the last one wins.
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) found = k;
  return found;
}
