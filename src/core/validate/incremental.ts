import type { DeclChannel } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import type { LocRef } from '../location';
import {
  convertPackageBlobs,
  dcIndex,
  partitionBlobs,
  sortInOpmOrder,
  type ConvertError,
  type ConvertPhase,
  type OrderedError,
  type PackageBlobs,
} from '../model/convert';
import { refTo } from '../model/json-path';
import type { ModelPackage } from '../model/types';
import {
  indexNode,
  printRootChild,
  printTree,
  validatePackage,
  type ValidationNode,
} from '../model/validate-model';
import { conversionDiagnostics, treeDiagnostics } from './flatten';
import type { LoadedCatalog, ValidationResult } from './validate-catalog';
import {
  everythingIgnoredWarning,
  lifecycleBlobWarnings,
  packageWarnings,
  schemaTypoWarnings,
} from './warnings';

/**
 * Re-validation after an edit. Once stage B has grouped the blobs by package (`partitionBlobs`),
 * nothing in stages B and C, in the flattened findings or in our warnings looks across packages. So
 * the outcome for a package whose blobs are the same objects, in the same order, as in the previous
 * call is reused; only changed packages are converted and validated again. The loader keeps the blob
 * objects of unchanged files (`mergeFileLoads` only concatenates), so after an edit to one file only
 * the packages with blobs in that file are redone.
 *
 * The cross-package checks (R17–R18 over the package list, unknown packages R20/R25/R37, R24, R36)
 * run over the whole catalog each time; they are cheap. Each stage-B error keeps its pass and blob
 * index, so merging cached and fresh errors gives exactly opm's order, and `errors[0]` is what opm
 * prints.
 *
 * Results share objects (ModelPackage, subtrees, Diagnostic objects) with earlier results: treat them
 * as read-only. Blobs must not be mutated in place between calls (the loader never does): a package
 * is known to be unchanged by the identity of its blob objects alone.
 */

/** Everything derived from one package's blobs. Diagnostic objects are shared between results. */
interface PackageOutcome {
  blobs: PackageBlobs;
  model: ModelPackage;
  /** Stage-B errors, `index` into the package's own lists. */
  errors: OrderedError[];
  /** The findings for each error (an R35 error gives one more per missing entry). */
  errorDiagnostics: Diagnostic[][];
  tree: ValidationNode | undefined;
  treeDiagnostics: Diagnostic[];
  warnings: Diagnostic[];
}

function key(rule: string, pkg: string | undefined, bundle: string | undefined): string {
  return `${rule}\u0000${pkg ?? ''}\u0000${bundle ?? ''}`;
}

/**
 * Stage-C leaves that only restate a stage-B error about the same bundle (a model built past an error
 * still holds the offending blob): property parse failures (R27 → R61), a wrong number of olm.package
 * properties (R28 → R64), and entries with no blob (R35 → R64 + R65).
 */
function restatedByConversion(errors: readonly ConvertError[]): (leaf: ValidationNode) => boolean {
  const keys = new Set<string>();
  for (const e of errors) {
    if (e.rule === 'R27') keys.add(key('R61', e.package, e.bundle));
    if (e.rule === 'R28') keys.add(key('R64', e.package, e.bundle));
    for (const name of e.missing ?? []) {
      keys.add(key('R64', e.package, name));
      keys.add(key('R65', e.package, name));
    }
  }
  if (keys.size === 0) return () => false;
  return (leaf) => keys.has(key(leaf.rule ?? '', leaf.package, leaf.bundle));
}

/** Where an R35 entry is written: the last olm.channel blob of that name in the package. */
function missingEntryRef(
  channels: readonly DeclChannel[],
): (e: ConvertError, name: string) => LocRef | undefined {
  return (e, name) => {
    for (let i = channels.length - 1; i >= 0; i--) {
      const c = channels[i];
      if (c === undefined || c.package !== e.package || c.name !== e.channel) continue;
      const idx = c.entries.findIndex((en) => en.name === name);
      if (idx >= 0) return refTo(c.origin, c.raw, ['entries', idx, 'name']);
    }
    return undefined;
  };
}

function sameObjects<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The same blob objects in the same order (indices in the dc may differ: they are not part of the outcome). */
function sameBlobs(a: PackageBlobs, b: PackageBlobs): boolean {
  return (
    a.package === b.package &&
    sameObjects(a.channels, b.channels) &&
    sameObjects(a.bundles, b.bundles) &&
    sameObjects(a.deprecations, b.deprecations)
  );
}

function packageOutcome(blobs: PackageBlobs): PackageOutcome {
  const { package: model, errors } = convertPackageBlobs(blobs);
  const plain = errors.map((e) => e.error);
  const entryRefs = missingEntryRef(blobs.channels);
  const tree = validatePackage(model);
  const warnings: Diagnostic[] = [];
  packageWarnings(model, warnings);
  return {
    blobs,
    model,
    errors,
    errorDiagnostics: plain.map((e) => conversionDiagnostics([e], entryRefs)),
    tree,
    treeDiagnostics: treeDiagnostics(tree, restatedByConversion(plain)),
    warnings,
  };
}

export interface PlacedError {
  phase: ConvertPhase;
  /** Index of the offending blob in the catalog's list for `phase` (channels for `entries`). */
  index: number;
  error: ConvertError;
  diagnostics: Diagnostic[];
}

/**
 * One validation cut at the seams where opm's output joins lists of blobs: a whole catalog gives one
 * set of parts, and the CLI's threads each give the parts of the packages they hold (blob indices
 * counted in their own files, shifted by `shiftParts`). `assembleVerdict` joins them in opm's order.
 */
export interface ValidationParts {
  /** Stage-A errors, in file order. */
  loadDiagnostics: Diagnostic[];
  /** Stage-B errors, in blob order within each pass (not yet sorted across parts). */
  placed: PlacedError[];
  /** Each package's stage-C subtree (when it fails) and findings, in the catalog's package order. */
  packages: { tree?: ValidationNode; treeDiagnostics: Diagnostic[]; warnings: Diagnostic[] }[];
  /** Findings about blobs of other schemas (near-miss schema names), in file order. */
  others: Diagnostic[];
}

/** What `validate` prints: opm's verdict and text, and every finding. */
export type Verdict = Pick<ValidationResult, 'passed' | 'opmMessage' | 'stage' | 'diagnostics' | 'tree'>;

/** Blob counts before a part, per list: its indices move up by these. */
export interface PartOffsets {
  packages: number;
  channels: number;
  bundles: number;
  deprecations: number;
}

const OFFSET_OF: Readonly<Record<ConvertPhase, keyof PartOffsets>> = {
  packages: 'packages',
  channels: 'channels',
  entries: 'channels',
  bundles: 'bundles',
  deprecations: 'deprecations',
};

/** The parts of a piece of the catalog, with blob indices as the whole catalog counts them. */
export function shiftParts(parts: ValidationParts, by: PartOffsets): ValidationParts {
  return { ...parts, placed: parts.placed.map((e) => ({ ...e, index: e.index + by[OFFSET_OF[e.phase]] })) };
}

/**
 * opm's verdict from the parts of every piece, in catalog order: the first load error, else the
 * first conversion error in opm's order, else the printed tree; findings in the order `validate`
 * has always given them.
 */
export function assembleVerdict(
  pieces: readonly ValidationParts[],
  load: Pick<LoadedCatalog, 'ignored' | 'order'>,
  printChild: (n: ValidationNode, last: boolean) => string = printRootChild,
): Verdict {
  const placed = sortInOpmOrder(pieces.flatMap((p) => p.placed));
  const packages = pieces.flatMap((p) => p.packages);
  const subtrees = packages.flatMap((p) => (p.tree === undefined ? [] : [p.tree]));
  const tree = indexNode(subtrees);

  const diagnostics: Diagnostic[] = [];
  for (const p of pieces) for (const d of p.loadDiagnostics) diagnostics.push(d);
  for (const e of placed) for (const d of e.diagnostics) diagnostics.push(d);
  for (const o of packages) for (const d of o.treeDiagnostics) diagnostics.push(d);
  for (const o of packages) for (const d of o.warnings) diagnostics.push(d);
  for (const p of pieces) for (const d of p.others) diagnostics.push(d);
  everythingIgnoredWarning(load.ignored, load.order, diagnostics);

  let stage: ValidationResult['stage'] = null;
  let opmMessage: string | null = null;
  const firstLoad = pieces.find((p) => p.loadDiagnostics.length > 0)?.loadDiagnostics[0];
  const firstConvert = placed[0];
  if (firstLoad !== undefined) {
    stage = 'load';
    opmMessage = firstLoad.message;
  } else if (firstConvert !== undefined) {
    stage = 'convert';
    opmMessage = firstConvert.error.message;
  } else if (tree !== undefined) {
    stage = 'model';
    opmMessage = printTree(tree, printChild);
  }
  const verdict: Verdict = { passed: stage === null, opmMessage, stage, diagnostics };
  if (tree !== undefined) verdict.tree = tree;
  return verdict;
}

export class IncrementalValidator {
  private cache = new Map<string, PackageOutcome>();
  /** Each package subtree's printout as a middle child (only the last child prints differently). */
  private printed = new WeakMap<ValidationNode, string>();
  private readonly printChild = (n: ValidationNode, last: boolean): string => {
    if (last) return printRootChild(n, true);
    let text = this.printed.get(n);
    if (text === undefined) this.printed.set(n, (text = printRootChild(n, false)));
    return text;
  };

  /** Same result as `validateCatalog(load)`, reusing the work for packages whose blobs did not change. */
  validate(load: LoadedCatalog): ValidationResult {
    const { parts, packages } = this.parts(load);
    return { ...assembleVerdict([parts], load, this.printChild), model: { packages } };
  }

  /** The catalog's validation in parts (see ValidationParts), and its model. */
  parts(load: LoadedCatalog): { parts: ValidationParts; packages: Map<string, ModelPackage> } {
    const partition = partitionBlobs(load.dc);
    const next = new Map<string, PackageOutcome>();
    const placed: PlacedError[] = [];
    for (const e of partition.errors) {
      placed.push({ ...e, diagnostics: conversionDiagnostics([e.error], () => undefined) });
    }
    const packages = new Map<string, ModelPackage>();
    const outcomes: ValidationParts['packages'] = [];
    for (const blobs of partition.packages) {
      const cached = this.cache.get(blobs.name);
      const o = cached !== undefined && sameBlobs(cached.blobs, blobs) ? cached : packageOutcome(blobs);
      next.set(blobs.name, o);
      packages.set(blobs.name, o.model);
      outcomes.push({ tree: o.tree, treeDiagnostics: o.treeDiagnostics, warnings: o.warnings });
      o.errors.forEach((e, i) => {
        const diagnostics = o.errorDiagnostics[i] as Diagnostic[];
        placed.push({ phase: e.phase, index: dcIndex(blobs, e), error: e.error, diagnostics });
      });
    }
    // Dropping the outcomes of packages no longer present keeps memory bounded by the catalog.
    this.cache = next;

    const loadDiagnostics: Diagnostic[] = [];
    for (const e of load.errors) {
      const d: Diagnostic = { severity: 'error', source: 'opm', rule: e.rule, message: e.message };
      if (e.ref !== undefined) d.ref = e.ref;
      if (e.location !== undefined) d.location = e.location;
      loadDiagnostics.push(d);
    }
    const others: Diagnostic[] = [];
    schemaTypoWarnings(load.dc.others, others);
    lifecycleBlobWarnings(load.dc, others);
    return { parts: { loadDiagnostics, placed, packages: outcomes, others }, packages };
  }

  /** Forgets every cached package (e.g. when another catalog is opened). */
  reset(): void {
    this.cache = new Map();
    this.printed = new WeakMap();
  }
}
