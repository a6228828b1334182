/**
 * operator-framework/api's ObjectValidator (pkg/validation/internal/object.go) over the bundle's
 * objects: PodDisruptionBudget budgets, a PriorityClass that would be the cluster default, and RBAC
 * that creates PDBs (warning) or modifies OpenShift's default SCCs (error). Ported as upstream
 * decides, including that a string maxUnavailable reads as IntVal 0 (intstr), so "10%" fails too.
 */
import type { Collector } from './check-collector';
import { dig, lineOf, type BundleManifest, type BundleDir } from './read-bundle';

const DEFAULT_SCCS = new Set([
  'privileged',
  'restricted',
  'anyuid',
  'hostaccess',
  'hostmount-anyuid',
  'hostnetwork',
  'node-exporter',
  'nonroot',
]);

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
const containsAny = (list: string[], ...items: string[]) => items.some((i) => list.includes(i));

function checkPdb(m: BundleManifest, c: Collector): void {
  const max = dig(m.object, 'spec', 'maxUnavailable');
  // intstr.IntOrString: a string value leaves IntVal at 0, which upstream's test reads as 0.
  if (max !== undefined && max !== null && (typeof max === 'string' || max === 0))
    c.addAt('bundle-object-pdb', 'maxUnavailable field cannot be set to 0 or 0%', m, /maxUnavailable:/);
  if (dig(m.object, 'spec', 'minAvailable') === '100%')
    c.addAt('bundle-object-pdb', 'minAvailable field cannot be set to 100%', m, /minAvailable:/);
}

function checkPriorityClass(m: BundleManifest, c: Collector): void {
  if (m.object?.globalDefault === true)
    c.addAt('bundle-object-priority-class', 'globalDefault field cannot be set to true', m, /globalDefault:/);
}

function checkRbac(m: BundleManifest, c: Collector): void {
  const rules = m.object?.rules;
  const list = Array.isArray(rules) ? rules : [];
  const at = lineOf(m.text, /^rules:/);
  for (const r of list) {
    if (
      strings(dig(r, 'apiGroups')).includes('policy') &&
      strings(dig(r, 'resources')).includes('poddisruptionbudgets') &&
      containsAny(strings(dig(r, 'verbs')), '*', 'create', 'update', 'patch')
    )
      c.add(
        'bundle-object-rbac-pdb',
        'RBAC includes permission to create/update poddisruptionbudgets, which could impact cluster stability',
        m.path,
        at,
      );
  }
  for (const r of list) {
    if (
      strings(dig(r, 'apiGroups')).includes('security.openshift.io') &&
      strings(dig(r, 'resources')).includes('securitycontextconstraints') &&
      containsAny(strings(dig(r, 'verbs')), '*', 'delete', 'update', 'patch') &&
      strings(dig(r, 'resourceNames')).some((n) => DEFAULT_SCCS.has(n))
    )
      c.add(
        'bundle-object-rbac-scc',
        'RBAC includes permission to modify default securitycontextconstraints, which could impact cluster stability',
        m.path,
        at,
      );
  }
}

export function checkObjects(dir: BundleDir, c: Collector): void {
  for (const m of dir.manifests) {
    switch (m.object?.kind) {
      case 'PodDisruptionBudget':
        checkPdb(m, c);
        break;
      case 'PriorityClass':
        checkPriorityClass(m, c);
        break;
      case 'Role':
      case 'ClusterRole':
        checkRbac(m, c);
        break;
    }
  }
}
