import type { DeclarativeConfig } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import type { LocRef, SourceRange } from '../location';
import type { Model } from '../model/types';
import type { ValidationNode } from '../model/validate-model';
import type { RuleId } from '../rules';
import { IncrementalValidator } from './incremental';

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
  rule: RuleId;
  message: string;
  file: string;
  location?: SourceRange;
  ref?: LocRef;
}

export interface LoadedCatalog {
  dc: DeclarativeConfig;
  errors: readonly LoadErrorLike[];
  /** Paths `.indexignore` left out, and the files loaded (a LoadResult has both). */
  ignored?: readonly string[];
  order?: readonly string[];
}

/**
 * Stateless validation: a fresh IncrementalValidator, so the one-shot path (CLI, tests) and the
 * editor's incremental path share every line of rule logic.
 */
export function validateCatalog(load: LoadedCatalog): ValidationResult {
  return new IncrementalValidator().validate(load);
}
