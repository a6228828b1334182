/**
 * The plan of one ImageSetConfiguration against its catalogs: for each `mirror.operators[]` entry,
 * what oc-mirror v2 keeps (filter.ts), `opm validate` of that rebuilt catalog, and our findings on
 * it (findings.ts). The shape is `fbc-studio mirror plan -o json`'s; the filtered catalog stays
 * beside it for `--write`, the reachability questions and the app.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import type { Model } from '../model/types';
import { validateCatalog } from '../validate/validate-catalog';
import { filterCatalog, type FilterResult } from './filter';
import { filterFindings, type PlanFinding } from './findings';
import type { IscOperator } from './isc';

export interface PlanChannel {
  name: string;
  /** Names, sorted. */
  bundles: string[];
}

export interface PlanPackage {
  name: string;
  defaultChannel: string;
  channels: PlanChannel[];
}

export interface PlanDiagnostic {
  rule: string;
  severity: Diagnostic['severity'];
  message: string;
  package?: string;
  channel?: string;
  bundle?: string;
}

export interface CatalogPlan {
  catalog: string;
  /** Why oc-mirror itself would stop, in its words; null when it rebuilds the catalog. */
  error: string | null;
  packages: PlanPackage[];
  validation: { passed: boolean; diagnostics: PlanDiagnostic[] };
  findings: PlanFinding[];
}

/** The plan with what the CLI and the reachability questions need beside the JSON. */
export interface CatalogPlanResult {
  plan: CatalogPlan;
  /** The rebuilt catalog (undefined when oc-mirror stops). */
  filtered?: DeclarativeConfig;
  model?: Model;
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function packagesOf(dc: DeclarativeConfig): PlanPackage[] {
  return dc.packages
    .map((p) => ({
      name: p.name,
      defaultChannel: p.defaultChannel,
      channels: dc.channels
        .filter((c) => c.package === p.name)
        .map((c) => ({ name: c.name, bundles: c.entries.map((e) => e.name).sort(byName) }))
        .sort((a, b) => byName(a.name, b.name)),
    }))
    .sort((a, b) => byName(a.name, b.name));
}

/**
 * One catalog. `iscError` is the configuration's own stop (unknown field, invalid versions): it is
 * the catalog's error, and what the filter would keep is still shown when it can run.
 */
export function planCatalog(dc: DeclarativeConfig, op: IscOperator, iscError?: string): CatalogPlanResult {
  // oc-mirror copies a catalog with `full: true` and no packages as is, without filtering it.
  const r: FilterResult | { error: string } =
    op.full && op.packages.length === 0
      ? { dc, kept: new Map(), emptied: [], warnings: [] }
      : filterCatalog(dc, op);
  const error = iscError ?? ('error' in r ? r.error : null);
  if ('error' in r) {
    return {
      plan: {
        catalog: op.catalog,
        error,
        packages: [],
        validation: { passed: false, diagnostics: [] },
        findings: filterFindings(dc, r),
      },
    };
  }
  const v = validateCatalog({ dc: r.dc, errors: [] });
  return {
    plan: {
      catalog: op.catalog,
      error,
      packages: packagesOf(r.dc),
      validation: {
        passed: v.passed,
        diagnostics: v.diagnostics.map((d) => ({
          rule: d.rule,
          severity: d.severity,
          message: d.message,
          ...(d.package !== undefined ? { package: d.package } : {}),
          ...(d.channel !== undefined ? { channel: d.channel } : {}),
          ...(d.bundle !== undefined ? { bundle: d.bundle } : {}),
        })),
      },
      findings: filterFindings(dc, r),
    },
    filtered: r.dc,
    model: v.model,
  };
}
