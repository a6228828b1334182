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
import { everythingIgnoredWarning, packageWarnings, schemaTypoWarnings } from './warnings';

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

interface PlacedError {
  phase: ConvertPhase;
  index: number;
  error: ConvertError;
  diagnostics: Diagnostic[];
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
    const partition = partitionBlobs(load.dc);
    const next = new Map<string, PackageOutcome>();
    const placed: PlacedError[] = [];
    for (const e of partition.errors) {
      placed.push({ ...e, diagnostics: conversionDiagnostics([e.error], () => undefined) });
    }
    const packages = new Map<string, ModelPackage>();
    const subtrees: ValidationNode[] = [];
    for (const blobs of partition.packages) {
      const cached = this.cache.get(blobs.name);
      const o = cached !== undefined && sameBlobs(cached.blobs, blobs) ? cached : packageOutcome(blobs);
      next.set(blobs.name, o);
      packages.set(blobs.name, o.model);
      if (o.tree !== undefined) subtrees.push(o.tree);
      o.errors.forEach((e, i) => {
        const diagnostics = o.errorDiagnostics[i] as Diagnostic[];
        placed.push({ phase: e.phase, index: dcIndex(blobs, e), error: e.error, diagnostics });
      });
    }
    // Dropping the outcomes of packages no longer present keeps memory bounded by the catalog.
    this.cache = next;
    sortInOpmOrder(placed);
    const tree = indexNode(subtrees);

    const diagnostics: Diagnostic[] = [];
    for (const e of load.errors) {
      const d: Diagnostic = { severity: 'error', source: 'opm', rule: e.rule, message: e.message };
      if (e.ref !== undefined) d.ref = e.ref;
      if (e.location !== undefined) d.location = e.location;
      diagnostics.push(d);
    }
    for (const e of placed) for (const d of e.diagnostics) diagnostics.push(d);
    for (const o of next.values()) for (const d of o.treeDiagnostics) diagnostics.push(d);
    for (const o of next.values()) for (const d of o.warnings) diagnostics.push(d);
    schemaTypoWarnings(load.dc.others, diagnostics);
    everythingIgnoredWarning(load.ignored, load.order, diagnostics);

    let stage: ValidationResult['stage'] = null;
    let opmMessage: string | null = null;
    const firstLoad = load.errors[0];
    const firstConvert = placed[0];
    if (firstLoad !== undefined) {
      stage = 'load';
      opmMessage = firstLoad.message;
    } else if (firstConvert !== undefined) {
      stage = 'convert';
      opmMessage = firstConvert.error.message;
    } else if (tree !== undefined) {
      stage = 'model';
      opmMessage = printTree(tree, this.printChild);
    }

    const result: ValidationResult = {
      passed: stage === null,
      opmMessage,
      stage,
      model: { packages },
      diagnostics,
    };
    if (tree !== undefined) result.tree = tree;
    return result;
  }

  /** Forgets every cached package (e.g. when another catalog is opened). */
  reset(): void {
    this.cache = new Map();
    this.printed = new WeakMap();
  }
}
