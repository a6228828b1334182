/**
 * The execution state of exec.go: the variable stack, the node being executed (for error
 * locations), and the output, plus the limits Go does not have in this form.
 *
 * Limits (unlike Go, which grows its buffer without bound): the output stops with an error at
 * maxOutputBytes, and so does the total number of {{range}} iterations (a range over a huge int
 * with an empty body writes nothing but must still end).
 */
import { utf8Length } from '../strings';
import { GoTemplateError } from './errors';
import { type Node, nodeString } from './nodes';
import type { Tree } from './parse';
import { quoteString } from './strconv';
import type { Val } from './value';
import type { FuncMap } from './values';

export type MissingKey = 'default' | 'zero' | 'error';

/** What one execution shares across template invocations. */
export interface ExecContext {
  trees: ReadonlyMap<string, Tree>;
  funcs: FuncMap;
  missingKey: MissingKey;
  maxOutputBytes: number;
  maxExecDepth: number;
  out: string[];
  outBytes: number;
  iterations: number;
}

interface Variable {
  name: string;
  value: Val;
}

export class State {
  node: Node | undefined;

  constructor(
    readonly ctx: ExecContext,
    /** The name of the template being executed (`executing "NAME"`). */
    readonly tmplName: string,
    /** The tree whose text and parse name locate errors. */
    readonly tree: Tree,
    readonly depth: number,
    readonly vars: Variable[],
  ) {}

  at(node: Node): void {
    this.node = node;
  }

  push(name: string, value: Val): void {
    this.vars.push({ name, value });
  }

  mark(): number {
    return this.vars.length;
  }

  pop(mark: number): void {
    this.vars.length = mark;
  }

  /** Overwrites the last declared variable of that name (assignment). */
  setVar(name: string, value: Val): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i] as Variable;
      if (v.name === name) {
        v.value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }

  /** Overwrites the n'th variable from the top of the stack (range iteration). */
  setTopVar(n: number, value: Val): void {
    (this.vars[this.vars.length - n] as Variable).value = value;
  }

  varValue(name: string): Val {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i] as Variable;
      if (v.name === name) return v.value;
    }
    this.errorf(`undefined variable: ${name}`);
  }

  /** Tree.ErrorContext: "NAME:LINE:COL" (COL in bytes, from 0) and the node's text. */
  errorContext(n: Node): { location: string; context: string } {
    const text = this.tree.text;
    const nl = text.lastIndexOf('\n', n.pos - 1);
    const lineStart = n.pos === 0 ? 0 : nl + 1;
    let line = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < n.pos; i = text.indexOf('\n', i + 1)) line++;
    const col = utf8Length(text.slice(lineStart, n.pos));
    return { location: `${this.tree.parseName}:${line}:${col}`, context: nodeString(n) };
  }

  errorf(message: string): never {
    if (this.node === undefined) throw new GoTemplateError(`template: ${this.tmplName}: ${message}`);
    const { location, context } = this.errorContext(this.node);
    throw new GoTemplateError(
      `template: ${location}: executing ${quoteString(this.tmplName)} at <${context}>: ${message}`,
    );
  }

  /** Room left in the output, in bytes. */
  remaining(): number {
    return this.ctx.maxOutputBytes - this.ctx.outBytes;
  }

  outputLimitError(): never {
    this.errorf(`exceeded maximum output size (${this.ctx.maxOutputBytes} bytes)`);
  }

  write(s: string): void {
    if (s.length === 0) return;
    const bytes = utf8Length(s);
    if (bytes > this.remaining()) this.outputLimitError();
    this.ctx.outBytes += bytes;
    this.ctx.out.push(s);
  }

  /** Counts one range iteration; at is the range's pipeline, where the error points. */
  countIteration(at: Node): void {
    if (++this.ctx.iterations > this.ctx.maxOutputBytes) {
      this.at(at);
      this.errorf(`exceeded maximum number of range iterations (${this.ctx.maxOutputBytes})`);
    }
  }
}
