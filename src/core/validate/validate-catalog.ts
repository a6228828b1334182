import type { DeclarativeConfig } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import type { LocRef, SourceRange } from '../location';
import { convertToModel, type ConvertError } from '../model/convert';
import { refTo } from '../model/json-path';
import type { Model } from '../model/types';
import { printTree, validateModel, type ValidationNode } from '../model/validate-model';
import { conversionDiagnostics, treeDiagnostics } from './flatten';
import { catalogWarnings } from './warnings';

/**
 * `opm validate` over a loaded catalog: stage A errors come from the loader; stage B
 * (`convertToModel`) and stage C (`validateModel`) run here. opm stops at the first stage that
 * fails; we run every stage on whatever loaded so the editor can show all problems, while
 * `opmMessage` stays exactly what opm prints.
 */

export interface ValidationResult {
  passed: boolean;
  /** exactly opm's err.Error(): the first load error, else the first conversion error, else the printed tree; null when valid */
  opmMessage: string | null;
  stage: 'load' | 'convert' | 'model' | null;
  /**
   * The stage-C tree. When stage A or B failed it was computed on the partial model, which opm never
   * reaches: then it is for display only and `opmMessage` is not its printout.
   */
  tree?: ValidationNode;
  model: Model;
  /** Every load error, every conversion error, every tree leaf (with package/channel/bundle and ref), plus FBC Studio warnings. */
  diagnostics: Diagnostic[];
}

export interface LoadErrorLike {
  rule: string;
  message: string;
  file: string;
  location?: SourceRange;
  ref?: LocRef;
}

export interface LoadedCatalog {
  dc: DeclarativeConfig;
  errors: readonly LoadErrorLike[];
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
function missingEntryRef(dc: DeclarativeConfig): (e: ConvertError, name: string) => LocRef | undefined {
  return (e, name) => {
    for (let i = dc.channels.length - 1; i >= 0; i--) {
      const c = dc.channels[i];
      if (c === undefined || c.package !== e.package || c.name !== e.channel) continue;
      const idx = c.entries.findIndex((en) => en.name === name);
      if (idx >= 0) return refTo(c.origin, c.raw, ['entries', idx, 'name']);
    }
    return undefined;
  };
}

export function validateCatalog(load: LoadedCatalog): ValidationResult {
  const { model, errors } = convertToModel(load.dc);
  const tree = validateModel(model);

  const diagnostics: Diagnostic[] = [];
  for (const e of load.errors) {
    const d: Diagnostic = { severity: 'error', source: 'opm', rule: e.rule, message: e.message };
    if (e.ref !== undefined) d.ref = e.ref;
    if (e.location !== undefined) d.location = e.location;
    diagnostics.push(d);
  }
  diagnostics.push(...conversionDiagnostics(errors, missingEntryRef(load.dc)));
  diagnostics.push(...treeDiagnostics(tree, restatedByConversion(errors)));
  diagnostics.push(...catalogWarnings(model, load.dc));

  let stage: ValidationResult['stage'] = null;
  let opmMessage: string | null = null;
  const firstLoad = load.errors[0];
  const firstConvert = errors[0];
  if (firstLoad !== undefined) {
    stage = 'load';
    opmMessage = firstLoad.message;
  } else if (firstConvert !== undefined) {
    stage = 'convert';
    opmMessage = firstConvert.message;
  } else if (tree !== undefined) {
    stage = 'model';
    opmMessage = printTree(tree);
  }

  const result: ValidationResult = { passed: stage === null, opmMessage, stage, model, diagnostics };
  if (tree !== undefined) result.tree = tree;
  return result;
}
