/**
 * Go's text/template, as the rancher/fleet controller renders helm values with it:
 *
 *   template.New("values").Funcs(sprigFuncs).Option("missingkey=error").Delims("${", "}")
 *
 * parseTemplate is New(name).Funcs(funcs).Delims(left, right).Parse(text) and executeTemplate is
 * Execute (or ExecuteTemplate, with `name`); both throw a GoTemplateError carrying Go's text.
 * Values are those of values.ts. Unlike Go, execution stops with an error at maxOutputBytes.
 */
import { GoTemplateError } from './errors';
import { walk, MAX_EXEC_DEPTH } from './exec';
import { BUILTINS } from './builtins';
import { type Tree, parse } from './parse';
import { type ExecContext, type MissingKey, State } from './state';
import { isGoLetter, isGoDigit, quoteString } from './strconv';
import type { FuncMap, GoValue } from './values';

export { GoTemplateError } from './errors';
export type { Tree } from './parse';
export type { MissingKey } from './state';
export * from './values';

export interface Template {
  /** The name of the top-level template (Go's template name; errors cite it). */
  readonly name: string;
  readonly text: string;
  /** Every template the text defines, by name (the top level, {{define}} and {{block}}). */
  readonly trees: ReadonlyMap<string, Tree>;
  readonly funcs: FuncMap;
}

export interface ParseTemplateOptions {
  /** Default "values", the name Fleet gives its values templates. */
  name?: string;
  /** Default "{{". */
  leftDelim?: string;
  /** Default "}}". */
  rightDelim?: string;
  funcs?: FuncMap;
}

export interface ExecuteOptions {
  /** Option("missingkey=…"); default 'default' (a missing key prints `<no value>`). */
  missingKey?: MissingKey;
  /** Output (and range iteration) bound; default 64 MiB. */
  maxOutputBytes?: number;
  /** Execute the associated template of this name (Go's ExecuteTemplate). */
  name?: string;
}

export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** Funcs' check: a function name must be a Go identifier (Go panics otherwise). */
function goodName(name: string): boolean {
  if (name === '') return false;
  let first = true;
  for (const ch of name) {
    const r = ch.codePointAt(0) as number;
    if (r !== 0x5f && !isGoLetter(r) && (first || !isGoDigit(r))) return false;
    first = false;
  }
  return true;
}

/** Whether e is the JS engine's stack overflow (V8 and WebKit: RangeError; Firefox: InternalError). */
function isStackOverflow(e: unknown): boolean {
  return (
    e instanceof Error &&
    ((e instanceof RangeError && /call stack/i.test(e.message)) ||
      (e.name === 'InternalError' && /recursion/i.test(e.message)))
  );
}

/**
 * The explicit limits (parse.ts, exec.ts) stop what Go stops; nesting they do not count (template
 * recursion through nested actions, calls in nested parentheses) can still exhaust a JS stack,
 * which is smaller than Go's growable one. That is reported as an error, never thrown through.
 */
function guardStack<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (isStackOverflow(e)) throw new GoTemplateError(`template: ${what}: nesting too deep`);
    throw e;
  }
}

export function parseTemplate(text: string, opts: ParseTemplateOptions = {}): Template {
  const name = opts.name ?? 'values';
  const funcs = opts.funcs ?? {};
  for (const f of Object.keys(funcs)) {
    if (!goodName(f)) throw new GoTemplateError(`function name ${quoteString(f)} is not a valid identifier`);
  }
  const hasFunction = (f: string) => Object.prototype.hasOwnProperty.call(funcs, f) || BUILTINS.has(f);
  const trees = guardStack(name, () =>
    parse(name, text, opts.leftDelim ?? '', opts.rightDelim ?? '', { hasFunction }),
  );
  return { name, text, trees, funcs };
}

export function executeTemplate(t: Template, data: GoValue, opts: ExecuteOptions = {}): string {
  const name = opts.name ?? t.name;
  const tree = t.trees.get(name);
  if (tree === undefined) {
    if (name !== t.name) {
      throw new GoTemplateError(
        `template: no template ${quoteString(name)} associated with template ${quoteString(t.name)}`,
      );
    }
    throw new GoTemplateError(`template: ${name}: ${quoteString(name)} is an incomplete or empty template`);
  }
  const ctx: ExecContext = {
    trees: t.trees,
    funcs: t.funcs,
    missingKey: opts.missingKey ?? 'default',
    maxOutputBytes: opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
    maxExecDepth: MAX_EXEC_DEPTH,
    out: [],
    outBytes: 0,
    iterations: 0,
  };
  const dot = data === null ? undefined : data;
  const s = new State(ctx, name, tree, 0, [{ name: '$', value: dot }]);
  guardStack(name, () => walk(s, dot, tree.root));
  return ctx.out.join('');
}
