/**
 * Source locations. Positions are computed lazily: the loader records, for every blob, the
 * character range it occupies in its file; a field inside the blob is addressed by a JSON path
 * and resolved to line/column only when someone asks (diagnostics, "open at line").
 */

/** 1-based line and column (column counted in UTF-16 code units, as Monaco does). */
export interface Position {
  line: number;
  column: number;
}

export interface SourceRange {
  file: string;
  start: Position;
  end: Position;
}

/** Where one blob (one YAML document or one JSON value) sits in its file. */
export interface BlobOrigin {
  file: string;
  /** 0-based index of the blob within its file. */
  index: number;
  /** Character offsets [start, end) into the decoded file text. */
  start: number;
  end: number;
  format: 'json' | 'yaml';
  /**
   * Set when the blob is not a document of its own but an item of a list inside one (an entry of a
   * basic template's `entries`): [start, end) is then the item (a YAML item from its first key, past
   * the `- `, to the start of the line after it; a JSON item from `{` to `}`), `index` its place in
   * the list, and `container` the enclosing document and the path of the list in it.
   */
  container?: { start: number; end: number; path: JsonPath };
}

/** A path into a blob's decoded value, e.g. ['entries', 3, 'replaces']. Keys are the blob's own spelling. */
export type JsonPath = readonly (string | number)[];

/** A reference to a field inside a blob; resolved to a SourceRange by the catalog's locator. */
export interface LocRef {
  origin: BlobOrigin;
  path: JsonPath;
}
