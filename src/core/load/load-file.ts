/**
 * One file → blobs, the way opm's WalkMetasReader reads it through k8s `YAMLOrJSONDecoder` (buffer
 * 4096): a JSON stream when the first non-space character is `{`, else YAML documents split on
 * lines starting with `---`. Each blob then goes through Meta extraction and schema dispatch.
 *
 * Unlike opm, which stops at the first error, every error is recorded and loading carries on with
 * the next blob/document, so one bad blob never hides the rest; `errors[0]` is opm's error.
 */
import { emptyDeclarativeConfig, type DeclarativeConfig } from '../declcfg/types';
import { goScanValue, utf8Length } from '../gojson';
import type { BlobOrigin, JsonPath, SourceRange } from '../location';
import { checkFinite, NonFiniteError } from './bundle-objects';
import { addBlob } from './dispatch';
import { JsonScanner } from './json-scan';
import { locateIn } from './locate';
import { extractMeta, type MetaResult } from './meta';
import { extractLongValues, restoreLongValues } from './yaml-long';
import { splitYamlDocuments } from './yaml-split';
import { NeedsHostileChecks } from './hostile-registry';
import { decodeUtf8 } from './utf8';
import {
  consumeJsonSpace,
  consumeWhitespace,
  lineEndAt,
  lineStarts,
  looksLikeJson,
  positionAt,
} from './text';
import type {
  FileLoad,
  LoadedFile,
  LoadError,
  LoadOptions,
  LoadRule,
  YamlDocParse,
  YamlDocReuse,
} from './types';
import { parseYamlDocument, takeNonFiniteFlag, type YamlDocError } from './yaml11';

const YAML_PREFIX = 'error unmarshaling JSON: while decoding JSON: ';

/** A blob that decoded (Go's Decode succeeded) and waits for addMeta. */
interface Decoded {
  value: unknown;
  meta: MetaResult;
  /** The text opm prints for the blob when it is not the re-encoded value. */
  fixedBlob?: string;
  start: number;
  end: number;
  format: 'json' | 'yaml';
}

class FileLoader {
  readonly dc: DeclarativeConfig = emptyDeclarativeConfig();
  readonly errors: LoadError[] = [];
  private blobIndex = 0;
  private table: Uint32Array | undefined;

  constructor(
    readonly file: LoadedFile,
    private readonly deepBundleObjects: boolean,
    private readonly yamlDocs?: YamlDocReuse,
  ) {}

  private get text(): string {
    return this.file.text;
  }

  private lines(): Uint32Array {
    return (this.table ??= lineStarts(this.text, this.file));
  }

  range(start: number, end?: number): SourceRange {
    const t = this.lines();
    const e = end ?? lineEndAt(this.text, start);
    return { file: this.file.path, start: positionAt(t, start), end: positionAt(t, Math.max(start, e)) };
  }

  error(rule: LoadRule, message: string, location: SourceRange, origin?: BlobOrigin, path?: JsonPath): void {
    const err: LoadError = { rule, message, file: this.file.path, location };
    if (origin) err.ref = { origin, path: path ?? [] };
    this.errors.push(err);
  }

  /** Go's walkFn for a decoded blob: addMeta. */
  add(d: Decoded): void {
    const origin: BlobOrigin = {
      file: this.file.path,
      index: this.blobIndex++,
      start: d.start,
      end: d.end,
      format: d.format,
    };
    this.file.blobs = this.blobIndex;
    const meta = d.meta;
    if (!meta.ok) throw new Error('unreachable: add() needs a decoded Meta');
    const err = addBlob(this.dc, d.value, meta, origin, d.fixedBlob, this.deepBundleObjects);
    if (err) {
      const location =
        err.path && err.path.length
          ? locateIn(this.file, origin, err.path, this.lines())
          : this.range(d.start);
      this.error(err.rule, err.message, location, origin, err.path ?? []);
    }
  }

  /** A Decode failure of a blob whose extent is known (Meta errors). */
  metaError(d: Decoded, prefix: string): void {
    if (d.meta.ok) return;
    const origin: BlobOrigin = {
      file: this.file.path,
      index: this.blobIndex,
      start: d.start,
      end: d.end,
      format: d.format,
    };
    this.error(d.meta.rule, prefix + d.meta.message, this.range(d.start), origin, []);
  }

  // ---------------------------------------------------------------- YAML

  /** Parses the document `src` = text[start, end) (a function of `src` alone). */
  private parseYamlDoc(src: string, start: number, end: number): YamlDocParse {
    try {
      let value: unknown;
      const long = extractLongValues(this.text, start, end);
      let parsed = false;
      if (long) {
        // Long base64 values parsed as tokens and put back as slices of the file text; any doubt
        // (including an error, so its position is exact) and the document is parsed as written.
        try {
          value = restoreLongValues(parseYamlDocument(long.text), this.text, long.spans);
          parsed = value !== undefined;
        } catch (e) {
          if (e instanceof NeedsHostileChecks) throw e;
          parsed = false;
        }
      }
      if (!parsed) value = parseYamlDocument(src);
      return { value, nonFinite: takeNonFiniteFlag() };
    } catch (e) {
      if (e instanceof NeedsHostileChecks) throw e;
      return { error: e as YamlDocError };
    }
  }

  /** Decode one YAML document: parse, convert to JSON values, Meta. Errors are returned, not recorded. */
  decodeYamlDoc(
    start: number,
    end: number,
  ): { decoded?: Decoded; error?: { rule: LoadRule; message: string; at: number } } {
    const src = this.text.slice(start, end);
    const parse = this.yamlDocs?.reuse?.get(src) ?? this.parseYamlDoc(src, start, end);
    this.yamlDocs?.record.set(src, parse);
    let value: unknown;
    try {
      if ('error' in parse) throw parse.error;
      value = parse.value;
      if (value !== null && parse.nonFinite) checkFinite(value);
    } catch (e) {
      if (e instanceof NonFiniteError) {
        return { error: { rule: 'R4', message: `error converting YAML to JSON: ${e.message}`, at: start } };
      }
      const ye = e as YamlDocError;
      const t = lineStarts(src);
      const at = (t[Math.min(ye.line, t.length - 1)] ?? 0) + ye.column;
      return {
        error: {
          rule: 'R4',
          message: ye.afterConversion
            ? YAML_PREFIX + ye.message
            : `error converting YAML to JSON: ${ye.message}`,
          at: start + Math.min(at, src.length),
        },
      };
    }
    if (value === null || value === undefined) {
      // The JSON is `null`: Meta.UnmarshalJSON never runs and the blob stays empty.
      return {
        decoded: {
          value: null,
          meta: { ok: true, schema: '', package: '', name: '' },
          fixedBlob: '',
          start,
          end,
          format: 'yaml',
        },
      };
    }
    const meta = extractMeta(value);
    return { decoded: { value, meta, start, end, format: 'yaml' } };
  }

  /** go-yaml's reader refuses a document holding bytes that are not UTF-8 (at its first one). */
  badUtf8(
    start: number,
    end: number,
  ): { decoded?: Decoded; error: { rule: LoadRule; message: string; at: number } } | undefined {
    const bad = this.file.invalidUtf8?.find((b) => b.index >= start && b.index < end);
    if (!bad) return undefined;
    return {
      error: { rule: 'R4', message: `error converting YAML to JSON: yaml: ${bad.message}`, at: bad.index },
    };
  }

  /** YAML mode from `from` to the end of the file. `firstErr` is a pending JSON error (fallback). */
  loadYaml(from: number, firstErr?: { rule: LoadRule; message: string; at: number }): void {
    let pending = firstErr;
    splitYamlDocuments(
      this.text,
      from,
      (start, end) => {
        const r = this.badUtf8(start, end) ?? this.decodeYamlDoc(start, end);
        if (pending) {
          // JSON failed on this value: Go reports the JSON error unless YAML decodes it.
          const ok = r.decoded && r.decoded.meta.ok;
          if (!ok) this.error(pending.rule, pending.message, this.range(pending.at));
          pending = undefined;
          if (!ok) return;
        }
        if (r.error) {
          this.error(r.error.rule, r.error.message, this.range(r.error.at));
          return;
        }
        const d = r.decoded as Decoded;
        if (!d.meta.ok) this.metaError(d, YAML_PREFIX);
        else this.add(d);
      },
      (lineStart, rest) => {
        if (pending) {
          this.error(pending.rule, pending.message, this.range(pending.at));
          pending = undefined;
        }
        this.error('R3', `invalid Yaml document separator: ${rest}`, this.range(lineStart));
      },
    );
  }

  // ---------------------------------------------------------------- JSON

  /** `countBefore`: JSON values read before this text in its file (see loadFile's `jsonValuesBefore`). */
  loadJson(countBefore = 0): void {
    const text = this.text;
    const n = text.length;
    let pos = 0; // end of the last value Go consumed
    let count = countBefore;
    const scanner = new JsonScanner(text);
    for (;;) {
      let i = pos;
      i = consumeJsonSpace(text, i);
      if (i >= n) return;
      const c = text.charCodeAt(i);
      let end = -1;
      let value: unknown;
      let parsed = false;
      if (c === 0x7b || c === 0x5b) {
        end = scanner.findEnd(i);
        if (end > 0) {
          try {
            value = scanner.parse(i, end);
            parsed = true;
          } catch {
            parsed = false;
          }
        }
      }
      if (!parsed) {
        const scan = goScanValue(text, i);
        if (scan.end !== undefined && !scan.problem) {
          try {
            value = JSON.parse(text.slice(i, scan.end));
            end = scan.end;
            parsed = true;
          } catch {
            // JSON.parse and Go disagree (e.g. depth): treat as a syntax error at the start.
          }
        }
        if (!parsed) {
          const p = scan.problem ?? {
            msg: 'invalid JSON',
            index: i,
            byteOffset: utf8Length(text, i) + 1,
            eof: false,
          };
          const at = Math.min(p.index, n);
          let message: string;
          let rule: LoadRule = 'R5';
          if (p.eof) message = 'unexpected EOF';
          else if (count > 1) message = p.msg;
          else message = `json: offset ${utf8Length(text, i) + p.byteOffset}: ${p.msg}`;
          if (p.eof && p.msg === 'EOF') return;
          if (count > 1) {
            this.error(rule, message, this.range(at));
            // Go stops here; resume at the next line that starts a JSON object.
            const next = text.indexOf('\n{', at);
            if (next < 0) return;
            pos = next + 1;
            continue;
          }
          rule = 'R5';
          this.loadYaml(consumeWhitespace(text, pos), { rule, message, at });
          return;
        }
      }
      const start = i;
      const stop = end;
      const meta: MetaResult =
        value === null
          ? { ok: true, schema: '', package: '', name: '' }
          : extractMeta(value, { text, start, end: stop });
      const d: Decoded = { value, meta, start, end: stop, format: 'json' };
      if (value === null) d.fixedBlob = 'null\n';
      if (!meta.ok) {
        if (count > 1) {
          this.metaError(d, '');
          pos = stop;
          continue;
        }
        // Go retries this value as YAML from the end of the last good value.
        this.loadYaml(consumeWhitespace(text, pos), { rule: meta.rule, message: meta.message, at: start });
        return;
      }
      count++;
      pos = stop;
      this.add(d);
    }
  }
}

/** Pure, synchronous, per file: the unit an editor re-runs after one file changes. */
export function loadFile(
  path: string,
  content: Uint8Array | string,
  opts?: Pick<LoadOptions, 'bundleObjects'> & {
    yamlDocs?: YamlDocReuse;
    /** The file's size in bytes when `content` is its text and the caller knows it (a listing). */
    byteLength?: number;
    /**
     * For a segment of a bigger JSON file (load-segments.ts): how many values its file holds before
     * it. Go's decoder retries a value it cannot read as YAML only among a file's first two values.
     */
    jsonValuesBefore?: number;
  },
): FileLoad {
  const decoded = typeof content === 'string' ? { text: content, invalid: [] } : decodeUtf8(content);
  const text = decoded.text;
  const bytes = typeof content === 'string' ? (opts?.byteLength ?? utf8Length(content)) : content.byteLength;
  const format: LoadedFile['format'] = text.length === 0 ? 'empty' : looksLikeJson(text) ? 'json' : 'yaml';
  const file: LoadedFile = { path, text, format, bytes, blobs: 0 };
  if (decoded.invalid.length) file.invalidUtf8 = decoded.invalid;
  const loader = new FileLoader(file, (opts?.bundleObjects ?? 'eager') === 'eager', opts?.yamlDocs);
  if (format === 'json') loader.loadJson(opts?.jsonValuesBefore);
  else if (format === 'yaml') loader.loadYaml(0);
  return { file, dc: loader.dc, errors: loader.errors };
}

/** A file that could not be read: R2 with the OS error text. */
export function unreadableFile(path: string, message: string): FileLoad {
  const file: LoadedFile = { path, text: '', format: 'empty', bytes: 0, blobs: 0 };
  const at = { line: 1, column: 1 };
  return {
    file,
    dc: emptyDeclarativeConfig(),
    errors: [{ rule: 'R2', message, file: path, location: { file: path, start: at, end: at } }],
  };
}
