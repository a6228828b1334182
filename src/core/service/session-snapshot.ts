/**
 * One generation of one catalog (Snapshot) and what makes it: merging the file loads, validating
 * them, locating and viewing the findings. The builder owns the state that makes re-validation
 * cheap across generations of *its* catalog — the incremental validator, the source ranges already
 * found per file, the problem views kept by identity — so each open catalog has its own builder.
 */
import type { Diagnostic } from '../diagnostics';
import { locate, mergeFileLoads, type FileLoad, type LoadedFile, type LoadResult } from '../load';
import type { LocRef, SourceRange } from '../location';
import type { CatalogSource } from '../source/types';
import { IncrementalValidator } from '../validate/incremental';
import type { ValidationResult } from '../validate/validate-catalog';
import { DiagnosticIndex, type Locate } from './build-views';
import { now } from './clock';
import type { BesideFindings } from './beside-findings';
import { DiagnosticViews } from './diagnostic-views';
import type { CatalogSummary, DiagnosticView } from './views';

/** The acceptance of a finding by the repository configuration (repo-config/accept.ts), or undefined. */
export type AcceptFinding = (d: Diagnostic) => Diagnostic['accepted'];

/**
 * A pipeline policy pack's findings on a generation (core/policy/run.ts packFindings), beside opm's:
 * a repository's catalog only, set when the repository's pack is not `none`.
 */
export type PolicyCheck = (load: LoadResult, opmPassed: boolean) => Diagnostic[];

/** The catalog's files as read or edited: what a generation is built from. */
export interface CatalogFiles {
  source: CatalogSource;
  kind: CatalogSummary['kind'];
  readOnly: boolean;
  /** Per selected file, in walk order: its load (blobs, errors, text for locations). */
  loads: Map<string, FileLoad>;
  ignored: string[];
  bytes: number;
  /** Set when the folder is a Crossplane package or a Fleet bundle: its problems are these. */
  beside?: BesideFindings;
  /** Marks the findings of ours the repository configuration accepts; kept across edits. */
  accept?: AcceptFinding;
  /** The repository's policy pack, run on every generation (so at every edit). */
  policy?: PolicyCheck;
}

/** Everything derived from one generation of a catalog; rebuilt on open and on every edit. */
export interface Snapshot extends CatalogFiles {
  generation: number;
  load: LoadResult;
  validation: ValidationResult;
  diagnostics: DiagnosticView[];
  index: DiagnosticIndex;
  locate: Locate;
  durationMs: number;
}

export class SnapshotBuilder {
  /**
   * Every validation of the catalog goes through one IncrementalValidator: after an edit only the
   * packages whose blobs changed are converted and validated again (the same result as validateCatalog).
   */
  private readonly validator = new IncrementalValidator();
  /** Source ranges found per file (see locateRef below). */
  private readonly located = new WeakMap<LoadedFile, Map<string, SourceRange | null>>();
  /** Problems that stay across an edit keep their view object and id (diagnostic-views.ts). */
  private readonly diagnosticViews = new DiagnosticViews();

  /**
   * @param nextGeneration numbers the generations; a service holding several catalogs passes one
   *   counter to all of them, so a generation (what the UI keys its caches on) names one catalog.
   */
  constructor(private readonly nextGeneration: () => number) {}

  /** A new generation of `files`; `started` is when the work for it began (for durationMs). */
  build(files: CatalogFiles, started: number): Snapshot {
    const { source, kind, readOnly, loads, ignored, bytes, beside, accept, policy } = files;
    const load = mergeFileLoads([...loads.values()], ignored);
    const validation = this.validator.validate(load);
    const locateRef = this.locator(load);
    // The pack's findings come after opm's and ours, marked with the pack (never in opm's verdict).
    const found = policy && !beside ? policy(load, validation.passed) : [];
    // Not a catalog: opm's findings on it are not shown (they would be false errors).
    const diagnostics = beside
      ? beside.views
      : this.diagnosticViews.build(
          found.length > 0
            ? [...(validation.diagnostics as Diagnostic[]), ...found]
            : (validation.diagnostics as Diagnostic[]),
          validation.model,
          locateRef,
          accept,
        );
    return {
      generation: this.nextGeneration(),
      source,
      kind,
      readOnly,
      loads,
      ignored,
      bytes,
      ...(beside && { beside }),
      ...(accept && { accept }),
      ...(policy && { policy }),
      load,
      validation,
      diagnostics,
      index: new DiagnosticIndex(diagnostics),
      locate: locateRef,
      durationMs: now() - started,
    };
  }

  private locator(load: LoadResult): Locate {
    return (ref: LocRef): SourceRange | undefined => {
      // An unchanged file keeps its LoadedFile object across generations, and with it the ranges
      // already found in it: after an edit only the edited file's findings are located again.
      const file = load.files.get(ref.origin.file);
      const memo = file ? (this.located.get(file) ?? new Map<string, SourceRange | null>()) : undefined;
      if (file && memo && !this.located.has(file)) this.located.set(file, memo);
      const key = `${ref.origin.start}\u0000${ref.path.join('\u0001')}`;
      const known = memo?.get(key);
      if (known !== undefined) return known ?? undefined;
      let range: SourceRange | undefined;
      try {
        range = locate(load.files, ref);
      } catch {
        range = undefined;
      }
      memo?.set(key, range ?? null);
      return range;
    };
  }
}

/** A counter for a catalog used on its own (a service shares one across its catalogs). */
export function generationCounter(): () => number {
  let generation = 0;
  return () => ++generation;
}
