/**
 * The app's Mirror plan: an ImageSetConfiguration typed in the editor, planned against the open
 * catalog (the worker runs this; no DOM). The open catalog stands for one `mirror.operators[]` entry
 * (the user picks which, the first by default); the other entries name catalogs that are not open,
 * so they are left out of the plan rather than reported as failures. Beside the `-o json` plan, the
 * kept bundles per package and channel, which the graph highlights.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import { uniqueName } from './image-ref';
import { parseIsc } from './isc';
import { planIsc, type CatalogInput, type IscPlan } from './plan-isc';
import { parseFrom, type FromVersion } from './reach';

export interface MirrorPlanRequest {
  isc: string;
  /** `PKG@VERSION` rows, as `--from` takes them (blank rows are ignored). */
  from: string[];
  /** The `mirror.operators[]` entry the open catalog stands for (default 0). */
  operator?: number;
}

/** Kept bundle names by package, then channel. A package or channel absent is dropped whole. */
export type KeptBundles = Record<string, Record<string, string[]>>;

export interface MirrorPlanView {
  /** The catalog reference of every `mirror.operators[]` entry, in order. */
  catalogs: string[];
  /** The entry planned (-1 when the configuration names no operator catalog). */
  operator: number;
  /** The name oc-mirror tracks and publishes that catalog under (`targetCatalog`, `targetTag` applied), or null. */
  publishedAs: string | null;
  /** Why oc-mirror would stop reading the configuration itself, in its words. */
  iscError: string | null;
  /** The plan of the chosen entry only (`catalogs` has one element, or none). */
  plan: IscPlan;
  /** What the filtered catalog keeps, for the graph; null when nothing is rebuilt (oc-mirror stops). */
  kept: KeptBundles | null;
  /** `--from` rows that are not PKG@VERSION, with the CLI's text. */
  fromErrors: string[];
}

export const NOT_OPEN = 'not the open catalog';

function keptOf(dc: DeclarativeConfig): KeptBundles {
  const out: KeptBundles = {};
  for (const c of dc.channels) (out[c.package] ??= {})[c.name] = c.entries.map((e) => e.name);
  return out;
}

export function planInCatalog(dc: DeclarativeConfig, req: MirrorPlanRequest): MirrorPlanView {
  const isc = parseIsc(req.isc);
  const froms: FromVersion[] = [];
  const fromErrors: string[] = [];
  for (const row of req.from) {
    if (row.trim() === '') continue;
    const f = parseFrom(row.trim());
    if ('error' in f) fromErrors.push(f.error);
    else froms.push(f);
  }
  const catalogs = isc.operators.map((o) => o.catalog);
  const operator = catalogs.length === 0 ? -1 : Math.min(Math.max(req.operator ?? 0, 0), catalogs.length - 1);
  const inputs: CatalogInput[] = catalogs.map((_, i) => (i === operator ? { dc } : { error: NOT_OPEN }));
  const { plan, results } = planIsc(isc, inputs, froms);
  const chosen = results[operator];
  const op = isc.operators[operator];
  const unique = op ? uniqueName(op.catalog, op.targetCatalog, op.targetTag) : undefined;
  return {
    catalogs,
    operator,
    publishedAs: unique && 'name' in unique ? unique.name : null,
    iscError: isc.error ?? null,
    plan: { ...plan, catalogs: chosen ? [chosen.plan] : [] },
    kept: chosen?.filtered && chosen.plan.error === null ? keptOf(chosen.filtered) : null,
    fromErrors,
  };
}
