/**
 * Reading one Crossplane package: its meta document and objects, and the checks that need only the
 * package itself (Crossplane's xpkg linter: one meta, a package kind, allowed objects, version
 * constraints; the dependsOn entries). Checks across packages are in check-folder.ts.
 */
import type { Diagnostic } from '../diagnostics';
import type { JsonPath } from '../location';
import { isRecord, str, type YamlDoc, type YamlFile } from '../kube/yaml-docs';
import { goQuote } from '../go/strings';
import { streamDocuments } from './stream';
import { typeMetaError } from './type-meta';
import { ruleById, type RuleId } from '../rules';
import { isDigest, parseConstraint } from './constraint';
import { packageSource } from './package-index';
import type { CrossplanePackage, Dependency, PackageKind } from './types';

const META_GROUP = 'meta.pkg.crossplane.io';
const UPBOUND_GROUP = 'meta.dev.upbound.io';

/** meta.pkg.crossplane.io kinds and the versions Crossplane's meta scheme registers for each. */
const META_VERSIONS: Record<PackageKind, string[]> = {
  Provider: ['v1alpha1', 'v1'],
  Configuration: ['v1alpha1', 'v1'],
  Function: ['v1beta1', 'v1'],
};

interface ObjectLinter {
  group: string;
  versions: string[];
  kind: string;
  /** The linter's error text (crossplane-runtime pkg/xpkg/lint.go), verbatim. */
  text: string;
}

const CRD: ObjectLinter = {
  group: 'apiextensions.k8s.io',
  versions: ['v1beta1', 'v1'],
  kind: 'CustomResourceDefinition',
  text: 'object is not a CRD',
};
const XP = 'apiextensions.crossplane.io';
const OPS = 'ops.crossplane.io';
const ADM = 'admissionregistration.k8s.io';

/**
 * What each package kind may ship besides its meta, in the order of each linter's parser.Or (its
 * error lists every failed linter in that order). A Function's linter is IsCRD alone, not an Or.
 */
const LINTERS: Record<PackageKind, { or: boolean; linters: ObjectLinter[] }> = {
  Provider: {
    or: true,
    linters: [
      CRD,
      { group: XP, versions: ['v1alpha1'], kind: 'ManagedResourceDefinition', text: 'object is not an MRD' },
      {
        group: ADM,
        versions: ['v1'],
        kind: 'ValidatingWebhookConfiguration',
        text: 'object is not an ValidatingWebhookConfiguration',
      },
      {
        group: ADM,
        versions: ['v1'],
        kind: 'MutatingWebhookConfiguration',
        text: 'object is not a MutatingWebhookConfiguration',
      },
    ],
  },
  Configuration: {
    or: true,
    linters: [
      {
        group: XP,
        versions: ['v1', 'v2'],
        kind: 'CompositeResourceDefinition',
        text: 'object is not an XRD',
      },
      {
        group: XP,
        versions: ['v1alpha1'],
        kind: 'ManagedResourceActivationPolicy',
        text: 'object is not an ManagedResourceActivationPolicy',
      },
      { group: XP, versions: ['v1'], kind: 'Composition', text: 'object is not a Composition' },
      { group: OPS, versions: ['v1alpha1'], kind: 'Operation', text: 'object is not an Operation' },
      { group: OPS, versions: ['v1alpha1'], kind: 'CronOperation', text: 'object is not a CronOperation' },
      { group: OPS, versions: ['v1alpha1'], kind: 'WatchOperation', text: 'object is not a WatchOperation' },
    ],
  },
  Function: { or: false, linters: [CRD] },
};

/** The package parser's object scheme (xpkg.BuildObjectScheme): group/version → kinds it decodes. */
const OBJECT_SCHEME: Record<string, string[]> = {
  'apiextensions.crossplane.io/v1': ['CompositeResourceDefinition', 'Composition', 'CompositionRevision'],
  'apiextensions.crossplane.io/v1alpha1': [
    'Usage',
    'ManagedResourceDefinition',
    'ManagedResourceActivationPolicy',
  ],
  'apiextensions.crossplane.io/v2': ['CompositeResourceDefinition'],
  'ops.crossplane.io/v1alpha1': ['Operation', 'CronOperation', 'WatchOperation'],
  'apiextensions.k8s.io/v1beta1': ['CustomResourceDefinition'],
  'apiextensions.k8s.io/v1': ['CustomResourceDefinition'],
  'admissionregistration.k8s.io/v1': [
    'ValidatingWebhookConfiguration',
    'MutatingWebhookConfiguration',
    'ValidatingAdmissionPolicy',
    'ValidatingAdmissionPolicyBinding',
  ],
};

/** Whether the parser's object scheme decodes this apiVersion and kind (each kind's List too). */
function registered(apiVersion: string, kind: string): boolean {
  const kinds = OBJECT_SCHEME[apiVersion] ?? [];
  return kinds.includes(kind) || kinds.some((k) => `${k}List` === kind);
}

/** The linter's error for an object its package kind may not ship, or undefined when it may. */
function lintObject(
  kind: PackageKind,
  apiVersion: string,
  objectKind: string | undefined,
): string | undefined {
  const { or, linters } = LINTERS[kind];
  const [group, version] = [groupOf(apiVersion), apiVersion.slice(apiVersion.lastIndexOf('/') + 1)];
  if (linters.some((l) => l.group === group && l.kind === objectKind && l.versions.includes(version)))
    return undefined;
  const texts = linters.map((l) => l.text);
  return or
    ? `object did not pass any of the linters with following errors: ${texts.join(', ')}`
    : texts.join(', ');
}

function groupOf(apiVersion: string): string {
  const i = apiVersion.lastIndexOf('/');
  return i < 0 ? '' : apiVersion.slice(0, i);
}

export function finding(
  rule: RuleId,
  severity: Diagnostic['severity'],
  message: string,
  doc: YamlDoc | undefined,
  path: JsonPath = [],
  file?: string,
): Diagnostic {
  return {
    severity,
    // Our own checks (CROSSPLANE_OWN_RULES) say so: only the rest mirror Crossplane.
    source: ruleById(rule)?.source === 'fbc-studio' ? 'fbc-studio' : 'crossplane',
    rule,
    message,
    location: doc
      ? doc.locate(path)
      : { file: file ?? '', start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
  };
}

/** Whether a document is a package meta document (Crossplane's, or an Upbound project). */
export function isMetaDoc(doc: YamlDoc): boolean {
  const group = groupOf(str(doc.value, 'apiVersion') ?? '');
  return group === META_GROUP || group === UPBOUND_GROUP;
}

const DEP_KEYS: [string, PackageKind][] = [
  ['provider', 'Provider'],
  ['configuration', 'Configuration'],
  ['function', 'Function'],
];

function readDependencies(meta: YamlDoc, out: Diagnostic[]): Dependency[] {
  const spec = isRecord(meta.value) ? meta.value.spec : undefined;
  const list = isRecord(spec) ? spec.dependsOn : undefined;
  if (!Array.isArray(list)) return [];
  const deps: Dependency[] = [];
  const seen = new Map<string, number>();
  list.forEach((entry: unknown, i) => {
    const path = ['spec', 'dependsOn', i];
    const named = DEP_KEYS.filter(([k]) => typeof str(entry, k) === 'string');
    const pkg = str(entry, 'package');
    const count = named.length + (pkg !== undefined ? 1 : 0);
    if (count !== 1) {
      out.push(
        finding(
          'xp-dependency-package',
          'warning',
          count === 0
            ? 'dependency names no package: give one of provider, configuration, function or package'
            : 'dependency names more than one package: give one of provider, configuration, function or package',
          meta,
          path,
        ),
      );
      return;
    }
    const [key, kindFromKey] = named[0] ?? ['package', undefined];
    const kindText = str(entry, 'kind');
    const kind =
      kindFromKey ??
      (kindText === 'Provider' || kindText === 'Configuration' || kindText === 'Function'
        ? kindText
        : undefined);
    // One node per package whatever tag or digest an entry names.
    const ref = packageSource(pkg ?? str(entry, key) ?? '');
    const version = str(entry, 'version');
    const dep: Dependency = { kind, package: ref, version, doc: meta, path };
    if (version === undefined || version.trim() === '') {
      out.push(
        finding(
          'xp-dependency-version',
          'error',
          'version constraint on dependency is invalid: improper constraint: ""',
          meta,
          path,
        ),
      );
    } else if (!isDigest(version)) {
      const c = parseConstraint(version);
      if ('error' in c) {
        out.push(
          finding(
            'xp-dependency-version',
            'error',
            `version constraint on dependency is invalid: ${c.error}`,
            meta,
            [...path, 'version'],
          ),
        );
      } else dep.constraint = c;
    }
    const before = seen.get(ref);
    if (before !== undefined) {
      out.push(
        finding(
          'xp-dependency-duplicate',
          'warning',
          `${ref} is already listed as dependency ${before + 1}`,
          meta,
          path,
        ),
      );
    } else seen.set(ref, i);
    deps.push(dep);
  });
  return deps;
}

/**
 * Builds a package from its meta file and the parsed files that belong to it. `files` holds every
 * YAML file of the package (the meta file among them).
 */
export function readPackage(
  root: string,
  metaFile: string,
  format: CrossplanePackage['format'],
  files: YamlFile[],
): CrossplanePackage {
  const diagnostics: Diagnostic[] = [];
  const metas: YamlDoc[] = [];
  const objects: YamlDoc[] = [];
  for (const f of files) {
    for (const e of f.errors)
      diagnostics.push({
        severity: 'error',
        source: 'crossplane',
        rule: 'xp-yaml-syntax',
        message: e.message,
        location: e.location,
      });
    // The documents as the parser's reader cuts them: its refused separator, the text a message quotes.
    const { docs: stream, badSeparator: bad } = streamDocuments(f.text);
    if (bad !== undefined) {
      const at = { line: bad.line + 1, column: 1 };
      diagnostics.push({
        severity: 'error',
        source: 'crossplane',
        rule: 'xp-yaml-syntax',
        message: bad.message,
        location: { file: f.file, start: at, end: at },
      });
    }
    for (const doc of f.docs) {
      // The parser stops at a refused separator: the document it ends and those after are not read.
      if (bad !== undefined && doc.locate([]).start.line - 1 >= bad.from) continue;
      const typeMeta = typeMetaError(doc, stream);
      if (typeMeta !== undefined) {
        diagnostics.push(finding('xp-type-meta', 'error', typeMeta, doc));
        continue;
      }
      (isMetaDoc(doc) ? metas : objects).push(doc);
    }
  }
  const pkg: CrossplanePackage = { root, metaFile, format, objects, dependsOn: [], diagnostics };
  if (metas.length !== 1) {
    diagnostics.push(
      finding('xp-one-meta', 'error', 'not exactly one package meta type', metas[1], [], metaFile),
    );
  }
  const meta = metas.find((m) => m.file === metaFile) ?? metas[0];
  if (!meta) return pkg;
  pkg.meta = meta;
  const apiVersion = str(meta.value, 'apiVersion') ?? '';
  const kind = str(meta.value, 'kind') ?? '';
  pkg.name = str(isRecord(meta.value) ? meta.value.metadata : undefined, 'name');
  const spec = isRecord(meta.value) ? meta.value.spec : undefined;
  if (groupOf(apiVersion) === UPBOUND_GROUP) {
    // An Upbound project builds into a Configuration.
    if (kind !== 'Project')
      diagnostics.push(finding('xp-meta-kind', 'error', 'meta type is not a package', meta, ['kind']));
    pkg.kind = 'Configuration';
    pkg.repository = str(spec, 'repository');
  } else {
    const version = apiVersion.slice(META_GROUP.length + 1);
    const known = (META_VERSIONS as Record<string, string[] | undefined>)[kind];
    if (!known || !known.includes(version)) {
      diagnostics.push(
        finding(
          'xp-meta-kind',
          'error',
          'meta type is not a package',
          meta,
          known ? ['apiVersion'] : ['kind'],
        ),
      );
    }
    if (known) pkg.kind = kind as PackageKind;
  }
  // spec.crossplane.version (the first package format wrote spec.crossplane as the version itself).
  const xp = isRecord(spec) ? spec.crossplane : undefined;
  const xpVersion = typeof xp === 'string' ? xp : str(xp, 'version');
  if (xpVersion !== undefined) {
    pkg.crossplaneVersion = xpVersion;
    const c = parseConstraint(xpVersion);
    if ('error' in c) {
      const path = typeof xp === 'string' ? ['spec', 'crossplane'] : ['spec', 'crossplane', 'version'];
      diagnostics.push(
        finding(
          'xp-crossplane-constraint',
          'error',
          `package version constraints are poorly formatted: ${c.error}`,
          meta,
          path,
        ),
      );
    }
  }
  pkg.dependsOn = readDependencies(meta, diagnostics);
  for (const o of objects) {
    const apiVersion = str(o.value, 'apiVersion') ?? '';
    const kind = str(o.value, 'kind') ?? '';
    if (!registered(apiVersion, kind)) {
      // Upstream's text ends with the scheme's name (a Go call site), which says nothing to a reader.
      const message = `no kind ${goQuote(kind)} is registered for version ${goQuote(apiVersion)}`;
      diagnostics.push(finding('xp-object-unregistered', 'error', message, o, ['kind']));
      continue;
    }
    const error = pkg.kind ? lintObject(pkg.kind, apiVersion, kind) : undefined;
    if (error) diagnostics.push(finding('xp-object-kind', 'error', error, o, ['kind']));
  }
  return pkg;
}
