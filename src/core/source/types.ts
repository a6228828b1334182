/**
 * Where a catalog's files come from. One loader serves Node's fs (CLI), the browser's
 * FileSystemDirectoryHandle / OPFS, a list of File objects and in-memory fixtures.
 * Paths are always relative to the catalog root, '/'-separated, with no leading './'.
 */
export interface SourceFile {
  /** Relative path, e.g. `pkg/catalog.yaml`. */
  path: string;
  /** Size in bytes when known cheaply (used for progress reporting). */
  size?: number;
}

export interface CatalogSource {
  /** Human-readable name of the root (folder name), for messages. */
  readonly name: string;
  /** Every regular file under the root, recursively, in any order (the walker sorts). */
  list(): Promise<SourceFile[]>;
  /** The file's bytes. Rejects with an Error whose message is what opm would print (OS error text). */
  read(path: string): Promise<Uint8Array>;
  /**
   * The file's text, for a source that decodes more cheaply than `read` + a decoder (Node decodes
   * natively and frees the bytes at once, where a byte array waits for the garbage collector: with a
   * 50 MB file that is 50 MB more at the peak). Only for valid UTF-8: it resolves undefined when the
   * text holds U+FFFD, and the caller then reads the bytes, which tell a bad sequence from a real
   * U+FFFD. Rejects as `read` does.
   */
  readText?(path: string): Promise<string | undefined>;
  /** Writes (creating parent folders). Absent on read-only sources. */
  write?(path: string, data: Uint8Array): Promise<void>;
}
