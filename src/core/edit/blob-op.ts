import type { JsonPath } from '../location';

/**
 * A format-neutral edit of one blob. Paths use Go field names (`['entries', 2, 'skipRange']`); the
 * editors resolve them against the keys as written (Go matches fields case-insensitively, the last
 * matching key wins), so `SkipRange:` is edited in place rather than shadowed by a new key.
 */
export type BlobOp =
  /** Set a string field: rewrite the value in place (keeping its quoting), or insert the key. */
  | { op: 'set'; path: JsonPath; value: string; placement?: KeyPlacement }
  /**
   * Append `value` to the array at `path`. When the key is missing (or null) it is created holding
   * `[value]`, placed by `placement`.
   */
  | { op: 'append'; path: JsonPath; value: JsonValue; placement?: KeyPlacement }
  /**
   * Remove a key or an array item. When an item removal empties the array, `dropEmpty` removes the
   * key that holds it instead of leaving `[]`.
   */
  | { op: 'remove'; path: JsonPath; dropEmpty?: boolean }
  /** Insert a missing key holding any value (a mapping, a list…), placed by `placement`. */
  | { op: 'insert'; path: JsonPath; value: JsonValue; placement?: KeyPlacement };

/** Where a new key goes among its siblings: like the samples do, else by `fallback` order. */
export interface KeyPlacement {
  samples: readonly unknown[];
  fallback: readonly string[];
}

export type JsonValue = string | JsonValue[] | { [key: string]: JsonValue };

/** A user-level reason an edit cannot be made to the text as written (caught at the action boundary). */
export class EditError extends Error {
  override name = 'EditError';
}
