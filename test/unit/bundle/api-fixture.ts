/**
 * Bundles written in the test, shaped as operator-framework/api's validation testdata is (an etcd-like
 * operator owning one CRD, complete enough that operator-framework finds nothing), so each ported case
 * changes one thing and asserts upstream's verdict and text.
 */
import { dump } from 'js-yaml';
import { checkBundle, readBundleDir, type BundleFinding, type CheckOptions } from '../../../src/core/bundle';
import { MemorySource } from '../../../src/core/source/memory';

export type Obj = Record<string, unknown>;

export const ETCD_EXAMPLE = {
  apiVersion: 'etcd.example.com/v1beta2',
  kind: 'EtcdCluster',
  metadata: { name: 'example' },
  spec: { size: 3 },
};

/** A CSV object; `patch` is merged one level deep into metadata and spec. */
export function csv(patch: { metadata?: Obj; spec?: Obj; apiVersion?: string } = {}): Obj {
  return {
    apiVersion: patch.apiVersion ?? 'operators.coreos.com/v1alpha1',
    kind: 'ClusterServiceVersion',
    metadata: {
      name: 'etcdoperator.v0.9.4',
      annotations: { 'alm-examples': JSON.stringify([ETCD_EXAMPLE]) },
      ...patch.metadata,
    },
    spec: {
      displayName: 'etcd',
      version: '0.9.4',
      minKubeVersion: '1.21.0',
      installModes: [
        { type: 'OwnNamespace', supported: true },
        { type: 'SingleNamespace', supported: true },
        { type: 'MultiNamespace', supported: false },
        { type: 'AllNamespaces', supported: true },
      ],
      customresourcedefinitions: {
        owned: [{ name: 'etcdclusters.etcd.example.com', version: 'v1beta2', kind: 'EtcdCluster' }],
      },
      install: {
        strategy: 'deployment',
        spec: {
          deployments: [
            {
              name: 'etcd-operator',
              spec: { template: { spec: { serviceAccountName: 'etcd-operator', containers: [] } } },
            },
          ],
        },
      },
      ...patch.spec,
    },
  };
}

/** A v1 CRD with the given versions (the first is the storage version unless `storage` says otherwise). */
export function crdV1(kind: string, plural: string, group: string, versions: string[], spec: Obj = {}): Obj {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      names: { kind, plural },
      scope: 'Namespaced',
      versions: versions.map((name, i) => ({
        name,
        served: true,
        storage: i === 0,
        schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
      })),
      ...spec,
    },
  };
}

/** A v1beta1 CRD with `spec.version` (and `spec.versions` when given). */
export function crdV1beta1(
  kind: string,
  plural: string,
  group: string,
  version: string,
  versions?: string[],
): Obj {
  return {
    apiVersion: 'apiextensions.k8s.io/v1beta1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      names: { kind, plural },
      scope: 'Namespaced',
      version,
      ...(versions
        ? { versions: versions.map((name, i) => ({ name, served: true, storage: i === 0 })) }
        : {}),
    },
  };
}

export const ETCD_CRD = crdV1('EtcdCluster', 'etcdclusters', 'etcd.example.com', ['v1beta2']);

export const annotations = (channels = 'alpha', defaultChannel?: string) =>
  dump({
    annotations: {
      'operators.operatorframework.io.bundle.mediatype.v1': 'registry+v1',
      'operators.operatorframework.io.bundle.manifests.v1': 'manifests/',
      'operators.operatorframework.io.bundle.metadata.v1': 'metadata/',
      'operators.operatorframework.io.bundle.package.v1': 'etcd',
      'operators.operatorframework.io.bundle.channels.v1': channels,
      ...(defaultChannel
        ? { 'operators.operatorframework.io.bundle.channel.default.v1': defaultChannel }
        : {}),
    },
  });

export const ANNOTATIONS = annotations();

/** A bundle of these manifests (file name → object, or raw text) with valid annotations, checked. */
export async function checkManifests(
  manifests: Record<string, Obj | string>,
  extra: Record<string, string> = {},
  options: CheckOptions = {},
) {
  const files: Record<string, string> = { 'metadata/annotations.yaml': ANNOTATIONS, ...extra };
  for (const [name, o] of Object.entries(manifests))
    files[`manifests/${name}`] = typeof o === 'string' ? o : dump(o, { lineWidth: -1 });
  return checkBundle(await readBundleDir(new MemorySource(files, 'etcd')), options);
}

/** The default bundle with its CSV replaced. */
export function checkCsv(o: Obj) {
  return checkManifests({ 'etcd.csv.yaml': o, 'etcdclusters.crd.yaml': ETCD_CRD });
}

export const errorsOf = (fs: BundleFinding[]) =>
  fs.filter((f) => f.severity === 'error').map((f) => f.message);
export const warningsOf = (fs: BundleFinding[]) =>
  fs.filter((f) => f.severity === 'warning' && f.source === 'operator-framework').map((f) => f.message);
