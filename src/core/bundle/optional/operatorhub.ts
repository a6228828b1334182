/**
 * The `operatorhub` optional validator of operator-sdk: operator-framework/api's OperatorHubValidator
 * (pkg/validation/internal/operatorhub.go validateBundleOperatorHub, with standardcapabilities.go
 * checkCapabilities and standardcategories.go checkCategories), its texts as `(<csv>) <detail>`, the
 * removed-API checks it also runs (deprecated-apis.ts), and its own deprecation warning.
 */
import { parseVersionOrError } from '../../semver/version';
import { MIN_KUBE_VERSION_WARNING } from '../check-csv';
import { str, type Collector } from '../check-collector';
import { dig, isObject, lineOf, type BundleManifest } from '../read-bundle';
import { removedApiFindings } from './deprecated-apis';
import type { CustomCategories, OptionalContext } from './context';

const MEDIA_TYPES = new Set(['image/gif', 'image/jpeg', 'image/png', 'image/svg+xml']);
const CAPABILITIES = new Set([
  'Basic Install',
  'Seamless Upgrades',
  'Full Lifecycle',
  'Deep Insights',
  'Auto Pilot',
]);
export const CATEGORIES = new Set([
  'AI/Machine Learning',
  'Application Runtime',
  'Big Data',
  'Cloud Provider',
  'Developer Tools',
  'Database',
  'Integration & Delivery',
  'Logging & Tracing',
  'Monitoring',
  'Modernization & Migration',
  'Networking',
  'OpenShift Optional',
  'Security',
  'Storage',
  'Streaming & Messaging',
  'Observability',
]);

/** net/url ParseRequestURI's verdict on the forms a CSV link takes: an absolute URI or an absolute path. */
export function requestUriError(u: string): string | undefined {
  if (u.startsWith('/')) return undefined;
  const colon = u.indexOf(':');
  if (colon === 0) return `parse ${JSON.stringify(u)}: missing protocol scheme`;
  if (colon > 0 && /^[A-Za-z][A-Za-z0-9+.-]*$/.test(u.slice(0, colon))) return undefined;
  if (colon > 0 && !/^[A-Za-z]/.test(u))
    return `parse ${JSON.stringify(u)}: first path segment in URL cannot contain colon`;
  return `parse ${JSON.stringify(u)}: invalid URI for request`;
}

/** net/mail ParseAddress, for the cases a maintainer's email takes: `a@b` or `Name <a@b>`. */
export function mailAddressError(e: string): string | undefined {
  const t = e.trim();
  if (t === '') return 'mail: no address';
  const angle = /<([^<>]*)>\s*$/.exec(t);
  const addr = angle ? (angle[1] as string) : t;
  if (!addr.includes('@')) return angle ? 'mail: missing @ in addr-spec' : "mail: missing '@' or angle-addr";
  const [local, domain] = [addr.slice(0, addr.lastIndexOf('@')), addr.slice(addr.lastIndexOf('@') + 1)];
  if (local === '') return 'mail: no addr-spec';
  if (domain === '' || /\s/.test(domain)) return 'mail: no domain in addr-spec';
  if (!angle && /\s/.test(addr)) return 'mail: expected single address';
  return undefined;
}

type HubAnnotationError = {
  rule: 'bundle-hub-capabilities' | 'bundle-hub-categories';
  text: string;
  key: string;
};

/**
 * checkCapabilities and checkCategories (the standardcapabilities / standardcategories validators). With
 * OPERATOR_BUNDLE_CATEGORIES set, the categories come from that JSON file instead (`custom`, read by the caller).
 */
export function hubAnnotationErrors(
  o: Record<string, unknown>,
  custom?: CustomCategories,
): HubAnnotationError[] {
  const out: HubAnnotationError[] = [];
  const annotations = dig(o, 'metadata', 'annotations');
  if (!isObject(annotations)) return out;
  if ('capabilities' in annotations) {
    const cap = str(annotations.capabilities);
    if (!CAPABILITIES.has(cap))
      out.push({
        rule: 'bundle-hub-capabilities',
        key: 'capabilities',
        text: `csv.Metadata.Annotations.Capabilities ${JSON.stringify(cap)} is not a valid capabilities level`,
      });
  }
  if (!('categories' in annotations)) return out;
  const add = (text: string) => out.push({ rule: 'bundle-hub-categories', key: 'categories', text });
  if (custom?.error !== undefined) {
    add(`could not extract custom categories from categories map[string]struct {}(nil): ${custom.error}`);
    return out;
  }
  const known = custom ? new Set(custom.categories) : CATEGORIES;
  for (const cat of str(annotations.categories).split(','))
    if (!known.has(cat.trim()))
      add(
        `csv.Metadata.Annotations["categories"] value ${JSON.stringify(cat)} is not in the set of ${custom ? 'custom' : 'standard'} categories`,
      );
  return out;
}

export function runOperatorHub(ctx: OptionalContext, c: Collector): void {
  const { csv, name } = ctx;
  const o = csv.object as Record<string, unknown>;
  const add = (rule: Parameters<Collector['add']>[0], text: string, at: RegExp | number = 1) =>
    c.add(rule, `(${name}) ${text}`, csv.path, typeof at === 'number' ? at : lineOf(csv.text, at));

  if (str(dig(o, 'spec', 'provider', 'name')).trim() === '')
    add('bundle-hub-provider', 'csv.Spec.Provider.Name not specified', /^spec:/);
  const maintainers = dig(o, 'spec', 'maintainers');
  for (const m of Array.isArray(maintainers) ? maintainers : []) {
    const email = str(dig(m, 'email'));
    if (str(dig(m, 'name')) === '' || email === '')
      add(
        'bundle-hub-maintainers',
        'csv.Spec.Maintainers elements should contain both name and email',
        /^\s+maintainers:/,
      );
    const err = email === '' ? undefined : mailAddressError(email);
    if (err)
      add(
        'bundle-hub-maintainers',
        `csv.Spec.Maintainers email ${email} is invalid: ${err}`,
        /^\s+maintainers:/,
      );
  }
  const links = dig(o, 'spec', 'links');
  for (const l of Array.isArray(links) ? links : []) {
    const url = str(dig(l, 'url'));
    if (str(dig(l, 'name')) === '' || url === '')
      add('bundle-hub-links', 'csv.Spec.Links elements should contain both name and url', /^\s+links:/);
    const err = url === '' ? undefined : requestUriError(url);
    if (err) add('bundle-hub-links', `csv.Spec.Links url ${url} is invalid: ${err}`, /^\s+links:/);
  }
  for (const e of hubAnnotationErrors(o, ctx.customCategories))
    add(e.rule, e.text, new RegExp(`^\\s+${e.key}:`));
  const version = str(dig(o, 'spec', 'version'));
  if (version === '' || /^0+\.0+\.0+$/.test(version))
    add('bundle-hub-version', 'csv.Spec.Version must be set', /^spec:/);
  const icon = dig(o, 'spec', 'icon');
  if (Array.isArray(icon) && icon.length > 0) {
    const iline = /^\s+icon:/;
    if (icon.length !== 1) add('bundle-hub-icon', 'csv.Spec.Icon should only have one element', iline);
    const media = str(dig(icon[0], 'mediatype'));
    if (media === '' || str(dig(icon[0], 'base64data')) === '')
      add('bundle-hub-icon', 'csv.Spec.Icon elements should contain both data and mediatype', iline);
    if (media !== '' && !MEDIA_TYPES.has(media))
      add('bundle-hub-icon', `csv.Spec.Icon ${media} does not have a valid mediatype`, iline);
  } else if (icon === undefined || icon === null)
    add('bundle-hub-icon-missing', 'csv.Spec.Icon not specified', /^spec:/);
  const minKube = dig(o, 'spec', 'minKubeVersion');
  const mk = typeof minKube === 'string' || typeof minKube === 'number' ? String(minKube) : '';
  if (mk.trim() === '') add('bundle-hub-min-kube-version-missing', MIN_KUBE_VERSION_WARNING, /^spec:/);
  else if (typeof parseVersionOrError(mk) === 'string')
    add(
      'bundle-hub-min-kube-version',
      `csv.Spec.MinKubeVersion has an invalid value: ${mk}`,
      /^\s+minKubeVersion:/,
    );

  removedApiFindings(ctx, c);
  c.add(
    'bundle-hub-deprecated',
    'The "operatorhub" validator is deprecated; for equivalent validation use "operatorhub/v2", "standardcapabilities" and "standardcategories" validators',
  );
}

export type { BundleManifest };
