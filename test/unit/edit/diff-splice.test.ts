/** diffSplice: the smallest splice between two texts, skipping common parts a block at a time. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSplice } from '../../../src/core/edit/text';

/** The character-by-character version: the oracle. */
function naive(a: string, b: string) {
  const max = Math.min(a.length, b.length);
  let p = 0;
  while (p < max && a[p] === b[p]) p++;
  let s = 0;
  while (s < max - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return { start: p, end: a.length - s, text: b.slice(p, b.length - s) };
}

describe('diffSplice', () => {
  it('equals the character-by-character splice, and turns a into b, on texts around the block size', () => {
    // Long repetitive texts with a few changes: the common parts span several blocks and end mid-block.
    const text = fc
      .tuple(fc.string({ unit: fc.constantFrom('a', 'b', '\n'), maxLength: 40 }), fc.nat(30))
      .map(([s, n]) => s.repeat(n));
    const change = fc.record({ at: fc.nat(), cut: fc.nat(20), insert: fc.string({ maxLength: 5 }) });
    fc.assert(
      fc.property(text, fc.array(change, { maxLength: 3 }), (a, changes) => {
        let b = a;
        for (const c of changes) {
          const at = b.length ? c.at % b.length : 0;
          b = b.slice(0, at) + c.insert + b.slice(at + c.cut);
        }
        const sp = diffSplice(a, b);
        expect(sp).toEqual(naive(a, b));
        expect(a.slice(0, sp.start) + sp.text + a.slice(sp.end)).toBe(b);
      }),
      { numRuns: 1000 },
    );
  });

  it('one keystroke in a 1 MB file is a one-character splice where it was typed', () => {
    const a = '{"schema": "olm.bundle"}\n'.repeat(40_000);
    const b = `${a.slice(0, 512_345)}x${a.slice(512_345)}`;
    expect(diffSplice(a, b)).toEqual({ start: naive(a, b).start, end: naive(a, b).end, text: 'x' });
  });
});
