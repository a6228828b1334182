/** A bundle's CustomResourceDefinitions: versions, the storage version, a schema per v1 version. */
import { Collector, nthLine, str } from './check-collector';
import { structuralErrors } from './check-structural';
import { manifestLines, type ManifestLines } from './manifest-lines';
import { dig, isObject, lineOf, type BundleManifest } from './read-bundle';

export function checkCrd(m: BundleManifest, c: Collector): void {
  const o = m.object as Record<string, unknown>;
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
    if (dig(o, 'spec', 'version') !== undefined) {
      c.add(
        'bundle-crd-invalid',
        'spec.version: Forbidden: not a field of apiextensions.k8s.io/v1 (write spec.versions)',
        m.path,
        lineOf(m.text, /^\s+version:/),
      );
    }
    checkConversion(m, c, true);
  } else if (o.apiVersion === 'apiextensions.k8s.io/v1beta1') {
    checkConversion(m, c, false);
  } else {
    c.add(
      'bundle-crd-invalid',
      `Unsupported api version of CRD: ${str(o.apiVersion)}`,
      m.path,
      lineOf(m.text, /^apiVersion:/),
    );
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
  const hasReviews = Array.isArray(reviews) && reviews.length > 0;
  if (strategy === 'Webhook') {
    if (clientConfig === undefined || clientConfig === null)
      add('spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook');
    if (!hasReviews) add('spec.conversion.conversionReviewVersions: Required value');
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
      `spec.conversion.strategy: Unsupported value: ${JSON.stringify(strategy)}: supported values: "None", "Webhook"`,
    );
  }
}
