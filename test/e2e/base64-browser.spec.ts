import { buildSync } from 'esbuild';
import { expect, test } from '@playwright/test';
import { goBase64ErrorOffset, isSimpleBase64ByAtob } from '../../src/core/gojson/base64';
import { base64Cases } from '../support/base64-cases';

/**
 * The catalog worker checks bundle objects' base64 with the browser's own decoder into a reused
 * buffer (src/core/gojson/base64.ts, `isSimpleBase64ByDecoding`); Node 20 has no such decoder, so
 * this runs the module itself in the Chromium the app runs in. Go's answer for each input (valid, or
 * the byte offset of the first illegal character) must be the one Node gives through atob; the
 * decoder must say yes only where atob does, and yes to canonical data (else the fast path is
 * never taken and the check costs what it did).
 */
const cases = base64Cases(2000);
const canonical = Array.from({ length: 50 }, (_, i) =>
  Buffer.from(Array.from({ length: 1 + i * 37 }, (_, j) => (j * 31 + i) & 255)).toString('base64'),
);

const module = buildSync({
  entryPoints: ['src/core/gojson/base64.ts'],
  bundle: true,
  format: 'iife',
  globalName: 'goBase64',
  write: false,
}).outputFiles[0]!.text;

test("the browser's base64 check gives Go's answers, taking the fast path on canonical data", async ({
  page,
}) => {
  await page.setContent('<!doctype html><title>base64</title>');
  await page.addScriptTag({ content: module });
  const got = await page.evaluate(
    ({ cases, canonical }) => {
      const m = (window as unknown as { goBase64: typeof import('../../src/core/gojson/base64') }).goBase64;
      return {
        decoder: typeof (Uint8Array.prototype as { setFromBase64?: unknown }).setFromBase64,
        offsets: cases.map((s) => m.goBase64ErrorOffset(s)),
        fast: cases.map((s) => m.isSimpleBase64ByDecoding(s)),
        canonical: canonical.map((s) => m.isSimpleBase64ByDecoding(s)),
      };
    },
    { cases, canonical },
  );
  expect(got.decoder).toBe('function');
  // Node 20 has no setFromBase64: there the check goes through atob, the reference.
  expect(got.offsets).toEqual(cases.map((s) => goBase64ErrorOffset(s)));
  const notAtob = cases.filter((s, i) => got.fast[i] && !isSimpleBase64ByAtob(s));
  expect(notAtob).toEqual([]);
  expect(got.canonical.every(Boolean)).toBe(true);
  // Non-zero padding bits: atob takes them, the strict decoder does not; Go accepts them (the exact path).
  expect([got.fast[cases.indexOf('AB==')], got.offsets[cases.indexOf('AB==')]]).toEqual([false, -1]);
});
