/**
 * The WebAssembly base64 scan elided-json.ts runs over a catalog's bytes: the committed module is
 * what its .wat source assembles to, and it stops at the first byte outside base64's alphabet
 * wherever that byte sits (inside a 16-byte block, at its edges, in the byte-at-a-time tail).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE64_SCAN_WASM } from '../../../src/cli/base64-scan-module';
// @ts-expect-error a build script without types
import { assemble, moduleSource } from '../../../scripts/build-wasm.mjs';

const ALPHABET = new Set(
  Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', (c) => c.charCodeAt(0)),
);

function instance(): { memory: WebAssembly.Memory; scan: (from: number, to: number) => number } {
  const m = new WebAssembly.Module(Buffer.from(BASE64_SCAN_WASM, 'base64'));
  return new WebAssembly.Instance(m, {}).exports as never;
}

function reference(bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) if (!ALPHABET.has(bytes[i] as number)) return i;
  return to;
}

describe('the base64 alphabet scan', () => {
  it('is the module its .wat source assembles to', async () => {
    const wat = new URL('../../../src/cli/base64-scan.wat', import.meta.url).pathname;
    const committed = readFileSync(
      new URL('../../../src/cli/base64-scan-module.ts', import.meta.url),
      'utf8',
    );
    expect(moduleSource(await assemble(wat))).toBe(committed);
  });

  it('stops at every byte value outside the alphabet, and at none inside it', () => {
    const { memory, scan } = instance();
    const bytes = new Uint8Array(memory.buffer);
    for (let v = 0; v < 256; v++) {
      for (const at of [0, 5, 15, 16, 17, 31, 40]) {
        bytes.fill(0x41, 0, 48); // 'A'
        bytes[at] = v;
        expect(scan(0, 48)).toBe(ALPHABET.has(v) ? 48 : at);
      }
    }
  });

  it('agrees with a byte-by-byte scan on random text, bounds and alignments', () => {
    const { memory, scan } = instance();
    const bytes = new Uint8Array(memory.buffer);
    const alphabet = [...ALPHABET];
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...alphabet), fc.integer({ min: 0, max: 255 })), {
          maxLength: 200,
        }),
        fc.nat(20),
        fc.nat(40),
        (values, from, short) => {
          bytes.set(values, 0);
          bytes.fill(0, values.length, values.length + 64);
          const to = Math.max(0, values.length - short);
          const start = Math.min(from, to);
          expect(scan(start, to)).toBe(reference(bytes, start, to));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
