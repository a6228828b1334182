/** A bundle's CustomResourceDefinitions: versions, the storage version, a schema per v1 version. */
import { goQuote } from '../go/strings';
import { Collector, nthLine, str } from './check-collector';
import { isDns1035Label, isDns1123Subdomain } from '../kube/k8s-names';
import { structuralErrors } from './check-structural';
import { manifestLines, type ManifestLines } from './manifest-lines';
import { dig, isObject, lineOf, type BundleManifest } from './read-bundle';

export function checkCrd(m: BundleManifest, c: Collector): void {
  const o = m.object as Record<string, unknown>;
  if (o.apiVersion === 'apiextensions.k8s.io/v1' || o.apiVersion === 'apiextensions.k8s.io/v1beta1')
    checkCrdSpec(m, c, o.apiVersion === 'apiextensions.k8s.io/v1');
  const versions = dig(o, 'spec', 'versions');
  const v1 = o.apiVersion === 'apiextensions.k8s.io/v1';
  const list = Array.isArray(versions) ? versions : [];
  const names = list.map((v) => str(dig(v, 'name')));
  const vline = lineOf(m.text, /^\s+versions:/);
  if (new Set(names).size !== names.length) {
    c.add(
      'bundle-crd-invalid',
      `spec.versions: Invalid value: ${JSON.stringify(names)}: must contain unique version names`,
      m.path,
      vline,
    );
  }
  if (v1) {
    if (list.length === 0)
      c.add(
        'bundle-crd-invalid',
        'spec.versions: Invalid value: []: must have exactly one version marked as storage version',
        m.path,
        vline,
      );
    const storage = list.filter((v) => dig(v, 'storage') === true).length;
    if (list.length > 0 && storage !== 1) {
      c.add(
        'bundle-crd-invalid',
        `spec.versions: Invalid value: ${JSON.stringify(names)}: must have exactly one version marked as storage version`,
        m.path,
        vline,
      );
    }
    // The API server would reject a v1 CRD version without a structural schema; operator-framework's
    // validator does not look (its valid_bundle_2 fixture has none), so this is our warning.
    let lines: ManifestLines | undefined;
    list.forEach((v, i) => {
      const schema = dig(v, 'schema', 'openAPIV3Schema');
      if (!isObject(schema)) {
        c.add(
          'bundle-crd-schema',
          `spec.versions[${i}].schema.openAPIV3Schema: Required value: schemas are required`,
          m.path,
          nthLine(m.text, /^\s+-\s+name:/, i),
        );
        return;
      }
      // Structural schema errors: the API server's, which operator-framework drops (see check-structural).
      for (const e of structuralErrors(schema, i)) {
        lines ??= manifestLines(m);
        const line = lines.lineOf(['spec', 'versions', i, 'schema', 'openAPIV3Schema', ...e.at]);
        c.add(e.rule, e.message, m.path, line);
      }
    });
    // v1beta1 fields a v1 CRD decodes without: OLM's client drops them silently (ours, not upstream's).
    for (const field of ['version', 'validation', 'subresources', 'additionalPrinterColumns']) {
      if (dig(o, 'spec', field) === undefined) continue;
      c.addAt(
        'bundle-crd-v1beta1-field',
        `spec.${field}: not a field of apiextensions.k8s.io/v1; the cluster drops it (write it under spec.versions[*])`,
        m,
        new RegExp(`^\\s+${field}:`),
      );
    }
    checkConversion(m, c, true);
  } else if (o.apiVersion === 'apiextensions.k8s.io/v1beta1') {
    checkConversion(m, c, false);
  } else {
    c.addAt('bundle-crd-invalid', `Unsupported api version of CRD: ${str(o.apiVersion)}`, m, /^apiVersion:/);
  }
}

/** Every group/version/kind a CRD manifest defines (one per version; v1beta1's spec.version too). */
export function crdGvks(o: Record<string, unknown>): { group: string; version: string; kind: string }[] {
  const group = str(dig(o, 'spec', 'group'));
  const kind = str(dig(o, 'spec', 'names', 'kind'));
  const versions = dig(o, 'spec', 'versions');
  // Every entry of spec.versions, repeats included (the bundle validator reports them as duplicates);
  // v1beta1's spec.version only when spec.versions does not list it already.
  const names = Array.isArray(versions)
    ? versions.map((v) => str(dig(v, 'name'))).filter((n) => n !== '')
    : [];
  const single = str(dig(o, 'spec', 'version'));
  if (single !== '' && !names.includes(single)) names.unshift(single);
  return names.map((version) => ({ group, version, kind }));
}

/**
 * The API server's conversion checks (apiextensions validation validateCustomResourceConversion), after
 * the version's defaults: strategy None when unset; v1beta1 reviews v1beta1 when a webhook sets none.
 */
function checkConversion(m: BundleManifest, c: Collector, v1: boolean): void {
  const conversion = dig(m.object, 'spec', 'conversion');
  if (!isObject(conversion)) return;
  const line = lineOf(m.text, /^\s+conversion:/);
  const add = (msg: string) => c.add('bundle-crd-invalid', msg, m.path, line);
  const strategy =
    conversion.strategy === undefined || conversion.strategy === '' ? 'None' : str(conversion.strategy);
  const clientConfig = v1 ? dig(conversion, 'webhook', 'clientConfig') : conversion.webhookClientConfig;
  let reviews = v1
    ? dig(conversion, 'webhook', 'conversionReviewVersions')
    : conversion.conversionReviewVersions;
  if (!v1 && strategy === 'Webhook' && (!Array.isArray(reviews) || reviews.length === 0))
    reviews = ['v1beta1'];
  const reviewList = Array.isArray(reviews) ? reviews.map((r) => str(r)) : [];
  const hasReviews = reviewList.length > 0;
  // v1's preserveUnknownFields is a plain bool (false); v1beta1 defaults it to true.
  const preserve = dig(m.object, 'spec', 'preserveUnknownFields');
  if (strategy !== 'None' && (v1 ? preserve === true : preserve !== false))
    add(
      `spec.conversion.strategy: Invalid value: ${goQuote(strategy)}: must be None if spec.preserveUnknownFields is true`,
    );
  if (strategy === 'Webhook') {
    if (clientConfig === undefined || clientConfig === null)
      add('spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook');
    else if (
      isObject(clientConfig) &&
      (clientConfig.url === undefined) === (clientConfig.service === undefined)
    )
      add('spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required');
    if (!hasReviews) add('spec.conversion.conversionReviewVersions: Required value');
    else {
      const seen = new Set<string>();
      reviewList.forEach((r, i) => {
        if (seen.has(r))
          add(
            `spec.conversion.conversionReviewVersions[${i}]: Invalid value: ${goQuote(r)}: duplicate version`,
          );
        seen.add(r);
      });
      if (!reviewList.some((r) => r === 'v1' || r === 'v1beta1'))
        add(
          `spec.conversion.conversionReviewVersions: Invalid value: []string{${reviewList.map(goQuote).join(', ')}}: must include at least one of v1, v1beta1`,
        );
    }
  } else if (strategy === 'None') {
    if (clientConfig !== undefined && clientConfig !== null)
      add(
        'spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook',
      );
    if (hasReviews)
      add(
        'spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook',
      );
  } else {
    add(
      `spec.conversion.strategy: Unsupported value: ${goQuote(strategy)}: supported values: "None", "Webhook"`,
    );
  }
}

/** field.Invalid's text for a string value. */
const invalid = (field: string, value: string, detail: string) =>
  `${field}: Invalid value: ${goQuote(value)}: ${detail}`;

/**
 * The API server's metadata and spec checks of a CRD (apiextensions validation
 * ValidateCustomResourceDefinition / validateCustomResourceDefinitionSpec / ValidateCustomResourceDefinitionNames)
 * that operator-framework/api passes on, after the version's defaults (singular and listKind from kind;
 * v1beta1: scope Namespaced, versions from spec.version).
 */
function checkCrdSpec(m: BundleManifest, c: Collector, v1: boolean): void {
  const o = m.object as Record<string, unknown>;
  const add = (msg: string, re: RegExp) => c.addAt('bundle-crd-invalid', msg, m, re);
  const group = str(dig(o, 'spec', 'group'));
  const kind = str(dig(o, 'spec', 'names', 'kind'));
  const plural = str(dig(o, 'spec', 'names', 'plural'));
  const singular = str(dig(o, 'spec', 'names', 'singular')) || kind.toLowerCase();
  const listKind = str(dig(o, 'spec', 'names', 'listKind')) || (kind === '' ? '' : `${kind}List`);
  const name = str(dig(o, 'metadata', 'name'));
  if (name === '') add('metadata.name: Required value: name or generateName is required', /^metadata:/);
  else {
    for (const e of isDns1123Subdomain(name)) add(invalid('metadata.name', name, e), /^\s+name:/);
    if (name !== `${plural}.${group}`)
      add(invalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group'), /^\s+name:/);
  }
  if (group === '') add('spec.group: Required value', /^spec:/);
  else {
    const errs = isDns1123Subdomain(group);
    if (errs.length > 0) add(invalid('spec.group', group, errs.join(',')), /^\s+group:/);
    else if (!group.includes('.'))
      add(invalid('spec.group', group, 'should be a domain with at least one dot'), /^\s+group:/);
  }
  const scope = str(dig(o, 'spec', 'scope')) || (v1 ? '' : 'Namespaced');
  if (scope === '') add('spec.scope: Required value', /^spec:/);
  else if (scope !== 'Cluster' && scope !== 'Namespaced')
    add(
      `spec.scope: Unsupported value: ${goQuote(scope)}: supported values: "Cluster", "Namespaced"`,
      /^\s+scope:/,
    );
  const versions = dig(o, 'spec', 'versions');
  (Array.isArray(versions) ? versions : []).forEach((v, i) => {
    const vn = str(dig(v, 'name'));
    const errs = isDns1035Label(vn);
    if (errs.length > 0)
      c.add(
        'bundle-crd-invalid',
        invalid(`spec.versions[${i}].name`, vn, errs.join(',')),
        m.path,
        nthLine(m.text, /^\s+-\s+name:/, i),
      );
  });
  const version = str(dig(o, 'spec', 'version'));
  if (
    !v1 &&
    version !== '' &&
    Array.isArray(versions) &&
    versions.length > 0 &&
    str(dig(versions[0], 'name')) !== version
  )
    add(invalid('spec.version', version, 'must match the first version in spec.versions'), /^\s+version:/);
  if (plural === '') add('spec.names.plural: Required value', /^\s+names:/);
  if (singular === '') add('spec.names.singular: Required value', /^\s+names:/);
  if (kind === '') add('spec.names.kind: Required value', /^\s+names:/);
  if (listKind === '') add('spec.names.listKind: Required value', /^\s+names:/);
  const label = (field: string, value: string, lower: boolean) => {
    const errs = isDns1035Label(lower ? value.toLowerCase() : value);
    if (value !== '' && errs.length > 0)
      add(
        invalid(
          `spec.names.${field}`,
          value,
          `${lower ? 'may have mixed case, but should otherwise match: ' : ''}${errs.join(',')}`,
        ),
        /^\s+names:/,
      );
  };
  label('plural', plural, false);
  label('singular', singular, false);
  label('kind', kind, true);
  label('listKind', listKind, true);
  const shortNames = dig(o, 'spec', 'names', 'shortNames');
  (Array.isArray(shortNames) ? shortNames : []).forEach((s, i) => {
    const errs = isDns1035Label(str(s));
    if (errs.length > 0) add(invalid(`spec.names.shortNames[${i}]`, str(s), errs.join(',')), /shortNames:/);
  });
  if (kind !== '' && kind === listKind)
    add(invalid('spec.names.listKind', listKind, 'kind and listKind may not be the same'), /^\s+names:/);
  const categories = dig(o, 'spec', 'names', 'categories');
  (Array.isArray(categories) ? categories : []).forEach((s, i) => {
    const errs = isDns1035Label(str(s));
    if (errs.length > 0) add(invalid(`spec.names.categories[${i}]`, str(s), errs.join(',')), /categories:/);
  });
}
