/**
 * The CLI's test for canonical padded base64 (core/gojson/base64.ts asks it first, and takes Go's
 * exact path when it says no). Decoding into one reused buffer allocates nothing on the JS heap:
 * atob's decoded string, made for each bundle object only to be measured, was a third of what a
 * 200 MB catalog's run allocated, and the garbage collector's work with it.
 *
 * Node's decoder skips what is not base64 and stops at padding, so any such character makes the
 * decoded length short of the canonical input's; it also takes the URL-safe `-` and `_`, which Go's
 * standard encoding refuses, so those are looked for apart.
 */
import { canonicalDecodedLength, provideSimpleBase64Test } from '../core/gojson/base64';

let scratch = Buffer.allocUnsafe(1 << 16);

export function isSimpleBase64(s: string): boolean {
  const n = s.length;
  if (n % 4 !== 0) return false;
  const full = (n / 4) * 3;
  if (scratch.length < full) scratch = Buffer.allocUnsafe(full * 2);
  return (
    scratch.write(s, 0, full, 'base64') === canonicalDecodedLength(s) && !s.includes('-') && !s.includes('_')
  );
}

/** Called once by each CLI entry (main.ts, load-worker.ts). */
export function useBufferBase64(): void {
  provideSimpleBase64Test(isSimpleBase64);
}
