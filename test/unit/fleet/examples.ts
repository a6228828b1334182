/**
 * Fleet bundles of our own, shaped like rancher/fleet-examples' single-cluster and multi-cluster
 * folders (raw manifests, a Helm chart, kustomize; per-environment targetCustomizations choosing
 * overlays and Helm values). Content written for these tests.
 */
const deployment = (name: string, replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
        - name: ${name}
          image: registry.example.org/shop/${name}:1.4
          ports:
            - containerPort: 8080
`;

const service = (name: string) => `apiVersion: v1
kind: Service
metadata:
  name: ${name}
spec:
  selector:
    app: ${name}
  ports:
    - port: 80
      targetPort: 8080
`;

export const SINGLE_MANIFESTS: Record<string, string> = {
  'fleet.yaml': 'defaultNamespace: shop\n',
  'storefront-deployment.yaml': deployment('storefront', 1),
  'storefront-service.yaml': service('storefront'),
  'cache-deployment.yaml': deployment('cache', 1),
};

export const SINGLE_HELM: Record<string, string> = {
  'fleet.yaml': 'namespace: shop-helm\nhelm:\n  releaseName: storefront\n  values:\n    replicas: 2\n',
  'Chart.yaml': 'apiVersion: v2\nname: storefront\nversion: 0.3.0\n',
  'values.yaml': 'replicas: 1\nimage: registry.example.org/shop/storefront:1.4\n',
  'templates/deployment.yaml':
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: storefront\nspec:\n  replicas: {{ .Values.replicas }}\n',
};

export const SINGLE_KUSTOMIZE: Record<string, string> = {
  'fleet.yaml': 'namespace: shop-kustomize\nkustomize:\n  dir: overlays/dev\n',
  'base/kustomization.yaml': 'resources:\n  - deployment.yaml\n',
  'base/deployment.yaml': deployment('storefront', 1),
  'overlays/dev/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: dev-\n',
};

export const MULTI_MANIFESTS: Record<string, string> = {
  'fleet.yaml': `namespace: shop-multi
targetCustomizations:
  - name: dev
    clusterSelector:
      matchLabels:
        env: dev
    yaml:
      overlays:
        - dev
  - name: prod
    clusterSelector:
      matchLabels:
        env: prod
    yaml:
      overlays:
        - prod
`,
  'storefront-deployment.yaml': deployment('storefront', 1),
  'storefront-service.yaml': service('storefront'),
  'overlays/dev/storefront-deployment_patch.yaml':
    'spec:\n  template:\n    spec:\n      containers:\n        - name: storefront\n          image: registry.example.org/shop/storefront:1.5-rc\n',
  'overlays/prod/storefront-deployment_patch.yaml': 'spec:\n  replicas: 3\n',
  'overlays/prod/storefront-service_patch.yaml':
    '[{"op": "add", "path": "/spec/type", "value": "LoadBalancer"}]\n',
  'overlays/prod/pdb.yaml':
    'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: storefront\nspec:\n  minAvailable: 2\n',
};

export const MULTI_HELM: Record<string, string> = {
  'fleet.yaml': `namespace: shop-multi-helm
helm:
  releaseName: storefront
  values:
    replicas: 1
    ingress:
      enabled: false
targetCustomizations:
  - name: prod
    clusterSelector:
      matchLabels:
        env: prod
    helm:
      values:
        replicas: 3
        ingress:
          enabled: true
  - name: dev
    clusterGroup: developers
    helm:
      values:
        replicas: 1
`,
  'Chart.yaml': 'apiVersion: v2\nname: storefront\nversion: 0.3.0\n',
  'values.yaml': 'replicas: 1\n',
  'templates/deployment.yaml': 'kind: Deployment\n',
};

export const EXAMPLE_CLUSTERS = `clusters:
  - name: dev-1
    labels: {env: dev}
  - name: prod-eu
    labels: {env: prod, region: eu}
  - name: lab
    labels: {env: lab}
clusterGroups:
  - name: developers
    labels: {team: web}
    selector: {matchLabels: {env: dev}}
`;

/**
 * rancher/fleet internal/cmd/controller/target/target_test.go bundleYamlWithTemplate, as upstream
 * writes it: the fleet.yaml of TestProcessTemplateValues (the Fleet tests and the template engine's).
 */
export const BUNDLE_YAML_WITH_TEMPLATE = `namespace: default
helm:
  releaseName: labels
  templateValues:
    mapData: |
      \${- range $key := .ClusterValues.items }
      "\${ $key }":
        nested: "true"
      \${- end}
    listData: |
      \${- range $key := .ClusterValues.items }
      - "\${ $key }":
        nested: "true"
      \${- end}
  values:
    clusterName: "\${ .ClusterLabels.name }"
    fromAnnotation: "\${ .ClusterAnnotations.testAnnotation }"
    clusterNamespace: "\${ .ClusterNamespace }"
    fleetClusterName: "\${ .ClusterName }"
    reallyLongClusterName: kubernets.io/cluster/\${ index .ClusterLabels "really-long-label-name-with-many-many-characters-in-it" }
    missingLabel: |-
      \${ if hasKey .ClusterLabels "missing" }\${ .ClusterLabels.missing }\${ else }missing\${ end}
    list: \${ list 1 2 3 | toJson }
    listb: |-
      \${- range $key, $val := .ClusterLabels }
      - name: \${ $key }
        value: \${ $val | quote }
      \${- end}
    customStruct:
      - name: "\${ .ClusterValues.topLevel }"
        key1: value1
        key2: value2
      - element2: "\${ .ClusterValues.nested.secondTier.thirdTier }"
      - "element3_\${ .ClusterLabels.envType }": "\${ .ClusterLabels.name }"
    funcs:
      upper: "\${ .ClusterValues.topLevel | upper }_test"
      join: '\${ .ClusterValues.list | join "," }'
diff:
  comparePatches:
  - apiVersion: networking.k8s.io/v1
    kind: Ingress
    name: labels-fleetlabelsdemo
    namespace: default
    operations:
    - op: remove
      path: /spec/rules/0/host
`;
