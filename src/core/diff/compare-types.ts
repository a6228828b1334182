import type { RevisionChoice } from '../git/revisions';
import type { CatalogSource } from '../source/types';
import type { CatalogDiff } from './types';

/** The app's Compare view and the worker: what the open catalog can be compared with, and the answer. */

export type CompareAgainst = { kind: 'catalog'; id: string } | { kind: 'revision'; ref: string };

/**
 * What the service compares with: one of the targets it offers, or any folder or zip the user
 * picked or dropped (the worker turns that into a source; `label` is its name as the user knows it).
 */
export type CompareSide = CompareAgainst | { kind: 'source'; source: CatalogSource; label: string };

export interface CompareTargets {
  /** The open catalog ('' for a folder that is one catalog). */
  current: string;
  /** The repository's other catalogs (none for a folder that is one catalog). */
  catalogs: { id: string; label: string }[];
  /** Branches, tags and recent commits of the folder's Git repository; null when it has none. */
  revisions: RevisionChoice[] | null;
  /** The checked-out branch. */
  branch?: string;
}

export interface CompareResult {
  diff: CatalogDiff;
  /** The older side (the other catalog or the revision) and the open catalog, as labels. */
  oldLabel: string;
  newLabel: string;
  markdown: string;
  /** A side that did not load cleanly (the diff then covers what loaded). */
  warnings: string[];
  /** True when the open catalog is the older side (the sides were swapped). */
  swapped: boolean;
}

export type CompareReply = CompareResult | { error: string };
