import type { Diagnostic } from '../diagnostics';
import type { ConvertError } from '../model/convert';
import type { ValidationNode } from '../model/validate-model';
import type { RuleId } from '../rules';

/** Flat opm findings for the problems list and `validate -o json`: one per leaf, plus one per entry a leaf names. */

function scoped(d: Diagnostic, from: { package?: string; channel?: string; bundle?: string }): Diagnostic {
  if (from.package !== undefined) d.package = from.package;
  if (from.channel !== undefined) d.channel = from.channel;
  if (from.bundle !== undefined) d.bundle = from.bundle;
  return d;
}

/**
 * Every conversion error. An R35 error (entries without a bundle blob) also yields one finding per
 * missing entry, pointing at that entry, so each shows up where it is written.
 */
export function conversionDiagnostics(
  errors: readonly ConvertError[],
  entryRefs: (e: ConvertError, name: string) => Diagnostic['ref'],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const e of errors) {
    const d = scoped({ severity: 'error', source: 'opm', rule: e.rule, message: e.message }, e);
    if (e.ref !== undefined) d.ref = e.ref;
    out.push(d);
    for (const name of e.missing ?? []) {
      const extra = scoped({ severity: 'error', source: 'opm', rule: e.rule, message: e.message }, e);
      extra.bundle = name;
      const ref = entryRefs(e, name);
      if (ref !== undefined) extra.ref = ref;
      out.push(extra);
    }
  }
  return out;
}

/**
 * The leaves of a stage-C tree, depth first in printing order. A leaf with targets (stranded entries,
 * channel heads, cycle members, bundles sharing a version) gives one more finding per target,
 * pointing at that entry or bundle. `skip` drops leaves that only repeat a stage-B error.
 */
export function treeDiagnostics(
  root: ValidationNode | undefined,
  skip: (leaf: ValidationNode) => boolean = () => false,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (root !== undefined) visitLeaves(root, skip, out);
  return out;
}

function leafDiagnostic(n: ValidationNode, rule: RuleId): Diagnostic {
  return scoped({ severity: 'error', source: 'opm', rule, message: n.message }, n);
}

/** Plain recursion without per-leaf closures: a large catalog's tree has tens of thousands of leaves. */
function visitLeaves(n: ValidationNode, skip: (leaf: ValidationNode) => boolean, out: Diagnostic[]): void {
  const kids = n.children;
  if (kids.length > 0) {
    for (let i = 0; i < kids.length; i++) visitLeaves(kids[i] as ValidationNode, skip, out);
    return;
  }
  // Only validate-model's leaf() makes childless nodes, and it always sets the rule.
  const rule = n.rule;
  if (rule === undefined || skip(n)) return;
  const d = leafDiagnostic(n, rule);
  if (n.ref !== undefined) d.ref = n.ref;
  out.push(d);
  const targets = n.targets;
  if (targets === undefined) return;
  for (const t of targets) {
    const extra = leafDiagnostic(n, rule);
    extra.bundle = t.bundle;
    if (t.ref !== undefined) extra.ref = t.ref;
    out.push(extra);
  }
}
