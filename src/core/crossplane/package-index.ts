/**
 * What a folder's packages define and how they refer to each other: XRDs by composite type,
 * Compositions with their composed kinds, dependency references resolved to the packages opened,
 * and Crossplane's naming of dependency packages (ToDNSLabel of the OCI repository).
 */
import { isRecord, str, type YamlDoc } from '../kube/yaml-docs';
import type { CrossplanePackage, Dependency } from './types';

/** Crossplane's xpkg.ToDNSLabel: lowercase letters and digits, separators to '-', at most 63. */
export function toDnsLabel(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (/[a-z0-9]/.test(c)) out += c;
    if ('./:-'.includes(c) && i !== 0 && i !== 62 && i !== s.length - 1) out += '-';
    if (i === 62) break;
  }
  return out.replace(/^-+|-+$/g, '');
}

/**
 * A package reference without its tag or digest (xpkg.ParsePackageSourceFromReference):
 * `…/provider-aws:v1.0.0` and `…/provider-aws@sha256:…` are one package, `…/provider-aws`.
 */
export function packageSource(ref: string): string {
  return ref.replace(/@sha256:[a-f0-9]+$/, '').replace(/:[^/:@]+$/, '');
}

/** The repository part of an OCI reference (`xpkg.upbound.io/acme/fn` → `acme/fn`). */
export function repositoryOf(ref: string): string {
  const parts = ref.split('/');
  const first = parts[0] ?? '';
  // A registry host has a dot or a port (or is localhost); otherwise Docker Hub's default applies.
  if (parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost'))
    return parts.slice(1).join('/');
  return parts.length === 1 ? `library/${ref}` : ref;
}

/** The name Crossplane gives a package it installs as a dependency. */
export function dependencyName(ref: string): string {
  return toDnsLabel(repositoryOf(ref));
}

export interface CompositeType {
  apiVersion: string;
  kind: string;
}

export interface XrdInfo {
  pkg: CrossplanePackage;
  doc: YamlDoc;
  name: string;
  kind: string;
  group: string;
  /** Every `group/version` it serves. */
  apiVersions: string[];
}

export interface CompositionInfo {
  pkg: CrossplanePackage;
  doc: YamlDoc;
  name: string;
  typeRef?: CompositeType;
  /** Pipeline steps' functionRef names, with their paths. */
  functions: { name: string; path: (string | number)[] }[];
  /** Kinds of the resources it composes, where the Composition states them (P&T bases, spec.resources). */
  composed: CompositeType[];
}

function objectsOfKind(pkg: CrossplanePackage, kind: string): YamlDoc[] {
  return pkg.objects.filter(
    (o) =>
      str(o.value, 'kind') === kind &&
      (str(o.value, 'apiVersion') ?? '').startsWith('apiextensions.crossplane.io/'),
  );
}

export interface CrdInfo {
  pkg: CrossplanePackage;
  doc: YamlDoc;
  kind: string;
  group: string;
}

/** The CustomResourceDefinitions a package ships (a Provider's managed resources, a Function's input). */
export function crdsOf(pkg: CrossplanePackage): CrdInfo[] {
  return pkg.objects.flatMap((doc) => {
    if (str(doc.value, 'kind') !== 'CustomResourceDefinition') return [];
    if (!(str(doc.value, 'apiVersion') ?? '').startsWith('apiextensions.k8s.io/')) return [];
    const spec = isRecord((doc.value as Record<string, unknown>).spec)
      ? ((doc.value as Record<string, unknown>).spec as Record<string, unknown>)
      : {};
    const kind = str(spec.names, 'kind');
    const group = str(spec, 'group');
    return kind && group ? [{ pkg, doc, kind, group }] : [];
  });
}

export function xrdsOf(pkg: CrossplanePackage): XrdInfo[] {
  return objectsOfKind(pkg, 'CompositeResourceDefinition').map((doc) => {
    const v = doc.value as Record<string, unknown>;
    const spec = isRecord(v.spec) ? v.spec : {};
    const group = str(spec, 'group') ?? '';
    const versions = Array.isArray(spec.versions) ? spec.versions : [];
    return {
      pkg,
      doc,
      name: str(v.metadata, 'name') ?? '',
      kind: str(spec.names, 'kind') ?? '',
      group,
      apiVersions: versions.map((x) => `${group}/${str(x, 'name') ?? ''}`),
    };
  });
}

/** `base` objects with apiVersion and kind anywhere under a value (P&T inputs, spec.resources). */
function composedKinds(value: unknown, out: CompositeType[]): void {
  if (Array.isArray(value)) for (const v of value) composedKinds(v, out);
  else if (isRecord(value)) {
    const base = value.base;
    const apiVersion = str(base, 'apiVersion');
    const kind = str(base, 'kind');
    if (apiVersion && kind && !out.some((t) => t.apiVersion === apiVersion && t.kind === kind))
      out.push({ apiVersion, kind });
    for (const [k, v] of Object.entries(value)) if (k !== 'base') composedKinds(v, out);
  }
}

export function compositionsOf(pkg: CrossplanePackage): CompositionInfo[] {
  return objectsOfKind(pkg, 'Composition').map((doc) => {
    const v = doc.value as Record<string, unknown>;
    const spec = isRecord(v.spec) ? v.spec : {};
    const ref = spec.compositeTypeRef;
    const apiVersion = str(ref, 'apiVersion');
    const kind = str(ref, 'kind');
    const pipeline = Array.isArray(spec.pipeline) ? spec.pipeline : [];
    const functions = pipeline.flatMap((step, i) => {
      const name = str(isRecord(step) ? step.functionRef : undefined, 'name');
      return name ? [{ name, path: ['spec', 'pipeline', i, 'functionRef', 'name'] }] : [];
    });
    const composed: CompositeType[] = [];
    composedKinds(spec.resources, composed);
    composedKinds(pipeline, composed);
    return {
      pkg,
      doc,
      name: str(v.metadata, 'name') ?? '',
      typeRef: apiVersion && kind ? { apiVersion, kind } : undefined,
      functions,
      composed,
    };
  });
}

/** The opened package a dependency refers to: by Upbound repository, else by the reference's last segment as metadata.name. */
export function resolveLocal(
  dep: Dependency,
  packages: readonly CrossplanePackage[],
): CrossplanePackage | undefined {
  const last = dep.package.split('/').pop();
  return (
    packages.find(
      (p) => p.repository !== undefined && p.repository.replace(/:[^/:]+$/, '') === dep.package,
    ) ?? packages.find((p) => p.name !== undefined && p.name === last)
  );
}
