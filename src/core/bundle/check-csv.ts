/**
 * The CSV checks of operator-framework/api's CSVValidator (pkg/validation/internal/csv.go
 * validateCSV, annotations.go ValidateAnnotationNames, typecheck.go checkEmptyFields), in its order,
 * with its texts: a CSV-level message is upstream's Detail, `(<csv name>) …` included; where the
 * Detail alone does not say which API or field (examples, required fields) the message is upstream's
 * Error() without its level prefix (`Value <gvk>: …`, `Field <path>, Value field: …`). Our own CSV
 * warnings (name carries the version, skips / skipRange syntax, install mode types) follow.
 */
import { goQuote } from '../go/strings';
import { parseRange, SemverError } from '../semver';
import { parseVersionOrError } from '../semver/version';
import { Collector, gvkString, str } from './check-collector';
import { PACKAGE_LABEL } from './check-metadata';
import { goJsonSyntaxOffset } from './go-json-syntax';
import { isDns1123Subdomain, isValidLabelValue } from '../kube/k8s-names';
import { dig, isObject, lineOf, reEscape, type BundleDir, type BundleManifest } from './read-bundle';

const INSTALL_MODES = ['OwnNamespace', 'SingleNamespace', 'MultiNamespace', 'AllNamespaces'];

/** api annotations.go CaseSensitiveAnnotationKeySet (operators v1 + v1alpha1 keys). */
const CASE_SENSITIVE_ANNOTATIONS = [
  'olm.operatorGroup',
  'olm.operatorNamespace',
  'olm.targetNamespaces',
  'olm.providedAPIs',
  'olm.skipRange',
];

/** api operatorhub.go minKubeVersionWarnMessage (the CSV validator warns with it too). */
export const MIN_KUBE_VERSION_WARNING =
  'csv.Spec.minKubeVersion is not informed. It is recommended you provide this information. ' +
  'Otherwise, it would mean that your operator project can be distributed and installed in any cluster version ' +
  'available, which is not necessarily the case for all projects.';

/** csv.go parseCSVNameFormat, as its error text. */
/** The CSV as decoded, which each check reads. */
type Csv = Record<string, unknown>;

function csvNameFormatError(name: string): string | undefined {
  const errs = [...isDns1123Subdomain(name), ...isValidLabelValue(name)];
  return errs.length > 0 ? `${goQuote(name)} is invalid: ${errs.join(',')}` : undefined;
}

/** A YAML scalar as sigs.k8s.io/yaml hands it to a Go string field (numbers keep their text). */
function scalarString(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** The owned APIs of the CSV (csv.go getProvidedAPIs), as GVK strings, plus its parse errors. */
export function providedApis(o: Record<string, unknown>): { apis: string[]; errors: string[] } {
  const apis: string[] = [];
  const errors: string[] = [];
  const owned = dig(o, 'spec', 'customresourcedefinitions', 'owned');
  for (const d of Array.isArray(owned) ? owned : []) {
    const name = str(dig(d, 'name'));
    const dot = name.indexOf('.');
    if (dot < 0) {
      errors.push(`couldn't parse plural.group from crd name: ${name}`);
      continue;
    }
    apis.push(gvkString(name.slice(dot + 1), str(dig(d, 'version')), str(dig(d, 'kind'))));
  }
  const apiServices = dig(o, 'spec', 'apiservicedefinitions', 'owned');
  for (const a of Array.isArray(apiServices) ? apiServices : [])
    apis.push(gvkString(str(dig(a, 'group')), str(dig(a, 'version')), str(dig(a, 'kind'))));
  return { apis: [...new Set(apis)], errors };
}

/** `apiVersion` split as schema.ParseGroupVersion does for an object's GVK. */
function exampleGvk(e: Record<string, unknown>): string {
  const av = str(e.apiVersion);
  const slash = av.indexOf('/');
  return slash < 0
    ? gvkString('', av, str(e.kind))
    : gvkString(av.slice(0, slash), av.slice(slash + 1), str(e.kind));
}

/** csv.go validateExamplesAnnotations. */
function checkExamples(o: Csv, name: string, csv: BundleManifest, c: Collector): void {
  const annotations = dig(o, 'metadata', 'annotations');
  const at = (key: string) => lineOf(csv.text, new RegExp(`^\\s+['"]?${reEscape(key)}['"]?:`));
  if (!isObject(annotations) || Object.keys(annotations).length === 0) {
    c.addAt('bundle-csv-examples-missing', `(${name}) annotations not found`, csv, /^metadata:/);
    return;
  }
  const alm = annotations['alm-examples'];
  const olm = annotations['olm.examples'];
  let text: string;
  if (alm === undefined && olm === undefined) {
    c.addAt(
      'bundle-csv-examples-missing',
      `(${name}) example annotations not found`,
      csv,
      /^\s+annotations:/,
    );
    return;
  } else if (alm !== undefined) {
    if (olm !== undefined)
      c.add(
        'bundle-csv-examples-missing',
        `(${name}) both \`alm-examples\` and \`olm.examples\` are present. Checking only \`alm-examples\``,
        csv.path,
        at('olm.examples'),
      );
    text = scalarString(alm);
  } else text = scalarString(olm);
  const line = at(alm !== undefined ? 'alm-examples' : 'olm.examples');

  const bytes = new TextEncoder().encode(text);
  const offset = text.length === 0 ? undefined : goJsonSyntaxOffset(bytes);
  if (offset !== undefined) {
    const upTo = new TextDecoder().decode(bytes.slice(0, offset));
    c.add(
      'bundle-csv-examples-invalid',
      `Value invalid character at ${offset}\n ${upTo}<--(see the invalid character): invalid example`,
      csv.path,
      line,
    );
    return;
  }
  const parsed: unknown = text.trim() === '' ? [] : JSON.parse(text);
  if (!Array.isArray(parsed) || parsed.some((e) => !isObject(e) || str(e.kind) === '')) {
    const why = !Array.isArray(parsed)
      ? `json: cannot unmarshal ${isObject(parsed) ? 'object' : typeof parsed} into Go value of type []unstructured.Unstructured`
      : "Object 'Kind' is missing";
    c.add(
      'bundle-csv-examples-invalid',
      `Value ${why}: error decoding example CustomResource`,
      csv.path,
      line,
    );
    return;
  }
  const examples = new Set((parsed as Record<string, unknown>[]).map(exampleGvk));
  const provided = providedApis(o);
  for (const e of provided.errors) c.add('bundle-csv-examples-invalid', e, csv.path, line);
  for (const e of examples)
    if (!provided.apis.includes(e))
      c.add(
        'bundle-csv-example-not-provided',
        `Value ${e}: example must have a provided API`,
        csv.path,
        line,
      );
  for (const api of provided.apis)
    if (!examples.has(api))
      c.add(
        'bundle-csv-api-without-example',
        `Value ${api}: provided API should have an example annotation`,
        csv.path,
        line,
      );
}

/** csv.go validateInstallModes (its duplicate check never fires upstream: the set stays empty). */
function checkInstallModes(o: Csv, name: string, csv: BundleManifest, c: Collector): void {
  const modes = dig(o, 'spec', 'installModes');
  const line = lineOf(csv.text, /^\s+installModes:/);
  if (!Array.isArray(modes) || modes.length === 0) {
    c.add('bundle-install-modes', `(${name}) install modes not found`, csv.path, line);
    return;
  }
  const supported = (t: string) =>
    modes.some((m) => str(dig(m, 'type')) === t && dig(m, 'supported') === true);
  const webhooks = dig(o, 'spec', 'webhookdefinitions');
  for (const w of Array.isArray(webhooks) ? webhooks : []) {
    const conversion = dig(w, 'conversionCRDs');
    if (!Array.isArray(conversion) || conversion.length === 0) continue;
    const onlyAll = modes.every((m) => {
      const t = str(dig(m, 'type'));
      const s = dig(m, 'supported') === true;
      return t === 'AllNamespaces' ? s : !s;
    });
    if (!onlyAll)
      c.add(
        'bundle-install-modes-conversion',
        `(${name}) only AllNamespaces InstallModeType is supported when conversionCRDs is present`,
        csv.path,
        line,
      );
  }
  if (!modes.some((m) => dig(m, 'supported') === true))
    c.add('bundle-install-modes', `(${name}) none of InstallModeTypes are supported`, csv.path, line);

  // Ours: OLM ignores an install mode it does not know, and reads the first of two of one type.
  const seen = new Set<string>();
  for (const m of modes) {
    const t = str(dig(m, 'type'));
    if (!INSTALL_MODES.includes(t))
      c.add('bundle-install-mode-type', `invalid install mode type ${goQuote(t)}`, csv.path, line);
    else if (seen.has(t) && supported(t) !== (dig(m, 'supported') === true))
      c.add(
        'bundle-install-mode-type',
        `install mode ${t} is listed twice, with different values`,
        csv.path,
        line,
      );
    seen.add(t);
  }
}

/** typecheck.go checkEmptyFields over the CSV type: the fields without omitempty, where set parents hold them. */
function checkRequiredFields(o: Csv, csv: BundleManifest, c: Collector): void {
  const missing = (path: string, what: 'field' | 'struct', line: number) =>
    c.add('bundle-csv-field-missing', `Field ${path}, Value ${what}: required field missing`, csv.path, line);
  // reflect's IsZero: a nil slice is zero, an empty one is not; a struct is zero when all its fields are.
  const empty = (v: unknown) =>
    v === undefined ||
    v === null ||
    v === '' ||
    v === false ||
    v === 0 ||
    (isObject(v) && Object.keys(v).length === 0);
  if (empty(o.apiVersion) && empty(o.kind)) missing('TypeMeta', 'struct', 1);
  if (empty(o.metadata)) missing('ObjectMeta', 'struct', 1);
  const spec = o.spec;
  if (empty(spec)) {
    missing('Spec', 'struct', 1);
    return;
  }
  const specLine = lineOf(csv.text, /^spec:/);
  const install = dig(spec, 'install');
  if (empty(install)) missing('Spec.InstallStrategy', 'struct', specLine);
  else {
    const installLine = lineOf(csv.text, /^\s+install:/);
    if (empty(dig(install, 'strategy'))) missing('Spec.InstallStrategy.StrategyName', 'field', installLine);
    const strategySpec = dig(install, 'spec');
    if (!empty(strategySpec) && empty(dig(strategySpec, 'deployments')))
      missing('Spec.InstallStrategy.StrategySpec.DeploymentSpecs', 'field', installLine);
  }
  if (empty(dig(spec, 'displayName'))) missing('Spec.DisplayName', 'field', specLine);
}

/** csv.go validateMinKubeVersion. */
function checkMinKubeVersion(o: Csv, name: string, csv: BundleManifest, c: Collector): void {
  const v = scalarString(dig(o, 'spec', 'minKubeVersion'));
  if (v.trim() === '') {
    c.addAt('bundle-csv-min-kube-version-missing', `(${name}) ${MIN_KUBE_VERSION_WARNING}`, csv, /^spec:/);
  } else if (typeof parseVersionOrError(v) === 'string') {
    c.addAt(
      'bundle-csv-min-kube-version',
      `(${name}) csv.Spec.MinKubeVersion has an invalid value: ${v}`,
      csv,
      /^\s+minKubeVersion:/,
    );
  }
}

/** annotations.go ValidateAnnotationNames: OLM's case-sensitive keys, and the olm.properties annotation. */
export function checkAnnotationNames(annotations: unknown, file: BundleManifest, c: Collector): void {
  if (!isObject(annotations)) return;
  for (const k of Object.keys(annotations)) {
    const at = lineOf(file.text, new RegExp(`^\\s+['"]?${reEscape(k)}['"]?:`));
    const want = CASE_SENSITIVE_ANNOTATIONS.find((w) => w.toLowerCase() === k.toLowerCase());
    if (want !== undefined && want !== k)
      c.add(
        'bundle-annotation-case',
        `provided annotation ${k} uses wrong case and should be ${want} instead`,
        file.path,
        at,
      );
    if (k === 'olm.properties')
      c.add(
        'bundle-csv-olm-properties',
        'found olm.properties annotation, please define these properties in metadata/properties.yaml instead',
        file.path,
        at,
      );
  }
}

/** Ours: the name carries the version, skips and skipRange parse. */
function checkOwnUpgradeFields(
  dir: BundleDir,
  o: Csv,
  name: string,
  csv: BundleManifest,
  c: Collector,
): void {
  const version = str(dig(o, 'spec', 'version'));
  const pkg = dir.annotations?.[PACKAGE_LABEL];
  if (
    version !== '' &&
    typeof parseVersionOrError(version) !== 'string' &&
    name !== '' &&
    pkg &&
    !name.endsWith(version) &&
    // A release-versioned bundle is <package>-v<version>-<release> (bundle.go validateBundleName).
    !name.startsWith(`${pkg}-v${version}-`)
  )
    c.addAt(
      'bundle-csv-name',
      `CSV name ${goQuote(name)} does not carry its version ${goQuote(version)}`,
      csv,
      /^\s+name:/,
    );
  const replaces = dig(o, 'spec', 'replaces');
  if (replaces !== undefined && replaces !== null && typeof replaces !== 'string')
    c.addAt(
      'bundle-upgrade-syntax',
      `spec.replaces ${JSON.stringify(replaces)} is not a bundle name`,
      csv,
      /^\s+replaces:/,
    );
  const skips = dig(o, 'spec', 'skips');
  if (skips !== undefined && skips !== null) {
    if (!Array.isArray(skips) || skips.some((s) => typeof s !== 'string' || s === '' || /\s/.test(s)))
      c.addAt('bundle-upgrade-syntax', 'spec.skips must be a list of bundle names', csv, /^\s+skips:/);
  }
  const skipRange = dig(o, 'metadata', 'annotations', 'olm.skipRange');
  if (skipRange !== undefined) {
    try {
      parseRange(String(skipRange));
    } catch (e) {
      if (!(e instanceof SemverError)) throw e;
      c.add(
        'bundle-upgrade-syntax',
        `olm.skipRange ${goQuote(String(skipRange))}: ${e.message}`,
        csv.path,
        lineOf(csv.text, /olm\.skipRange:/),
      );
    }
  }
}

/** validateCSV of operator-framework/api, then our own CSV warnings. */
export function checkCsv(dir: BundleDir, csv: BundleManifest, c: Collector): void {
  const o = csv.object as Record<string, unknown>;
  const name = str(dig(o, 'metadata', 'name'));
  const nameErr = csvNameFormatError(name);
  if (nameErr) c.addAt('bundle-csv-name-format', `(${name}) metadata.name ${nameErr}`, csv, /^\s+name:/);
  const replaces = dig(o, 'spec', 'replaces');
  if (typeof replaces === 'string' && replaces !== '') {
    const err = csvNameFormatError(replaces);
    if (err) c.addAt('bundle-csv-name-format', `(${name}) spec.replaces ${err}`, csv, /^\s+replaces:/);
  }
  checkExamples(o, name, csv, c);
  checkInstallModes(o, name, csv, c);
  checkMinKubeVersion(o, name, csv, c);
  checkRequiredFields(o, csv, c);
  checkAnnotationNames(dig(o, 'metadata', 'annotations'), csv, c);
  const apiVersion = str(o.apiVersion);
  if (apiVersion === '' || apiVersion.endsWith('/'))
    c.add('bundle-csv-version-kind', `(${name}) 'apiVersion' is missing`, csv.path, 1);

  // spec.version: the CSV type's Unmarshal fails on a version blang/semver rejects.
  const version = dig(o, 'spec', 'version');
  const vline = lineOf(csv.text, /^\s{2}version:/);
  if (typeof version !== 'string' || version === '') {
    c.addAt('bundle-csv-version', 'spec.version is not set', csv, /^spec:/);
  } else {
    const parsed = parseVersionOrError(version);
    if (typeof parsed === 'string')
      c.add('bundle-csv-version', `${parsed} (spec.version ${goQuote(version)})`, csv.path, vline);
  }
  checkOwnUpgradeFields(dir, o, name, csv, c);
}
