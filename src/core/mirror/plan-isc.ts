/**
 * The whole plan of an ImageSetConfiguration: every operator catalog it names (each with its loaded
 * catalog, or why it could not be read), the reachability of each `--from` version in the catalogs
 * that mirror its package, and the smallest configuration change that lets them all reach the head
 * (suggest.ts). This is `fbc-studio mirror plan -o json`.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import { convertToModel } from '../model/convert';
import type { Model } from '../model/types';
import { planCatalog, type CatalogPlan, type CatalogPlanResult } from './plan';
import { reachFrom, type FromVersion, type ReachAnswer } from './reach';
import type { Isc, IscOperator } from './isc';
import { suggestChange } from './suggest';

export interface IscPlan {
  catalogs: CatalogPlan[];
  reachability: ReachAnswer[];
  /** A YAML patch (RFC 6902) of the ImageSetConfiguration, or null. */
  suggestion: string | null;
}

export interface IscPlanResult {
  plan: IscPlan;
  /** Per operator entry, in the ISC's order: the filtered catalog (for --write). */
  results: CatalogPlanResult[];
}

/** A catalog as the CLI or the app provides it: loaded, or why not (its error becomes the catalog's). */
export type CatalogInput = { dc: DeclarativeConfig } | { error: string };

function emptyPlan(catalog: string, error: string): CatalogPlanResult {
  return {
    plan: { catalog, error, packages: [], validation: { passed: false, diagnostics: [] }, findings: [] },
  };
}

/** Whether an operator entry mirrors a package of its catalog. */
export const mirrorsPackage = (op: IscOperator, pkg: string): boolean =>
  op.packages.length === 0 || op.packages.some((p) => p.name === pkg);

export function reachAll(
  operators: readonly IscOperator[],
  inputs: readonly CatalogInput[],
  results: readonly CatalogPlanResult[],
  froms: readonly FromVersion[],
): ReachAnswer[] {
  const out: ReachAnswer[] = [];
  // The original catalogs' models, made once and only when a question needs them.
  const originals = new Map<number, Model>();
  const originalOf = (i: number, dc: DeclarativeConfig): Model => {
    let m = originals.get(i);
    if (!m) originals.set(i, (m = convertToModel(dc).model));
    return m;
  };
  for (const from of froms) {
    let found = false;
    operators.forEach((op, i) => {
      const input = inputs[i];
      if (!input || 'error' in input || !mirrorsPackage(op, from.package)) return;
      if (!input.dc.packages.some((p) => p.name === from.package)) return;
      found = true;
      const answers = reachFrom(input.dc, results[i]?.model, from, originalOf(i, input.dc));
      out.push(...answers.map((a) => ({ ...a, catalog: op.catalog })));
    });
    if (!found) {
      out.push({
        package: from.package,
        from: from.version,
        channel: null,
        v0: null,
        v1: null,
        error: `no catalog of the ImageSetConfiguration mirrors package ${from.package}`,
      });
    }
  }
  return out;
}

export function planIsc(
  isc: Isc,
  inputs: readonly CatalogInput[],
  froms: readonly FromVersion[],
): IscPlanResult {
  const results = isc.operators.map((op, i) => {
    const input = inputs[i];
    if (!input) return emptyPlan(op.catalog, 'no catalog given for this reference');
    if ('error' in input) return emptyPlan(op.catalog, input.error);
    return planCatalog(input.dc, op, isc.error);
  });
  const reachability = reachAll(isc.operators, inputs, results, froms);
  const suggestion = froms.length > 0 ? suggestChange(isc, inputs, froms, reachability) : null;
  return { plan: { catalogs: results.map((r) => r.plan), reachability, suggestion }, results };
}
