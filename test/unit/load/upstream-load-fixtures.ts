/**
 * The two folders of operator-registry's alpha/declcfg/load_test.go (`validFS`, `invalidFS`),
 * re-created by us from what its tests assert: the same file names, schemas, names, properties and
 * ignore patterns; the icons and the CSV are small ones of our own (the upstream tests assert only
 * that they decode to the bytes written).
 */

/** Our icons: the tests check the decoded bytes and the media type. */
export const COCKROACH_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title>CL</title></svg>';
export const ETCD_SVG =
  '<svg viewBox="0 0 8 8" xmlns="http://www.w3.org/2000/svg"><path d="M0 0h8v8z"/></svg>\n';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The CSV that .indexignore leaves out and etcd.yaml embeds as an olm.bundle.object. */
export const ETCD_CSV = `apiVersion: operators.coreos.com/v1alpha1
kind: ClusterServiceVersion
metadata:
  name: etcdoperator.v0.6.1
  namespace: placeholder
  annotations:
    tectonic-visibility: ocs
spec:
  displayName: etcd
  description: etcd is a distributed key value store.
  keywords:
  - etcd
  - key value
  install:
    strategy: deployment
    spec:
      deployments:
      - name: etcd-operator
        spec:
          replicas: 1
          template:
            spec:
              containers:
              - name: etcd-operator
                image: quay.io/coreos/etcd-operator@sha256:bd944a211eaf8f31da5e6d69e8541e7cada8f16a9f7a5a570b22478997819943
  installModes:
  - supported: true
    type: OwnNamespace
  - supported: false
    type: MultiNamespace
  maturity: alpha
  version: 0.6.1
`;

/** ETCD_CSV as yaml.ToJSON makes it (what upstream expects in Objects and CsvJSON). */
export const ETCD_CSV_JSON = {
  apiVersion: 'operators.coreos.com/v1alpha1',
  kind: 'ClusterServiceVersion',
  metadata: {
    name: 'etcdoperator.v0.6.1',
    namespace: 'placeholder',
    annotations: { 'tectonic-visibility': 'ocs' },
  },
  spec: {
    displayName: 'etcd',
    description: 'etcd is a distributed key value store.',
    keywords: ['etcd', 'key value'],
    install: {
      strategy: 'deployment',
      spec: {
        deployments: [
          {
            name: 'etcd-operator',
            spec: {
              replicas: 1,
              template: {
                spec: {
                  containers: [
                    {
                      name: 'etcd-operator',
                      image:
                        'quay.io/coreos/etcd-operator@sha256:bd944a211eaf8f31da5e6d69e8541e7cada8f16a9f7a5a570b22478997819943',
                    },
                  ],
                },
              },
            },
          },
        ],
      },
    },
    installModes: [
      { supported: true, type: 'OwnNamespace' },
      { supported: false, type: 'MultiNamespace' },
    ],
    maturity: 'alpha',
    version: '0.6.1',
  },
};

const cockroachBundle = (version: string, channel: string) => `{
    "schema": "olm.bundle",
    "name": "cockroachdb.v${version}",
    "package": "cockroachdb",
    "image": "quay.io/openshift-community-operators/cockroachdb:v${version}",
    "properties": [
        {"type": "olm.channel", "value": ${channel}},
        {"type": "olm.package", "value": {"packageName": "cockroachdb", "version": "${version}"}}
    ]
}`;

const cockroachdb = [
  `{
    "schema": "olm.package",
    "name": "cockroachdb",
    "defaultChannel": "stable-5.x",
    "icon": {
        "base64data": "${b64(COCKROACH_SVG)}",
        "mediatype": "image/svg+xml"
    }
}`,
  cockroachBundle('2.0.9', '{"name": "stable"}'),
  cockroachBundle('2.1.11', '{"name": "stable", "replaces": "cockroachdb.v2.1.1"}'),
  cockroachBundle('2.1.1', '{"name": "stable", "replaces": "cockroachdb.v2.0.9"}'),
  cockroachBundle('3.0.7', '{"name": "stable-3.x"}'),
  cockroachBundle('5.0.3', '{"name": "stable-5.x"}'),
].join('\n');

const etcdBundle = (name: string, version: string, props: string, image: string, related: string) => `
---
schema: olm.bundle
package: etcd
name: ${name}
image: quay.io/operatorhubio/etcd:v${version}
properties:
  - type: olm.package
    value:
      packageName: etcd
      version: ${version}
${props}relatedImages:
  - image: quay.io/coreos/etcd-operator@sha256:${image}
    name: ${related}
`;

const gvk = (kind: string) =>
  `  - type: olm.gvk\n    value:\n      group: etcd.database.coreos.com\n      kind: ${kind}\n      version: v1beta2\n`;
const chan = (name: string, replaces?: string) =>
  `  - type: olm.channel\n    value:\n      name: ${name}\n` +
  (replaces ? `      replaces: ${replaces}\n` : '');

export const SHA = {
  v061: 'bd944a211eaf8f31da5e6d69e8541e7cada8f16a9f7a5a570b22478997819943',
  v090: 'db563baa8194fcfe39d1df744ed70024b0f1f9e9b55b5923c2f3a413c44dc6b8',
  v092: 'c0301e4686c3ed4206e370b42de5a3bd2229b9fb4906cf85f3f30650424abec2',
  v094: '66a37fd61a06a43969854ee6d3e21087a98b93838e284a6086b13917f96b0d9b',
};

const etcd =
  `---
schema: olm.package
name: etcd
defaultChannel: singlenamespace-alpha
description: A message about etcd operator, a description of channels
icon:
  base64data: ${b64(ETCD_SVG)}
  mediatype: image/svg+xml
` +
  etcdBundle(
    'etcdoperator-community.v0.6.1',
    '0.6.1',
    gvk('EtcdCluster') +
      chan('alpha') +
      '  - type: olm.skipRange\n    value: <0.6.1\n' +
      `  - type: olm.bundle.object\n    value:\n      data: ${JSON.stringify(b64(ETCD_CSV))}\n`,
    SHA.v061,
    'etcdv0.6.1',
  ) +
  etcdBundle(
    'etcdoperator.v0.9.0',
    '0.9.0',
    gvk('EtcdBackup') + chan('singlenamespace-alpha') + chan('clusterwide-alpha'),
    SHA.v090,
    'etcdv0.9.0',
  ) +
  etcdBundle(
    'etcdoperator.v0.9.2',
    '0.9.2',
    gvk('EtcdRestore') + chan('singlenamespace-alpha', 'etcdoperator.v0.9.0'),
    SHA.v092,
    'etcdv0.9.2',
  ) +
  etcdBundle(
    'etcdoperator.v0.9.2-clusterwide',
    '0.9.2-clusterwide',
    gvk('EtcdBackup') +
      "  - type: olm.skipRange\n    value: '>=0.9.0 <=0.9.1'\n" +
      '  - type: olm.skips\n    value: etcdoperator.v0.6.1\n' +
      '  - type: olm.skips\n    value: etcdoperator.v0.9.0\n' +
      chan('clusterwide-alpha', 'etcdoperator.v0.9.0'),
    SHA.v092,
    'etcdv0.9.2',
  ) +
  etcdBundle(
    'etcdoperator.v0.9.4',
    '0.9.4',
    "  - type: olm.package.required\n    value:\n      packageName: test\n      versionRange: '>=1.2.3 <2.0.0-0'\n" +
      gvk('EtcdBackup') +
      '  - type: olm.gvk.required\n    value:\n      group: testapi.coreos.com\n      kind: Testapi\n      version: v1\n' +
      chan('singlenamespace-alpha', 'etcdoperator.v0.9.2'),
    SHA.v094,
    'etcdv0.9.2',
  ) +
  etcdBundle(
    'etcdoperator.v0.9.4-clusterwide',
    '0.9.4-clusterwide',
    gvk('EtcdBackup') + chan('clusterwide-alpha', 'etcdoperator.v0.9.2-clusterwide'),
    SHA.v094,
    'etcdv0.9.2',
  );

/** Upstream's block messages: indented further than the key, one with a trailing space after `reference:`. */
const deprecations = `---
schema: olm.deprecations
package: kiali
entries:
- reference:
    schema: olm.bundle
    name: kiali-operator.v1.68.0
  message: |
     kiali-operator.v1.68.0 is deprecated. Uninstall and install kiali-operator.v1.72.0 for support.
- reference: 
    schema: olm.package
  message: |
     package kiali is end of life.  Please use 'kiali-new' package for support.
- reference:
    schema: olm.channel
    name: alpha
  message: |
       channel alpha is no longer supported.  Please switch to channel 'stable'.`;

export const validFS: Record<string, string> = {
  '.indexignore': '*\n!*.json\n!*.yaml\n\n*.clusterserviceversion.yaml',
  'cockroachdb.json': cockroachdb,
  'etcd.yaml': etcd,
  'etcdoperator.v0.6.1.clusterserviceversion.yaml': ETCD_CSV,
  'README.md':
    '# Valid Declarative Config\n\nThis README should be ignored: the .indexignore patterns leave it out.',
  'unrecognized-schema.json': '{"schema":"olm.package"}{"schema":"unexpected"}{"schema":"olm.bundle"}',
  'deprecations.yaml': deprecations,
};

export const invalidFS: Record<string, string> = {
  'invalid-bundle.json': '{"schema": "olm.bundle","relatedImages": {}}',
  'invalid-package.json': '{"schema": "olm.package","name": {}}',
  'no-schema.yaml': 'hello: world',
  'invalid-format.txt': '[This is not yaml or json.}',
  'not-object.json': '[]',
};
