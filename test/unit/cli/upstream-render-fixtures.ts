/**
 * operator-registry's alpha/action/testdata folders that render_test.go and migrate_test.go read,
 * re-created by us from what those tests assert: the `foo` catalog folder
 * (foo-index-v0.2.0-declcfg) and the `foo` v0.2.0 bundle folder (foo-bundle-v0.2.0). The CSVs carry
 * only what the asserted output depends on (names, versions, owned CRD, images).
 */

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A CSV as opm's json.Marshal writes it into an olm.bundle.object (keys sorted). */
const csvJson = (version: string, spec: string) =>
  `{"apiVersion":"operators.coreos.com/v1alpha1","kind":"ClusterServiceVersion","metadata":{"annotations":{"olm.skipRange":"\\u003c${version}"},"name":"foo.v${version}"},"spec":{"customresourcedefinitions":{"owned":[{"group":"test.foo","kind":"Foo","name":"foos.test.foo","version":"v1"}]},"displayName":"Foo Operator",${spec}"version":"${version}"}}`;

export const FOO_CSV_V1 = csvJson(
  '0.1.0',
  '"relatedImages":[{"image":"test.registry/foo-operator/foo:v0.1.0","name":"operator"}],',
);
export const FOO_CSV_V2 = csvJson(
  '0.2.0',
  '"relatedImages":[{"image":"test.registry/foo-operator/foo:v0.2.0","name":"operator"},{"image":"test.registry/foo-operator/foo-other:v0.2.0","name":"other"}],"replaces":"foo.v0.1.0","skips":["foo.v0.1.1","foo.v0.1.2"],',
);
export const FOO_CRD =
  '{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"foos.test.foo"},"spec":{"group":"test.foo","names":{"kind":"Foo","plural":"foos"},"versions":[{"name":"v1"}]}}';

export const B64 = { csv1: b64(FOO_CSV_V1), csv2: b64(FOO_CSV_V2), crd: b64(FOO_CRD) };

const fooBundle = (version: string, csv: string, related: string) => `---
schema: olm.bundle
package: foo
name: foo.v${version}
image: test.registry/foo-operator/foo-bundle:v${version}
properties:
  - type: olm.gvk
    value: {group: test.foo, kind: Foo, version: v1}
  - type: olm.gvk.required
    value: {group: test.bar, kind: Bar, version: v1alpha1}
  - type: olm.package
    value: {packageName: foo, version: ${version}}
  - type: olm.package.required
    value: {packageName: bar, versionRange: <0.1.0}
  - type: olm.bundle.object
    value: {data: ${csv}}
  - type: olm.bundle.object
    value: {data: ${B64.crd}}
relatedImages:
${related}`;

/** foo-index-v0.2.0-declcfg: one package in foo/index.yaml; relatedImages not in image order. */
export const FOO_INDEX: Record<string, string> = {
  'foo/index.yaml': `---
schema: olm.package
name: foo
defaultChannel: beta
properties:
  - type: owner
    value: {group: abc.com, name: admin}
---
schema: olm.channel
package: foo
name: beta
entries:
  - name: foo.v0.1.0
    skipRange: <0.1.0
  - name: foo.v0.2.0
    replaces: foo.v0.1.0
    skipRange: <0.2.0
    skips: [foo.v0.1.1, foo.v0.1.2]
properties:
  - type: user
    value: {group: xyz.com, name: account}
---
schema: olm.channel
package: foo
name: stable
entries:
  - name: foo.v0.2.0
    replaces: foo.v0.1.0
    skipRange: <0.2.0
    skips: [foo.v0.1.1, foo.v0.1.2]
${fooBundle(
  '0.1.0',
  B64.csv1,
  `  - {image: 'test.registry/foo-operator/foo:v0.1.0', name: operator}
  - image: test.registry/foo-operator/foo-bundle:v0.1.0
`,
)}${fooBundle(
    '0.2.0',
    B64.csv2,
    `  - image: test.registry/foo-operator/foo-2:v0.2.0
  - image: test.registry/foo-operator/foo-init-2:v0.2.0
  - image: test.registry/foo-operator/foo-init:v0.2.0
  - image: test.registry/foo-operator/foo-bundle:v0.2.0
  - {image: 'test.registry/foo-operator/foo-other:v0.2.0', name: other}
  - {image: 'test.registry/foo-operator/foo:v0.2.0', name: operator}
`,
  )}`,
};

/** foo-bundle-v0.2.0: a registry+v1 bundle with two deployments, init containers and dependencies. */
export const FOO_BUNDLE_V2: Record<string, string> = {
  'manifests/foo.v0.2.0.csv.yaml': `apiVersion: operators.coreos.com/v1alpha1
kind: ClusterServiceVersion
metadata:
  name: foo.v0.2.0
  annotations: {olm.skipRange: <0.2.0}
spec:
  displayName: Foo Operator
  version: 0.2.0
  replaces: foo.v0.1.0
  skips: [foo.v0.1.1, foo.v0.1.2]
  customresourcedefinitions:
    owned: [{group: test.foo, version: v1, kind: Foo, name: foos.test.foo}]
  install:
    strategy: deployment
    spec:
      deployments:
        - name: foo-operator
          spec: {template: {spec: {
            initContainers: [{image: 'test.registry/foo-operator/foo-init:v0.2.0'}],
            containers: [{image: 'test.registry/foo-operator/foo:v0.2.0'}]}}}
        - name: foo-operator-2
          spec: {template: {spec: {
            initContainers: [{image: 'test.registry/foo-operator/foo-init-2:v0.2.0'}],
            containers: [{image: 'test.registry/foo-operator/foo-2:v0.2.0'}]}}}
  relatedImages:
    - {name: operator, image: 'test.registry/foo-operator/foo:v0.2.0'}
    - {name: other, image: 'test.registry/foo-operator/foo-other:v0.2.0'}
`,
  'manifests/foos.test.foo.crd.yaml': `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: foos.test.foo}
spec:
  group: test.foo
  names: {kind: Foo, plural: foos}
  versions: [{name: v1}]
`,
  'metadata/annotations.yaml': `annotations:
  operators.operatorframework.io.bundle.package.v1: foo
  operators.operatorframework.io.bundle.channels.v1: beta,stable
  operators.operatorframework.io.bundle.channel.default.v1: beta
`,
  'metadata/dependencies.yaml': `dependencies:
  - type: olm.package
    value: {packageName: bar, version: <0.1.0}
  - type: olm.gvk
    value: {group: test.bar, version: v1alpha1, kind: Bar}
`,
};
