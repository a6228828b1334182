/** The CLI's base64 test (decode into a reused buffer) says yes exactly where the platform's atob test does. */
import { describe, expect, it } from 'vitest';
import { isSimpleBase64 } from '../../../src/cli/base64-check';
import { goBase64Error, isSimpleBase64ByAtob } from '../../../src/core/gojson/base64';
import { base64Cases } from '../../support/base64-cases';

describe('the CLI base64 test', () => {
  it('agrees with atob on canonical, padded, URL-safe, spaced and non-ASCII inputs', () => {
    const cases = base64Cases(3000);
    for (const s of cases) expect([s, isSimpleBase64(s)]).toEqual([s, isSimpleBase64ByAtob(s)]);
  });

  it('says yes to a large canonical value, which Go decodes too', () => {
    const big = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31) & 255)).toString('base64');
    expect([isSimpleBase64(big), goBase64Error(big)]).toEqual([true, undefined]);
    expect(isSimpleBase64(`${big.slice(0, 1000)}-${big.slice(1001)}`)).toBe(false);
  });
});
