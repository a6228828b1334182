import { defineRules } from './types';
import {
  XPKG_BUILD,
  XPKG_LINT,
  XPKG_PARSER,
  XPKG_SCHEME,
  XP_COMPOSITIONS,
  XP_PACKAGE_FORMAT,
  XP_RESOLVER,
} from './upstream';

/**
 * Checks of a Crossplane package (src/core/crossplane): what `crossplane xpkg build` (crossplane-runtime
 * pkg/xpkg: parser, linters) and the package manager's resolver would refuse, with their message
 * texts. Our own checks are in CROSSPLANE_OWN_RULES below, and are never errors.
 */
export const CROSSPLANE_RULES = defineRules('crossplane', 'crossplane', {
  'xp-yaml-syntax': {
    severity: 'error',
    title: 'Package file does not parse',
    summary: 'A YAML file of the package is not valid YAML.',
    description:
      'Crossplane reads every YAML file under the package root into the package stream; a file that does ' +
      'not parse stops the build. Fix the syntax at the position given.',
    upstream: { text: 'crossplane-runtime parser.PackageParser.Parse', url: XPKG_PARSER },
  },
  'xp-type-meta': {
    severity: 'error',
    title: 'Document without apiVersion or kind',
    summary: 'A YAML document of the package has no apiVersion or no kind, or they cannot be read.',
    description:
      "Crossplane decodes each document by its apiVersion and kind (Kubernetes' type meta); a document " +
      'without them (or with a kind that is no string, an apiVersion with two slashes, a document that is ' +
      'no mapping) cannot be decoded and the package is rejected. A missing one is reported quoting the ' +
      "document as the parser cut it from the folder's stream.",
    message: "Object 'Kind' is missing in '%s'",
    upstream: {
      text: 'Kubernetes json serializer, as crossplane-runtime parser.Parse calls it',
      url: XPKG_PARSER,
    },
  },
  'xp-one-meta': {
    severity: 'error',
    title: 'Not exactly one package meta document',
    summary: 'The package has no Provider, Configuration or Function document, or more than one.',
    description:
      'A package holds exactly one meta.pkg.crossplane.io document (its crossplane.yaml) saying what it is. ' +
      'Add the missing crossplane.yaml or remove the extra meta document.',
    message: 'not exactly one package meta type',
    upstream: { text: 'xpkg.OneMeta; xpkg.Builder.Build for a folder with no meta', url: XPKG_BUILD },
  },
  'xp-meta-kind': {
    severity: 'error',
    title: 'Meta document is not a package kind',
    summary:
      'The meta.pkg.crossplane.io document is not a Provider, Configuration or Function of a known version.',
    description:
      'meta.pkg.crossplane.io knows Provider and Configuration (v1alpha1, v1) and Function (v1beta1, v1). ' +
      'Any other kind or version is not a package Crossplane can install.',
    message: 'meta type is not a package',
    upstream: { text: 'xpkg.TryConvertToPkg in PackageValidSemver', url: XPKG_LINT },
  },
  'xp-object-kind': {
    severity: 'error',
    title: 'Object not allowed in this kind of package',
    summary: "A document is of a kind the package's linter does not accept.",
    description:
      'A Provider may hold CRDs, ManagedResourceDefinitions and webhook configurations; a Configuration ' +
      'XRDs, ManagedResourceActivationPolicies, Compositions, Operations, CronOperations and ' +
      "WatchOperations; a Function only CRDs. Crossplane's package linter rejects the whole package for " +
      'any other object; move it out of the package root (examples go in examples/).',
    message: 'object did not pass any of the linters with following errors: %s',
    upstream: {
      text: 'xpkg.NewProviderLinter, NewConfigurationLinter (parser.Or), NewFunctionLinter (IsCRD)',
      url: XPKG_LINT,
    },
  },
  'xp-object-unregistered': {
    severity: 'error',
    title: 'Object of a kind no package may hold',
    summary: "A document's apiVersion and kind are not in the package object scheme.",
    description:
      'The package parser decodes every document that is not the meta with the object scheme: ' +
      'CRDs, admission webhook configurations, and the apiextensions.crossplane.io and ops.crossplane.io ' +
      'kinds. Any other kind (a Deployment, a ConfigMap, an EnvironmentConfig) stops the parse; upstream ' +
      "appends the scheme's name to the text.",
    message: 'no kind %q is registered for version %q in scheme %q',
    upstream: { text: 'parser.PackageParser.Parse with xpkg.BuildObjectScheme', url: XPKG_SCHEME },
  },
  'xp-crossplane-constraint': {
    severity: 'error',
    title: 'Crossplane version constraint does not parse',
    summary: 'spec.crossplane.version is not a semver constraint.',
    description:
      "spec.crossplane.version is read with Masterminds semver's constraint syntax (`>=v1.14.0`, " +
      '`^1.19`, `>=1.0, <2.0`); a string it cannot read fails the package lint.',
    message: 'package version constraints are poorly formatted: %s',
    upstream: { text: 'xpkg.PackageValidSemver', url: XPKG_LINT },
  },
  'xp-dependency-version': {
    severity: 'error',
    title: 'Dependency version is not a constraint',
    summary: "A dependsOn entry's version is missing or is neither a semver constraint nor a digest.",
    description:
      'The package manager reads the version as a Masterminds semver constraint (a tag such as v0.3.0 ' +
      'is the constraint "exactly v0.3.0") or an OCI digest; anything else leaves the dependency ' +
      'uninstallable.',
    message: 'version constraint on dependency is invalid: %s',
    upstream: {
      text: 'resolver.Reconciler.Reconcile, semver.NewConstraint(dep.Constraints)',
      url: XP_RESOLVER,
    },
  },
  'xp-dependency-conflict': {
    severity: 'error',
    title: 'Conflicting constraints on one dependency',
    summary: 'Packages of the folder require the same dependency with constraints no version meets.',
    description:
      'Crossplane installs one version of each package and gathers the constraints of every package ' +
      'that depends on it; when no version meets them all, the resolver stops. Several versions of one ' +
      'package in the folder never coexist, so their constraints are not set against each other.',
    message:
      'dependency (%s) does not have a valid version to upgrade that satisfies all constraints. If there ' +
      'is a valid version that requires downgrade, manual intervention is required. Constraints: %v',
    upstream: { text: 'resolver errFmtNoValidVersion (findDependencyVersionToUpgrade)', url: XP_RESOLVER },
  },
  'xp-dependency-cycle': {
    severity: 'error',
    title: 'Packages that depend on each other in a cycle',
    summary: 'Following dependsOn among the packages opened leads back to a package on the way.',
    description:
      'The package manager sorts the dependency graph before it installs anything; a cycle cannot be ' +
      'sorted and the install stops. Remove one of the dependencies that close the cycle.',
    message: 'cannot sort DAG: detected cycle on: %s',
    upstream: {
      text: 'internal/dag MapDag.Sort (visit), wrapped by the resolver as errSortDAG',
      url: 'https://github.com/crossplane/crossplane/blob/main/internal/dag/dag.go',
    },
  },
  'xp-dependency-digests': {
    severity: 'error',
    title: 'Different digests or digest and version on one dependency',
    summary: 'Packages pin one dependency to different digests, or mix a digest with a version constraint.',
    description:
      'A dependency pinned by digest must be pinned to the same digest by every package that depends on ' +
      'it, and not be asked for by version elsewhere: the resolver cannot choose.',
    message:
      'a dependency package has different digests in parent constraints (%v) | a dependency package has ' +
      'different types of parent constraints (%v)',
    upstream: {
      text: 'resolver errFmtDiffDigests, errFmtDiffConstraintTypes (findDigestToUpdate)',
      url: XP_RESOLVER,
    },
  },
});

/**
 * Our own Crossplane checks: what the package manager accepts but a reader likely did not mean.
 * Warnings and notes only, never errors (upstream raises none of them).
 */
export const CROSSPLANE_OWN_RULES = defineRules('crossplane', 'fbc-studio', {
  'xp-dependency-package': {
    severity: 'warning',
    title: 'Dependency names no package',
    summary: 'A dependsOn entry gives no provider, configuration, function or package, or more than one.',
    description:
      'Each dependsOn entry names one package: `provider:`, `configuration:` or `function:` with its OCI ' +
      'reference, or (Crossplane v2) `apiVersion`, `kind` and `package:`.',
    upstream: {
      text: 'FBC Studio: meta.pkg.crossplane.io Dependency names one package; the resolver has no text for it',
      url: XP_PACKAGE_FORMAT,
    },
  },
  'xp-dependency-duplicate': {
    severity: 'warning',
    title: 'Dependency listed twice',
    summary: 'One dependsOn list names the same package twice.',
    description: 'Only one entry can take effect; remove the other so the constraint is unambiguous.',
    upstream: { text: 'FBC Studio: one node per package in the dependency graph', url: XP_PACKAGE_FORMAT },
  },
  'xp-composite-type-unknown': {
    severity: 'warning',
    title: 'Composition for an XRD that is not opened',
    summary: "A Composition's compositeTypeRef matches no XRD in the package or in the folder's packages.",
    description:
      'compositeTypeRef (apiVersion and kind) names a composite resource defined by an XRD. Crossplane ' +
      'does not require the XRD in the same package (it may come from another package or be applied by ' +
      'hand), so this is only a hint: none of the packages opened defines it.',
    upstream: { text: 'Composition spec.compositeTypeRef', url: XP_COMPOSITIONS },
  },
  'xp-composite-type-unresolved': {
    severity: 'info',
    title: 'Composition for an XRD of a dependency not opened',
    summary:
      "A Composition's compositeTypeRef matches no XRD opened; a Configuration dependency may define it.",
    description:
      'The XRD is not in this package nor in the folder, but the package depends on Configurations that ' +
      'were not opened. Open them beside it to check the reference.',
    upstream: { text: 'Composition spec.compositeTypeRef', url: XP_COMPOSITIONS },
  },
  'xp-function-unknown': {
    severity: 'warning',
    title: 'Pipeline step uses a function not depended on',
    summary: "A Composition pipeline step's functionRef names no Function in the package's dependsOn.",
    description:
      'Crossplane names a dependency Function after its repository (xpkg.upbound.io/acme/function-x → ' +
      'acme-function-x). A step whose functionRef matches no dependency works only if that Function is ' +
      'installed by other means; add it to dependsOn.',
    upstream: { text: 'xpkg.ToDNSLabel naming of dependency packages', url: XP_RESOLVER },
  },
});
