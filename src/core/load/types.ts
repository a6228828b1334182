import type { DeclarativeConfig } from '../declcfg/types';
import type { LocRef, SourceRange } from '../location';
import type { RuleIds } from '../rules';
import type { InvalidUtf8 } from './utf8';

export interface LoadedFile {
  path: string;
  /** The decoded text (UTF-8, BOM kept as U+FEFF, invalid bytes as U+FFFD). */
  text: string;
  /** How the k8s decoder reads the file: JSON stream, YAML documents, or nothing at all (0 bytes). */
  format: 'json' | 'yaml' | 'empty';
  bytes: number;
  blobs: number;
  /**
   * Byte sequences that are not UTF-8 (each is U+FFFD in `text`); absent when there are none. YAML
   * documents holding one fail as in go-yaml; JSON strings keep U+FFFD as Go's decoder does; a
   * writer must never put the U+FFFD back into the user's file.
   */
  invalidUtf8?: InvalidUtf8[];
  /**
   * Set when a file too big to hold twice was read in pieces (load-segments.ts): its text as
   * consecutive segments cut at line starts between blobs. `text` then joins them on first use;
   * locating reads the segments.
   */
  segments?: readonly TextSegment[];
  /**
   * Set when the file was loaded from its text with long base64 strings cut out (the CLI's
   * validation, src/cli/elided-json.ts): locating reads that text; `text` is read again only if
   * something asks for it. Blob origins are the whole text's offsets, as for any file.
   */
  elided?: ElidedText;
}

/**
 * A file text with long strings cut out (elided.ts): each cut string's content is replaced by a
 * stand-in of STAND_IN characters.
 */
export interface ElidedText {
  /** The text with each cut string's content replaced by its stand-in. */
  text: string;
  /** For each cut in text order: where its stand-in starts in `text`. */
  at: readonly number[];
  /** For each cut: the characters removed by it and every cut before it. */
  removed: readonly number[];
}

/** A piece of a file's text: `text` starts at character `offset`, at 0-based line `line`. */
export interface TextSegment {
  text: string;
  offset: number;
  line: number;
}

export type LoadRule = RuleIds<
  'R2' | 'R3' | 'R4' | 'R5' | 'R6' | 'R7' | 'R8' | 'R9' | 'R10' | 'R11' | 'R12' | 'R13' | 'R14' | 'R15'
>;

export interface LoadError {
  rule: LoadRule;
  /** opm's exact err.Error() text for this error. */
  message: string;
  file: string;
  location: SourceRange;
  ref?: LocRef;
}

export interface FileLoad {
  file: LoadedFile;
  /** This file's blobs only, in file order. */
  dc: DeclarativeConfig;
  errors: LoadError[];
}

export interface LoadResult {
  dc: DeclarativeConfig;
  /** In load order: errors[0] is the error opm would report (files read in lexical walk order). */
  errors: LoadError[];
  files: Map<string, LoadedFile>;
  /** Paths skipped by `.indexignore` patterns (the `.indexignore` files themselves are not listed). */
  ignored: string[];
  /** Loaded files in walk order. */
  order: string[];
}

export interface LoadProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  currentFile: string;
}

export interface LoadOptions {
  onProgress?(p: LoadProgress): void;
  signal?: AbortSignal;
  /**
   * `eager` (default, the CLI): decode every olm.bundle.object and check it is JSON/YAML like opm.
   * `lazy` (the browser): check the base64 only; run `checkBundleObjects` later for R15.
   */
  bundleObjects?: 'eager' | 'lazy';
}

/**
 * A YAML document's parse (a JSON-ready value, or the error), keyed by the document's text. The
 * parse depends on that text alone (the k8s reader splits the file first), so an editor re-loading a
 * file after a keystroke re-parses only the document that changed (see loadFile's `yamlDocs`).
 * Values are shared between loads: like blobs, they are never mutated.
 */
export type YamlDocParse =
  { value: unknown; nonFinite: boolean } | { error: { message: string; line: number; column: number } };

export interface YamlDocReuse {
  /** Parses from an earlier load of the file. */
  reuse?: ReadonlyMap<string, YamlDocParse>;
  /** Filled with this load's parses (for the next one). */
  record: Map<string, YamlDocParse>;
}
