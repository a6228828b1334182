/**
 * Checks across the packages of one folder. The resolver's: the constraints that packages installed
 * together put on one dependency leave a version (one version per package, every parent's
 * constraint met; digests all equal). Ours, as hints only: every Composition's compositeTypeRef
 * names an XRD opened (Crossplane does not require it in the same package), pipeline steps name
 * functions the package depends on.
 */
import type { Diagnostic } from '../diagnostics';
import { constraintsAllMeet, isDigest, type Constraint } from './constraint';
import {
  compositionsOf,
  dependencyName,
  resolveLocal,
  toDnsLabel,
  repositoryOf,
  xrdsOf,
} from './package-index';
import { finding } from './read-package';
import type { CrossplanePackage, Dependency } from './types';

function checkCompositions(packages: readonly CrossplanePackage[], out: Diagnostic[]): void {
  const xrds = packages.flatMap(xrdsOf);
  for (const pkg of packages) {
    for (const c of compositionsOf(pkg)) {
      if (!c.typeRef) {
        out.push(
          finding(
            'xp-composite-type-unknown',
            'warning',
            `Composition ${c.name} has no compositeTypeRef (apiVersion and kind)`,
            c.doc,
            ['spec', 'compositeTypeRef'],
          ),
        );
        continue;
      }
      const { apiVersion, kind } = c.typeRef;
      if (xrds.some((x) => x.kind === kind && x.apiVersions.includes(apiVersion))) continue;
      const unopened = pkg.dependsOn.filter(
        (d) => d.kind !== 'Provider' && d.kind !== 'Function' && !resolveLocal(d, packages),
      );
      const what = `Composition ${c.name} composes ${kind}.${apiVersion}, which no XRD in the folder defines`;
      if (unopened.length > 0) {
        out.push(
          finding(
            'xp-composite-type-unresolved',
            'info',
            `${what}; it may come from ${unopened.map((d) => d.package).join(', ')}`,
            c.doc,
            ['spec', 'compositeTypeRef'],
          ),
        );
      } else {
        out.push(finding('xp-composite-type-unknown', 'warning', what, c.doc, ['spec', 'compositeTypeRef']));
      }
    }
  }
}

function checkFunctions(packages: readonly CrossplanePackage[], out: Diagnostic[]): void {
  for (const pkg of packages) {
    const known = new Set(
      pkg.dependsOn
        .filter((d) => d.kind !== 'Provider' && d.kind !== 'Configuration')
        .map((d) => dependencyName(d.package)),
    );
    // An Upbound project's embedded functions are named after the project's repository.
    const embedded = pkg.repository ? toDnsLabel(repositoryOf(pkg.repository)) : undefined;
    for (const c of compositionsOf(pkg)) {
      for (const f of c.functions) {
        if (known.has(f.name) || (embedded && f.name.startsWith(embedded))) continue;
        out.push(
          finding(
            'xp-function-unknown',
            'warning',
            `pipeline step uses function ${f.name}, which no dependsOn entry of ${pkg.name ?? pkg.metaFile} installs`,
            c.doc,
            f.path,
          ),
        );
      }
    }
  }
}

/** One package whatever its version: several versions of it in a folder are never installed together. */
function identityOf(p: CrossplanePackage): string {
  return `${p.kind ?? '?'}/${p.name ?? p.metaFile}`;
}

/** At most this many combinations of parent versions are tried per dependency (each is cheap). */
const MAX_COMBINATIONS = 4096;

export interface DependencyConflict {
  /** The dependency (its package without tag or digest). */
  package: string;
  /** The entries of one combination of parents, one per package, in folder order. */
  entries: Dependency[];
  rule: 'xp-dependency-conflict' | 'xp-dependency-digests';
  message: string;
}

/** The resolver's verdict on one set of parent constraints (findDigestToUpdate, then the versions). */
function verdict(pkg: string, entries: Dependency[]): DependencyConflict | undefined {
  const constraints = `[${entries.map((e) => e.version).join(' ')}]`;
  const digestError = (message: string): DependencyConflict => ({
    package: pkg,
    entries,
    rule: 'xp-dependency-digests',
    message: `${message} (${constraints})`,
  });
  // findDigestToUpdate walks the parents in order: whichever mismatch comes first is the verdict.
  let digest: string | undefined;
  let version = false;
  for (const e of entries) {
    const v = e.version ?? '';
    if (!isDigest(v)) version = true;
    else if (digest !== undefined && digest !== v)
      return digestError('a dependency package has different digests in parent constraints');
    else digest = v;
    if (version && digest !== undefined)
      return digestError('a dependency package has different types of parent constraints');
  }
  if (digest !== undefined) return undefined;
  const parsed = entries.map((e) => e.constraint);
  // An entry whose constraint does not parse is reported on its own (xp-dependency-version).
  if (parsed.some((c) => c === undefined)) return undefined;
  if (constraintsAllMeet(parsed as Constraint[])) return undefined;
  return {
    package: pkg,
    entries,
    rule: 'xp-dependency-conflict',
    message:
      `dependency (${pkg}) does not have a valid version to upgrade that satisfies all constraints. ` +
      'If there is a valid version that requires downgrade, manual intervention is required. ' +
      `Constraints: ${constraints}`,
  };
}

/**
 * As Crossplane's package manager resolves a dependency: one version of it for every package that
 * depends on it. A folder may hold several versions of one package (history, snapshots); they never
 * coexist, so each combination of one version per depending package is judged on its own and every
 * combination that leaves no version is reported.
 */
export function dependencyConflicts(packages: readonly CrossplanePackage[]): DependencyConflict[] {
  const byRef = new Map<string, Map<string, Dependency[]>>();
  for (const p of packages) {
    for (const d of p.dependsOn) {
      if (d.version === undefined) continue;
      const parents = byRef.get(d.package) ?? new Map<string, Dependency[]>();
      byRef.set(d.package, parents);
      const id = identityOf(p);
      // A package listing one dependency twice is warned about on its own; its first entry counts.
      const versions = parents.get(id) ?? [];
      if (!versions.some((v) => v.doc === d.doc)) versions.push(d);
      parents.set(id, versions);
    }
  }
  const out: DependencyConflict[] = [];
  for (const [pkg, parents] of byRef) {
    const groups = [...parents.values()];
    if (groups.length < 2) continue;
    let combos: Dependency[][] = [[]];
    for (const g of groups) {
      combos = combos.flatMap((c) => g.map((d) => [...c, d]));
      if (combos.length > MAX_COMBINATIONS) combos = combos.slice(0, MAX_COMBINATIONS);
    }
    for (const entries of combos) {
      const v = verdict(pkg, entries);
      if (v) out.push(v);
    }
  }
  return out;
}

/** Entries that take part in some conflict (for the graph's red edges). */
export function conflictingDependencies(packages: readonly CrossplanePackage[]): Set<Dependency> {
  return new Set(dependencyConflicts(packages).flatMap((c) => c.entries));
}

function checkConflicts(packages: readonly CrossplanePackage[], out: Diagnostic[]): void {
  for (const c of dependencyConflicts(packages))
    for (const e of c.entries) out.push(finding(c.rule, 'error', c.message, e.doc, [...e.path, 'version']));
}

/**
 * dag.Sort as the resolver runs it over the packages opened: a dependency that leads back to a package
 * on the current path is a cycle (`cannot sort DAG: detected cycle on: <package>`), reported once, at
 * the dependsOn entry that closes it.
 */
function checkCycles(packages: readonly CrossplanePackage[], out: Diagnostic[]): void {
  const visited = new Set<CrossplanePackage>();
  const stack = new Set<CrossplanePackage>();
  const visit = (p: CrossplanePackage): boolean => {
    visited.add(p);
    stack.add(p);
    for (const d of p.dependsOn) {
      const next = resolveLocal(d, packages);
      if (!next) continue;
      if (stack.has(next)) {
        const message = `cannot sort DAG: detected cycle on: ${d.package}`;
        out.push(finding('xp-dependency-cycle', 'error', message, d.doc, d.path));
        return true;
      }
      if (!visited.has(next) && visit(next)) return true;
    }
    stack.delete(p);
    return false;
  };
  for (const p of packages) {
    if (visited.has(p)) continue;
    stack.clear();
    if (visit(p)) return;
  }
}

export function checkFolder(packages: readonly CrossplanePackage[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  checkCycles(packages, out);
  checkCompositions(packages, out);
  checkFunctions(packages, out);
  checkConflicts(packages, out);
  return out;
}
