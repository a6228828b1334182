/**
 * Checks of a bundle beyond its descriptor's fields: overlay references (unknown, cyclic), patch
 * files with nothing to patch, and targets that can never be chosen (no criteria, or after a
 * target that matches every cluster).
 */
import type { Diagnostic } from '../diagnostics';
import type { SourceRange } from '../location';
import type { RuleId } from '../rules';
import { fleetFinding } from './finding';
import { selectsEverything } from '../kube/label-selector';
import { matchingFile, overlayOrder, patchTarget } from './overlay-order';
import type { FleetBundle, Target } from './types';

function at(file: string): SourceRange {
  return { file, start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
}

/** True for a target that matches every cluster: its only criterion is a `{}` selector. */
export function matchesAll(t: Target): boolean {
  const criteria = [t.clusterSelector, t.clusterGroupSelector, t.clusterGroup, t.clusterName].filter(
    (c) => c !== undefined,
  );
  return t.clusterSelector !== undefined && criteria.length === 1 && selectsEverything(t.clusterSelector);
}

export function checkBundle(b: FleetBundle): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = (path: (string | number)[] | undefined, file?: string): SourceRange =>
    b.descriptor && path ? b.descriptor.locate(path) : at(file ?? b.descriptorFile ?? '');
  const push = (rule: RuleId, severity: Diagnostic['severity'], message: string, location: SourceRange) =>
    out.push(fleetFinding(rule, severity, message, location));

  // References from targets and overlays to overlays.
  const refs: { name: string; path?: (string | number)[]; from: string }[] = [
    ...b.targets.flatMap((t) =>
      t.overlays.map((name, j) => ({ name, path: [...t.path, 'overlays', j], from: `target ${t.name}` })),
    ),
    ...b.overlays.flatMap((o) =>
      o.overlays.map((name, j) => ({
        name,
        path: o.path ? [...o.path, 'overlays', j] : undefined,
        from: `overlay ${o.name}`,
      })),
    ),
  ];
  const known = new Set(b.overlays.map((o) => o.name));
  for (const r of refs) {
    if (!known.has(r.name))
      push(
        'fleet-unknown-overlay',
        'error',
        `${r.from} references overlay "${r.name}", which is neither declared nor a folder under overlays/`,
        where(r.path),
      );
  }
  const reported = new Set<string>();
  for (const o of b.overlays) {
    const { cycle } = overlayOrder([o.name], b.overlays);
    if (!cycle || reported.has([...cycle].slice(0, -1).sort().join())) continue;
    reported.add([...cycle].slice(0, -1).sort().join());
    push(
      'fleet-overlay-cycle',
      'error',
      `overlays reference each other in a cycle: ${cycle.join(' → ')}`,
      where(o.path),
    );
  }

  // `_patch.` files need a file to patch: in the base or in some overlay.
  const available = [
    ...b.resources.map((r) => r.name),
    ...b.overlays.flatMap((o) => o.resources.filter((r) => !patchTarget(r.name)).map((r) => r.name)),
  ];
  for (const o of b.overlays) {
    for (const r of o.resources) {
      const target = patchTarget(r.name);
      if (target && !matchingFile(target, available)) {
        push(
          'fleet-patch-no-base',
          'error',
          `overlay ${o.name}: ${r.name} patches ${target}, which no base resource or overlay provides`,
          r.file ? at(r.file) : where(o.path),
        );
      }
    }
  }

  // Targets.
  const catchAll = b.targets.find(matchesAll);
  for (const t of b.targets) {
    const none = [t.clusterSelector, t.clusterGroupSelector, t.clusterGroup, t.clusterName].every(
      (c) => c === undefined,
    );
    if (none) {
      push(
        'fleet-target-empty',
        'warning',
        `target ${t.name} has no clusterSelector, clusterGroupSelector or clusterGroup: it matches no cluster (use clusterSelector: {} to match all)`,
        where(t.path),
      );
    } else if (catchAll && t.index > catchAll.index) {
      push(
        'fleet-target-shadowed',
        'warning',
        `target ${t.name} is never chosen: target ${catchAll.name} before it matches every cluster`,
        where(t.path),
      );
    }
  }
  return out;
}
