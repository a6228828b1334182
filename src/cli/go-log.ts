/** Go's `log.Fatal` as opm's render commands end on an error: the local time prefix, the message, exit 1. */
import { goQuote } from '../core/go/strings';

/** Go's standard logger prefix: `2006/01/02 15:04:05 `. */
export function goLogTime(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** `action.Render.Run`'s wrapping of a reference that cannot be read. */
export function renderReferenceError(ref: string, e: unknown): Error {
  return new Error(`render reference ${goQuote(ref)}: ${e instanceof Error ? e.message : String(e)}`, {
    cause: e,
  });
}
