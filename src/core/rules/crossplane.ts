import { defineRules } from './types';

const LINT = 'https://github.com/crossplane/crossplane/blob/main/internal/xpkg/lint.go';
const PARSER = 'https://github.com/crossplane/crossplane-runtime/blob/main/pkg/parser/parser.go';
const RESOLVER =
  'https://github.com/crossplane/crossplane/blob/main/internal/controller/pkg/resolver/reconciler.go';
const FORMAT = 'https://github.com/crossplane/crossplane/blob/main/design/one-pager-package-format-v2.md';
const COMPOSITION = 'https://docs.crossplane.io/latest/composition/compositions/';

/**
 * Checks of a Crossplane package (src/core/crossplane): what `crossplane xpkg build` and the package
 * manager would refuse, with Crossplane's message where it has one, plus warnings of our own.
 */
export const CROSSPLANE_RULES = defineRules('crossplane', 'crossplane', {
  'xp-yaml-syntax': {
    severity: 'error',
    title: 'Package file does not parse',
    summary: 'A YAML file of the package is not valid YAML.',
    description:
      'Crossplane reads every YAML file under the package root into the package stream; a file that does ' +
      'not parse stops the build. Fix the syntax at the position given.',
    upstream: { text: 'crossplane-runtime parser.PackageParser.Parse', url: PARSER },
  },
  'xp-type-meta': {
    severity: 'error',
    title: 'Document without apiVersion or kind',
    summary: 'A YAML document of the package has no apiVersion or no kind.',
    description:
      "Crossplane decodes each document by its apiVersion and kind (Kubernetes' type meta); a document " +
      'without them cannot be decoded and the package is rejected.',
    message: "Object 'Kind' is missing in '%s'",
    upstream: {
      text: 'Kubernetes json serializer, as crossplane-runtime parser.Parse calls it',
      url: PARSER,
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
    upstream: { text: 'xpkg.OneMeta', url: LINT },
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
    upstream: { text: 'xpkg.TryConvertToPkg in PackageValidSemver', url: LINT },
  },
  'xp-object-kind': {
    severity: 'error',
    title: 'Object not allowed in this kind of package',
    summary: "A document is of a kind the package's linter does not accept.",
    description:
      'A Provider may hold CRDs and webhook configurations; a Configuration XRDs, Compositions and ' +
      "Operations. Crossplane's package linter rejects the whole package for any other object; move it out " +
      'of the package root (examples go in examples/).',
    message: 'object did not pass any of the linters with following errors: %s',
    upstream: { text: 'xpkg.NewProviderLinter, NewConfigurationLinter (parser.Or)', url: LINT },
  },
  'xp-crossplane-constraint': {
    severity: 'error',
    title: 'Crossplane version constraint does not parse',
    summary: 'spec.crossplane.version is not a semver constraint.',
    description:
      "spec.crossplane.version is read with Masterminds semver's constraint syntax (`>=v1.14.0`, " +
      '`^1.19`, `>=1.0, <2.0`); a string it cannot read fails the package lint.',
    message: 'package version constraints are poorly formatted: %s',
    upstream: { text: 'xpkg.PackageValidSemver', url: LINT },
  },
  'xp-dependency-package': {
    severity: 'error',
    title: 'Dependency names no package',
    summary: 'A dependsOn entry gives no provider, configuration, function or package, or more than one.',
    description:
      'Each dependsOn entry names one package: `provider:`, `configuration:` or `function:` with its OCI ' +
      'reference, or (Crossplane v2) `apiVersion`, `kind` and `package:`.',
    upstream: { text: 'meta.pkg.crossplane.io Dependency', url: FORMAT },
  },
  'xp-dependency-version': {
    severity: 'error',
    title: 'Dependency version is not a constraint',
    summary: "A dependsOn entry's version is missing or is neither a semver constraint nor a digest.",
    description:
      'The package manager reads the version as a Masterminds semver constraint (a tag such as v0.3.0 ' +
      'is the constraint "exactly v0.3.0") or an OCI digest; anything else leaves the dependency ' +
      'uninstallable.',
    message: 'version constraint on dependency is invalid',
    upstream: { text: 'resolver.Reconciler.Reconcile, semver.NewConstraint(dep.Constraints)', url: RESOLVER },
  },
  'xp-dependency-conflict': {
    severity: 'error',
    title: 'Conflicting constraints on one dependency',
    summary: 'Two packages of the folder require the same dependency with constraints no version meets.',
    description:
      'Crossplane installs one version of each package; when the constraints on it have no version in ' +
      'common, the package manager finds no valid version and the install stalls. Align the constraints.',
    message: 'dependency (%s) does not have version in constraints (%s)',
    upstream: { text: 'resolver errFmtNoValidVersion', url: RESOLVER },
  },
  'xp-dependency-duplicate': {
    severity: 'warning',
    title: 'Dependency listed twice',
    summary: 'One dependsOn list names the same package twice.',
    description: 'Only one entry can take effect; remove the other so the constraint is unambiguous.',
    upstream: { text: 'FBC Studio: one node per package in the dependency graph', url: FORMAT },
  },
  'xp-composite-type-unknown': {
    severity: 'error',
    title: 'Composition for an XRD that does not exist',
    summary: "A Composition's compositeTypeRef matches no XRD in the package or in the folder's packages.",
    description:
      'compositeTypeRef (apiVersion and kind) must name a composite resource defined by an XRD: in this ' +
      'package or in a package it depends on. None of the packages opened defines it and the package ' +
      'depends on no other Configuration that could.',
    upstream: { text: 'Composition spec.compositeTypeRef', url: COMPOSITION },
  },
  'xp-composite-type-unresolved': {
    severity: 'info',
    title: 'Composition for an XRD of a dependency not opened',
    summary:
      "A Composition's compositeTypeRef matches no XRD opened; a Configuration dependency may define it.",
    description:
      'The XRD is not in this package nor in the folder, but the package depends on Configurations that ' +
      'were not opened. Open them beside it to check the reference.',
    upstream: { text: 'Composition spec.compositeTypeRef', url: COMPOSITION },
  },
  'xp-function-unknown': {
    severity: 'warning',
    title: 'Pipeline step uses a function not depended on',
    summary: "A Composition pipeline step's functionRef names no Function in the package's dependsOn.",
    description:
      'Crossplane names a dependency Function after its repository (xpkg.upbound.io/acme/function-x → ' +
      'acme-function-x). A step whose functionRef matches no dependency works only if that Function is ' +
      'installed by other means; add it to dependsOn.',
    upstream: { text: 'xpkg.ToDNSLabel naming of dependency packages', url: RESOLVER },
  },
});
