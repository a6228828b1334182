/**
 * go-yaml's error texts for a YAML document that does not parse, as sigs.k8s.io/yaml wraps them:
 * js-yaml's errors and our stack limit turned into the message and place opm reports.
 */
import { YAMLException } from 'js-yaml';
import { hostile } from './hostile-registry';

/** go-yaml's nesting limit (parser.go max_flow_level / max_indents_level). */
export const MAX_DEPTH = 10_000;

export interface YamlDocError {
  /**
   * The text sigs.k8s.io/yaml puts after `error converting YAML to JSON: `, e.g.
   * `yaml: line 3: mapping values are not allowed in this context`.
   */
  message: string;
  /** 0-based line and column inside the parsed text (js-yaml's mark), when known. */
  line: number;
  column: number;
  /**
   * The YAML converted, and Go's JSON decoder refused the result (sigs.k8s.io/yaml then says
   * `error unmarshaling JSON: while decoding JSON: ` before `message`).
   */
  afterConversion?: boolean;
}

export function docErrorAt(text: string, offset: number, message: string): YamlDocError {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { message, line, column: offset - lineStart };
}

/**
 * The parser ran out of stack. Past go-yaml's own limit that is its `exceeded max depth of 10000`
 * (scanner errors name the line only when it is not the first: parser.fail()); short of it, opm
 * would read the document and we cannot, which the message says rather than pretend to be opm.
 */
export function tooDeep(text: string): YamlDocError {
  const at = hostile().tooDeepAt(text);
  if (at >= 0) {
    const err = docErrorAt(text, at, '');
    const where = err.line > 0 ? `line ${err.line + 1}: ` : '';
    return { ...err, message: `yaml: ${where}exceeded max depth of ${MAX_DEPTH}` };
  }
  return {
    message: `yaml: nested too deeply for FBC Studio's YAML reader (opm reads up to ${MAX_DEPTH} levels)`,
    line: 0,
    column: 0,
  };
}

/** What is still open at the end of `src`: a quote, or the innermost flow collection. */
function openConstruct(src: string): '"' | "'" | '[' | '{' | undefined {
  const stack: string[] = [];
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) {
        if (quote === "'" && src[i + 1] === "'") i++;
        else quote = undefined;
      }
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(src[i - 1] as string))) {
      const nl = src.indexOf('\n', i);
      if (nl < 0) break;
      i = nl;
    } else if (c === '"' || c === "'") {
      // Quotes only open a scalar at its start (after an indicator or space).
      if (i === 0 || /[\s[{,:-]/.test(src[i - 1] as string)) quote = c;
    } else if (c === '[' || c === '{') stack.push(c);
    else if ((c === ']' || c === '}') && stack.length) stack.pop();
  }
  return quote ?? (stack.at(-1) as '[' | '{' | undefined);
}

/** js-yaml's reason rephrased the way go-yaml (libyaml) words the same problem, where clear. */
function goReason(reason: string, src: string | undefined, position: number): string {
  const at = src?.[position];
  if (reason.startsWith('deficient indentation') || reason.startsWith('unexpected end of the stream')) {
    const open = src === undefined ? undefined : openConstruct(src);
    if (open === '"' || open === "'") return 'found unexpected end of stream';
    if (open === '[') return "did not find expected ',' or ']'";
    if (open === '{') return "did not find expected ',' or '}'";
    return reason;
  }
  if (reason.startsWith('bad indentation of a mapping entry')) {
    if (at === '@' || at === '`') return 'found character that cannot start any token';
    return 'mapping values are not allowed in this context';
  }
  if (reason.startsWith('end of the stream or a document separator is expected')) {
    if (at === '\t') return 'found character that cannot start any token';
    return 'did not find expected key';
  }
  if (reason.startsWith('incomplete explicit mapping pair'))
    return 'mapping values are not allowed in this context';
  if (reason.startsWith('unknown escape sequence')) return 'found unknown escape character';
  if (reason.startsWith('the stream contains non-printable characters'))
    return 'control characters are not allowed';
  if (reason.startsWith('unidentified alias')) return 'unknown anchor referenced';
  if (reason.startsWith('missed comma between flow collection entries'))
    return "did not find expected ',' or ']'";
  if (reason.startsWith('tab characters must not be used in indentation')) {
    return 'found character that cannot start any token';
  }
  return reason;
}

export function toYamlDocError(e: unknown): YamlDocError {
  if (e instanceof YAMLException) {
    const reason = goReason(e.reason, e.mark?.buffer, e.mark?.position ?? 0);
    const line = e.mark?.line ?? 0;
    const column = e.mark?.column ?? 0;
    // Key conversion happens after go-yaml, in sigs.k8s.io/yaml: no `yaml: line N:` there.
    if (reason.startsWith('unsupported map key')) return { message: reason, line, column };
    return { message: `yaml: line ${line + 1}: ${reason}`, line, column };
  }
  return { message: 'yaml: ' + (e instanceof Error ? e.message : String(e)), line: 0, column: 0 };
}
