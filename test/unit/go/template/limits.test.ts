/**
 * The limits of the port on hostile input: Go's own (maxStackDepth for parentheses, maxExecDepth
 * for template calls, maxPipelineCmds), taken at Go's wasm values, and ours (maxOutputBytes, the
 * same bound on range iterations, nested control actions, and the JS stack). No upstream table:
 * parse_test.go's paren-nesting cases are in parse.test.ts, TestMaxExecDepth in
 * exec-errors.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_OUTPUT_BYTES,
  GoTemplateError,
  type GoValue,
  executeTemplate,
  parseTemplate,
} from '../../../../src/core/go/template';

function run(text: string, data: GoValue = null, maxOutputBytes?: number): string {
  return executeTemplate(parseTemplate(text), data, maxOutputBytes === undefined ? {} : { maxOutputBytes });
}

describe('output and iteration bounds', () => {
  it('is 64 MiB by default', () => {
    expect(DEFAULT_MAX_OUTPUT_BYTES).toBe(64 * 1024 * 1024);
  });

  it('ends execution with an error when the output would pass the bound', () => {
    expect(run('{{range 5}}0123456789{{end}}', null, 50)).toBe('0123456789'.repeat(5));
    expect(() => run('{{range 6}}0123456789{{end}}', null, 50)).toThrow(
      'template: values:1:11: executing "values" at <0123456789>: exceeded maximum output size (50 bytes)',
    );
  });

  it('counts UTF-8 bytes, as Go writes them', () => {
    expect(run('ééé', null, 6)).toBe('ééé');
    expect(() => run('éééé', null, 6)).toThrow(GoTemplateError);
  });

  it('refuses a value whose printing would pass the bound before formatting it', () => {
    const big: GoValue = Array.from({ length: 1000 }, () => 'x'.repeat(1000));
    expect(() => run('{{.}}', big, 100_000)).toThrow('exceeded maximum output size (100000 bytes)');
    expect(run('{{len .}}', big, 100_000)).toBe('1000');
  });

  it('stops a range over a huge int even when its body writes nothing', () => {
    expect(() => run('{{range 1000000000000}}{{end}}', null, 10_000)).toThrow(
      'template: values:1:8: executing "values" at <1000000000000>: exceeded maximum number of range iterations (10000)',
    );
  });

  it('bounds what printf may build, printed or not', () => {
    expect(() => run('{{$x := printf "%9000000d%9000000d" 1 2}}', null, 1_000_000)).toThrow(
      'exceeded maximum output size (1000000 bytes)',
    );
  });
});

describe('nesting bounds', () => {
  it('parses 1000 nested parentheses (Go on wasm) and refuses 1001', () => {
    const n = 1000;
    expect(run('{{' + '('.repeat(n) + '1' + ')'.repeat(n) + '}}')).toBe('1');
    expect(() => parseTemplate('{{' + '('.repeat(n + 1) + '1' + ')'.repeat(n + 1) + '}}')).toThrow(
      'template: values:1: max expression depth exceeded',
    );
  });

  it('parses 1000 nested control actions and refuses 1001 (Go has no such bound)', () => {
    const n = 1000;
    expect(run('{{if 1}}'.repeat(n) + 'x' + '{{end}}'.repeat(n))).toBe('x');
    expect(() => parseTemplate('{{if 1}}'.repeat(n + 1) + 'x' + '{{end}}'.repeat(n + 1))).toThrow(
      'template: values:1: max control nesting depth exceeded',
    );
    expect(run('{{if 0}}' + '{{else if 0}}'.repeat(n - 2) + '{{else}}z{{end}}')).toBe('z');
  });

  it('stops template recursion at 1000 calls (Go on wasm)', () => {
    expect(() => run('{{define "r"}}{{template "r" .}}{{end}}{{template "r" .}}')).toThrow(
      'template: values:1:25: executing "r" at <{{template "r" .}}>: exceeded maximum template depth (1000)',
    );
  });

  it('reports a JS stack overflow as an error, never as a RangeError', () => {
    const deep =
      '{{define "r"}}' + '{{if 1}}'.repeat(200) + '{{template "r" .}}' + '{{end}}'.repeat(200) + '{{end}}';
    let caught: unknown;
    try {
      run(deep + '{{template "r" .}}');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(GoTemplateError);
    expect((caught as Error).message).toMatch(/nesting too deep|exceeded maximum template depth/);
  });

  it('refuses a pipeline of more than 100000 commands (maxPipelineCmds)', () => {
    expect(() => parseTemplate('{{1' + ' | print'.repeat(100_000) + '}}')).toThrow('pipeline too long');
  });
});

describe('hostile text', () => {
  it.each([
    ['{{', 'template: values:1: unclosed action'],
    ['{{"', 'template: values:1: unterminated quoted string'],
    ['{{/*', 'template: values:1: unclosed comment'],
    ['{{\u0000}}', 'template: values:1: unrecognized character in action: U+0000'],
    ['{{(((', 'template: values:1: unclosed action'],
    ['{{end}}{{end}}', 'template: values:1: unexpected {{end}}'],
  ])('%j', (text, message) => {
    expect(() => parseTemplate(text)).toThrow(message);
  });
});
