import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeGoBase64, goBase64FirstByte } from '../../../src/core/gojson';

describe('goBase64FirstByte', () => {
  it('is the first byte Go decodes, for any bytes in standard base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (bytes) => {
        const s = Buffer.from(bytes).toString('base64');
        expect(goBase64FirstByte(s)).toBe(bytes[0]);
        expect(goBase64FirstByte(s)).toBe(decodeGoBase64(s, 1)[0]);
      }),
      { numRuns: 1000 },
    );
  });

  it("reads a JSON object's opening brace", () => {
    expect(goBase64FirstByte(Buffer.from('{"kind":"ClusterServiceVersion"}').toString('base64'))).toBe(0x7b);
    expect(goBase64FirstByte(Buffer.from('kind: ClusterServiceVersion').toString('base64'))).not.toBe(0x7b);
  });

  it('gives up (-1) where the first two characters are not both symbols: a line break, padding, too short', () => {
    const s = Buffer.from('{}').toString('base64');
    expect(goBase64FirstByte(`\n${s}`)).toBe(-1);
    expect(goBase64FirstByte(`${s[0]}\r${s.slice(1)}`)).toBe(-1);
    expect(goBase64FirstByte('==')).toBe(-1);
    expect(goBase64FirstByte('e')).toBe(-1);
    expect(goBase64FirstByte('')).toBe(-1);
    expect(goBase64FirstByte('éy')).toBe(-1);
  });
});
