/** A millisecond clock that works in a worker, in Node and in tests (performance when there is one). */
export function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
