/**
 * A Crossplane package as read from a folder: its meta document (crossplane.yaml, an Upbound
 * project's upbound.yaml, or the meta document of a packaged package.yaml stream) and the objects
 * it ships. Nothing here knows OLM.
 */
import type { Diagnostic } from '../diagnostics';
import type { YamlDoc } from '../kube/yaml-docs';
import type { Constraint } from './constraint';

export type PackageKind = 'Provider' | 'Configuration' | 'Function';

export interface Dependency {
  /** Kind when the entry says it (`provider:` or `kind: Provider`). */
  kind?: PackageKind;
  /** The OCI reference without tag, e.g. `xpkg.upbound.io/upbound/provider-aws-s3`. */
  package: string;
  /** As written: a tag, a constraint or a digest. */
  version?: string;
  /** The version as a constraint, when it is one (a digest is an exact pin, not a constraint). */
  constraint?: Constraint;
  /** The dependsOn entry's document and path, for locations. */
  doc: YamlDoc;
  path: (string | number)[];
}

export interface CrossplanePackage {
  /** The folder holding the meta file, relative to the opened folder ('' at its root). */
  root: string;
  /** Path of the meta file (crossplane.yaml, upbound.yaml or package.yaml). */
  metaFile: string;
  /** Where the meta came from: a package directory, an Upbound project, or a packaged stream. */
  format: 'crossplane' | 'upbound' | 'packaged';
  kind?: PackageKind;
  name?: string;
  /** spec.repository of an Upbound project: the package's own OCI name. */
  repository?: string;
  meta?: YamlDoc;
  /** Every other document of the package (CRDs, XRDs, Compositions, …). */
  objects: YamlDoc[];
  dependsOn: Dependency[];
  crossplaneVersion?: string;
  /** What reading the package found (syntax, type meta, meta count and kind, objects, constraints). */
  diagnostics: Diagnostic[];
}

/** Every package found in one opened folder. */
export interface CrossplaneFolder {
  name: string;
  packages: CrossplanePackage[];
  /** Findings across packages (composite types, functions, dependency conflicts) and each package's own. */
  diagnostics: Diagnostic[];
  /** Why nothing could be checked, when the folder holds no package. */
  reason?: string;
}
