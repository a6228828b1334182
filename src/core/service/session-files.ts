/**
 * Write-back support: the catalog's files as the writer and the review need them (what there is,
 * in which format, how big). Holds no state: it reads the generation it is given, so a write
 * always sees the files of the catalog it writes.
 */
import type { Snapshot } from './session-snapshot';

export interface CatalogFileEntry {
  path: string;
  format: 'json' | 'yaml' | 'empty';
  bytes: number;
  /** How many blobs the file holds. */
  blobs: number;
}

/** The catalog's files in walk order, with their format and how many blobs they hold. */
export function listFiles(s: Snapshot): CatalogFileEntry[] {
  return [...s.loads.values()].map((l) => ({
    path: l.file.path,
    format: l.file.format,
    bytes: l.file.bytes,
    blobs: l.file.blobs,
  }));
}
