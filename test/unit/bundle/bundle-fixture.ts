/** A small registry+v1 bundle directory of package `op`, written in the test (not from the corpus). */
export interface FixtureBundle {
  version: string;
  replaces?: string;
  skips?: string[];
  skipRange?: string;
  channels?: string;
  /** The default channel annotation. */
  defaultChannel?: string;
  pkg?: string;
  /** metadata/dependencies.yaml's `dependencies:` list, as YAML lines. */
  dependencies?: string[];
  /** Extra CSV lines under `spec:` (required CRDs…). */
  specLines?: string[];
}

export function bundleFiles(b: FixtureBundle): Record<string, string> {
  const pkg = b.pkg ?? 'op';
  const csv = [
    'apiVersion: operators.coreos.com/v1alpha1',
    'kind: ClusterServiceVersion',
    'metadata:',
    `  name: ${pkg}.v${b.version}`,
    ...(b.skipRange ? ['  annotations:', `    olm.skipRange: '${b.skipRange}'`] : []),
    'spec:',
    `  version: ${b.version}`,
    `  displayName: Op`,
    ...(b.replaces ? [`  replaces: ${b.replaces}`] : []),
    ...(b.skips ? ['  skips:', ...b.skips.map((s) => `  - ${s}`)] : []),
    '  installModes:',
    '  - type: OwnNamespace',
    '    supported: true',
    '  - type: AllNamespaces',
    '    supported: true',
    '  customresourcedefinitions:',
    '    owned:',
    '    - name: widgets.acme.io',
    '      kind: Widget',
    '      version: v1',
    ...(b.specLines ?? []),
    '  install:',
    '    strategy: deployment',
    '    spec:',
    '      deployments:',
    '      - name: op',
    '        spec:',
    '          template:',
    '            spec:',
    '              containers:',
    `              - image: quay.io/acme/op:v${b.version}`,
    '',
  ].join('\n');
  const crd = widgetCrd(['type: object']);
  const annotations = [
    'annotations:',
    '  operators.operatorframework.io.bundle.mediatype.v1: registry+v1',
    '  operators.operatorframework.io.bundle.manifests.v1: manifests/',
    '  operators.operatorframework.io.bundle.metadata.v1: metadata/',
    `  operators.operatorframework.io.bundle.package.v1: ${pkg}`,
    ...(b.channels !== undefined
      ? [`  operators.operatorframework.io.bundle.channels.v1: ${b.channels}`]
      : []),
    ...(b.defaultChannel !== undefined
      ? [`  operators.operatorframework.io.bundle.channel.default.v1: ${b.defaultChannel}`]
      : []),
    '',
  ].join('\n');
  const files: Record<string, string> = {
    'manifests/op.clusterserviceversion.yaml': csv,
    'manifests/widgets.acme.io.crd.yaml': crd,
    'metadata/annotations.yaml': annotations,
  };
  if (b.dependencies)
    files['metadata/dependencies.yaml'] = ['dependencies:', ...b.dependencies, ''].join('\n');
  return files;
}

/** The fixture's v1 CRD (widgets.acme.io) whose one version has `schema` (YAML lines under openAPIV3Schema). */
export function widgetCrd(schema: string[]): string {
  return [
    'apiVersion: apiextensions.k8s.io/v1',
    'kind: CustomResourceDefinition',
    'metadata:',
    '  name: widgets.acme.io',
    'spec:',
    '  group: acme.io',
    '  names: {kind: Widget, plural: widgets}',
    '  scope: Namespaced',
    '  versions:',
    '  - name: v1',
    '    served: true',
    '    storage: true',
    '    schema:',
    '      openAPIV3Schema:',
    ...schema.map((l) => `        ${l}`),
    '',
  ].join('\n');
}
