/**
 * Checks across the packages of one folder: every Composition's compositeTypeRef names an XRD
 * (in its package, in another opened package, or plausibly in a dependency not opened), pipeline
 * steps name functions the package depends on, and constraints on one dependency leave a version.
 */
import type { Diagnostic } from '../diagnostics';
import { constraintsMeet, isDigest } from './constraint';
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
            'error',
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
        out.push(finding('xp-composite-type-unknown', 'error', what, c.doc, ['spec', 'compositeTypeRef']));
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

/** Pairs of entries on one dependency whose constraints have no version in common. */
export function conflictingDependencies(packages: readonly CrossplanePackage[]): [Dependency, Dependency][] {
  const byRef = new Map<string, Dependency[]>();
  for (const d of packages.flatMap((p) => p.dependsOn)) {
    if (d.version === undefined) continue;
    byRef.set(d.package, [...(byRef.get(d.package) ?? []), d]);
  }
  const pairs: [Dependency, Dependency][] = [];
  for (const deps of byRef.values()) {
    for (let i = 0; i < deps.length; i++) {
      for (let j = i + 1; j < deps.length; j++) {
        const a = deps[i] as Dependency;
        const b = deps[j] as Dependency;
        // Two digests must be the same image; a digest against a constraint cannot be judged offline.
        const meet =
          a.constraint && b.constraint
            ? constraintsMeet(a.constraint, b.constraint)
            : isDigest(a.version ?? '') && isDigest(b.version ?? '')
              ? a.version === b.version
              : true;
        if (!meet) pairs.push([a, b]);
      }
    }
  }
  return pairs;
}

function checkConflicts(packages: readonly CrossplanePackage[], out: Diagnostic[]): void {
  for (const [a, b] of conflictingDependencies(packages)) {
    const message = `dependency (${a.package}) does not have version in constraints (${a.version}, ${b.version})`;
    out.push(finding('xp-dependency-conflict', 'error', message, a.doc, [...a.path, 'version']));
    out.push(finding('xp-dependency-conflict', 'error', message, b.doc, [...b.path, 'version']));
  }
}

export function checkFolder(packages: readonly CrossplanePackage[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  checkCompositions(packages, out);
  checkFunctions(packages, out);
  checkConflicts(packages, out);
  return out;
}
