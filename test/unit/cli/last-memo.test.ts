import { describe, expect, it } from 'vitest';
import { lastMemo } from '../../../src/cli/report/last-memo';

describe('lastMemo', () => {
  it('computes again only when the argument changes, the empty string included', () => {
    const calls: string[] = [];
    const upper = lastMemo((s) => {
      calls.push(s);
      return `<${s.toUpperCase()}>`;
    });
    expect(['', '', 'a', 'a', 'b', 'a'].map(upper)).toEqual(['<>', '<>', '<A>', '<A>', '<B>', '<A>']);
    expect(calls).toEqual(['', 'a', 'b', 'a']);
  });
});
