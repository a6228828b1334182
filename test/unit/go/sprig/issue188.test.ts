/**
 * Port of Masterminds/sprig v3.3.0 issue_188_test.go (2 cases, both): mergeOverwrite merges
 * nested maps by reference, deepCopy breaks the sharing.
 */
import { describe, expect, it } from 'vitest';
import type { GoMap, GoValue } from '../../../../src/core/go/template/values';
import { call, f, int, out, run, toStringFunc } from './helpers';

const dict = (...a: GoValue[]): GoMap => call(f.dict, ...a) as GoMap;

describe('issue_188_test.go', () => {
  it('mergeOverwrite is not a deep copy merge', () => {
    const target = dict();
    const one = dict('foo', dict('bar', 'baz'), 'qux', true);
    const two = dict('foo', dict('bar', 'baz2'), 'qux', false);
    expect(run(f.trunc, int(0), call(toStringFunc, call(f.mergeOverwrite, target, one)))).toBe('');
    call(f.mergeOverwrite, target, two);
    expect(out(one)).toBe('map[foo:map[bar:baz2] qux:true]');
  });

  it('deepCopy before mergeOverwrite keeps the source apart', () => {
    const target = dict();
    const one = dict('foo', dict('bar', 'baz'), 'qux', true);
    const two = dict('foo', dict('bar', 'baz2'), 'qux', false);
    const merged = call(f.mergeOverwrite, target, call(f.deepCopy, one) as GoMap);
    expect(run(f.trunc, int(0), call(toStringFunc, merged))).toBe('');
    call(f.mergeOverwrite, target, two);
    expect(out(one)).toBe('map[foo:map[bar:baz] qux:true]');
  });
});
