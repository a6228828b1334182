/**
 * The `alpha-deprecated-apis` optional validator: operator-framework/api's AlphaDeprecatedAPIsValidator
 * (pkg/validation/internal/removed_apis.go validateDeprecatedAPIS). APIs the bundle uses that
 * Kubernetes 1.22, 1.25 and 1.26 removed: an error when `--optional-values k8s-version=` or the CSV's
 * minKubeVersion is at or past that release, a warning otherwise. The operatorhub and community
 * validators reuse the lists.
 */
import { compareVersions, parseVersion, type Version } from '../../semver';
import { str, type Collector } from '../check-collector';
import { dig } from '../read-bundle';
import { goQuotedList, parseTolerant, type OptionalContext } from './context';

const DEPRECATE_MESSAGE = (major: number, minor: number, apis: string) =>
  `this bundle is using APIs which were deprecated and removed in v${major}.${minor}. ` +
  `More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v${major}-${minor}. ` +
  `Migrate the API(s) for ${apis}`;

type Found = Map<string, string[]>;
const push = (m: Found, k: string, v: string) => m.set(k, [...(m.get(k) ?? []), v]);

/** removed_apis.go getRemovedAPIsOn1_22From. */
const REMOVED_1_22: Record<string, string[]> = {
  'scheduling.k8s.io/v1beta1': ['PriorityClass'],
  'rbac.authorization.k8s.io/v1beta1': ['Role', 'ClusterRoleBinding', 'RoleBinding', 'ClusterRole'],
  'apiregistration.k8s.io/v1beta1': ['APIService'],
  'authentication.k8s.io/v1beta1': ['TokenReview'],
  'authorization.k8s.io/v1beta1': [
    'LocalSubjectAccessReview',
    'SelfSubjectAccessReview',
    'SubjectAccessReview',
  ],
  'admissionregistration.k8s.io/v1beta1': ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'],
  'coordination.k8s.io/v1beta1': ['Lease'],
  'extensions/v1beta1': ['Ingress'],
  'networking.k8s.io/v1beta1': ['Ingress', 'IngressClass'],
  'storage.k8s.io/v1beta1': ['CSIDriver', 'CSINode', 'StorageClass', 'VolumeAttachment'],
  'certificates.k8s.io/v1beta1': ['CertificateSigningRequest'],
};

/** getRemovedAPIsOn1_25From's deprecatedGvk, as apiVersion + kind. */
const REMOVED_1_25 = new Set([
  'batch/v1beta1 CronJob',
  'discovery.k8s.io/v1beta1 EndpointSlice',
  'events.k8s.io/v1beta1 Event',
  'autoscaling/v2beta1 HorizontalPodAutoscaler',
  'policy/v1beta1 PodDisruptionBudget',
  'policy/v1beta1 PodSecurityPolicy',
  'node.k8s.io/v1beta1 RuntimeClass',
]);

const objects = (ctx: OptionalContext) => ctx.dir.manifests.filter((m) => m.object);
const nameOf = (o: unknown) => str(dig(o, 'metadata', 'name'));

export function removedOn122(ctx: OptionalContext): Found {
  const found: Found = new Map();
  const v1beta1Crds = objects(ctx).filter(
    (m) =>
      m.object?.kind === 'CustomResourceDefinition' && m.object.apiVersion === 'apiextensions.k8s.io/v1beta1',
  );
  if (v1beta1Crds.length > 0)
    found.set(
      'CRD',
      v1beta1Crds.map((m) => nameOf(m.object)),
    );
  for (const m of objects(ctx)) {
    const kind = str(m.object?.kind);
    if (REMOVED_1_22[str(m.object?.apiVersion)]?.includes(kind)) push(found, kind, nameOf(m.object));
  }
  return found;
}

function removedOn125(ctx: OptionalContext): { found: Found; warn: Found } {
  const found: Found = new Map();
  const warn: Found = new Map();
  for (const m of objects(ctx)) {
    const o = m.object as Record<string, unknown>;
    if (o.apiVersion === 'operators.coreos.com/v1alpha1' && o.kind === 'ClusterServiceVersion') {
      const inCsvCrds = new Set<string>();
      for (const field of ['Owned', 'Required']) {
        const descs = dig(o, 'spec', 'customresourcedefinitions', field.toLowerCase());
        (Array.isArray(descs) ? descs : []).forEach((d, i) => {
          const resources = dig(d, 'resources');
          (Array.isArray(resources) ? resources : []).forEach((r, j) => {
            const kind = str(dig(r, 'kind'));
            inCsvCrds.add(`${kind.toLowerCase()}s`);
            if (REMOVED_1_25.has(`${str(dig(r, 'version'))} ${kind}`))
              push(
                found,
                kind,
                `ClusterServiceVersion.Spec.CustomResourceDefinitions.${field}[${i}].Resource[${j}]`,
              );
          });
        });
      }
      for (const [field, key] of [
        ['ClusterPermissions', 'clusterPermissions'],
        ['Permissions', 'permissions'],
      ] as const) {
        const perms = dig(o, 'spec', 'install', 'spec', key);
        (Array.isArray(perms) ? perms : []).forEach((p, i) => {
          const rules = dig(p, 'rules');
          (Array.isArray(rules) ? rules : []).forEach((r, j) => {
            const groups = dig(r, 'apiGroups');
            const resources = dig(r, 'resources');
            for (const g of Array.isArray(groups) ? groups : [])
              for (const res of Array.isArray(resources) ? resources : [])
                if (!inCsvCrds.has(str(res)) && g === 'policy' && res === 'podsecuritypolicies')
                  push(
                    warn,
                    'podsecuritypolicies',
                    `ClusterServiceVersion.Spec.InstallStrategy.StrategySpec.${field}[${i}].Rules[${j}]`,
                  );
          });
        });
      }
    } else if (REMOVED_1_25.has(`${str(o.apiVersion)} ${str(o.kind)}`)) push(found, str(o.kind), nameOf(o));
  }
  return { found, warn };
}

function removedOn126(ctx: OptionalContext): Found {
  const found: Found = new Map();
  for (const m of objects(ctx))
    if (m.object?.apiVersion === 'autoscaling/v2beta2' && m.object.kind === 'HorizontalPodAutoscaler')
      push(found, 'HorizontalPodAutoscaler', nameOf(m.object));
  return found;
}

/**
 * generateMessageWithDeprecatedAPIs: `Kind: (["name" …])` per kind, sorted. Upstream's counter is never
 * incremented, so with more than one kind every entry, the last too, ends in a comma.
 */
export function deprecatedApisMessage(found: Found): string {
  const entries = [...found.keys()].sort().map((k) => `${k}: (${goQuotedList(found.get(k) ?? [])})`);
  return entries.length === 1 ? (entries[0] as string) : entries.map((e) => `${e},`).join('');
}

const atLeast = (v: Version | undefined, than: Version) => v !== undefined && compareVersions(v, than) >= 0;

/**
 * validateDeprecatedAPIS, each finding as ErrFailedValidation / WarnFailedValidation (the detail alone;
 * its Value is the CSV name).
 */
export function removedApiFindings(ctx: OptionalContext, c: Collector): void {
  const provided = ctx.values['k8s-version'] ?? '';
  const providedVersion = parseTolerant(provided);
  if (provided !== '' && !providedVersion)
    c.add('bundle-removed-api-version', `invalid value informed via the k8s key option : ${provided}`);
  const minKubeRaw = dig(ctx.csv.object, 'spec', 'minKubeVersion');
  const minKube = typeof minKubeRaw === 'string' || typeof minKubeRaw === 'number' ? String(minKubeRaw) : '';
  let minKubeVersion: Version | undefined;
  if (minKube !== '') {
    minKubeVersion = parseTolerant(minKube);
    if (!minKubeVersion)
      c.add(
        'bundle-removed-api-version',
        `unable to use csv.Spec.MinKubeVersion to verify the CRD/Webhook apis because it has an invalid value: ${minKube}`,
        ctx.csv.path,
      );
  }
  const checks: [string, Found, Found][] = [
    ['1.22.0', removedOn122(ctx), new Map()],
    ['1.25.0', ...((r) => [r.found, r.warn] as [Found, Found])(removedOn125(ctx))],
    ['1.26.0', removedOn126(ctx), new Map()],
  ];
  for (const [v, found, warn] of checks) {
    const version = parseVersion(v);
    const [major, minor] = v.split('.').map(Number) as [number, number];
    if (found.size > 0) {
      const msg = DEPRECATE_MESSAGE(major, minor, deprecatedApisMessage(found));
      const error = atLeast(providedVersion, version) || atLeast(minKubeVersion, version);
      c.add(error ? 'bundle-removed-api' : 'bundle-removed-api-warning', msg, ctx.csv.path);
    }
    if (warn.size > 0)
      c.add(
        'bundle-removed-api-warning',
        DEPRECATE_MESSAGE(major, minor, deprecatedApisMessage(warn)),
        ctx.csv.path,
      );
  }
}
