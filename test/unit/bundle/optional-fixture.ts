/** What the optional-validator tests share: a finding filter and upstream's valid_bundle_v1beta1, re-created. */
import type { BundleFinding } from '../../../src/core/bundle';
import { crdV1beta1, csv } from './api-fixture';

/** The messages of the findings whose rule starts with `prefix` (and of that severity). */
export const only = (prefix: string, fs: BundleFinding[], severity?: string) =>
  fs
    .filter((f) => f.rule.startsWith(prefix) && (severity === undefined || f.severity === severity))
    .map((f) => f.message);

/** Three v1beta1 CRDs owned by the CSV: upstream's valid_bundle_v1beta1, re-created. */
export const V1BETA1 = {
  'csv.yaml': csv({
    metadata: { annotations: { 'alm-examples': '[]' } },
    spec: {
      customresourcedefinitions: {
        owned: ['EtcdBackup', 'EtcdCluster', 'EtcdRestore'].map((kind) => ({
          name: `${kind.toLowerCase()}s.etcd.example.com`,
          version: 'v1beta2',
          kind,
        })),
      },
    },
  }),
  'backups.yaml': crdV1beta1('EtcdBackup', 'etcdbackups', 'etcd.example.com', 'v1beta2'),
  'clusters.yaml': crdV1beta1('EtcdCluster', 'etcdclusters', 'etcd.example.com', 'v1beta2'),
  'restores.yaml': crdV1beta1('EtcdRestore', 'etcdrestores', 'etcd.example.com', 'v1beta2'),
};
export const CRDS_122 =
  'CRD: (["etcdbackups.etcd.example.com" "etcdclusters.etcd.example.com" "etcdrestores.etcd.example.com"])';
export const REMOVED = (v: string, apis: string) =>
  `this bundle is using APIs which were deprecated and removed in v${v}. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v${v.replace('.', '-')}. Migrate the API(s) for ${apis}`;
