/** A small Fleet bundle written for the tests: base manifests, two overlays (one referencing the other), four targets. */
export const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: web
          image: web:1.0
        - name: sidecar
          image: proxy:2
`;

export const FLEET_YAML = `defaultNamespace: web
overlays:
  - name: prod
    overlays: [big]
    defaultNamespace: web-prod
targets:
  - name: prod
    clusterSelector:
      matchLabels: {env: prod}
    overlays: [prod]
  - name: canary
    clusterGroup: canaries
  - name: everyone
    clusterSelector: {}
`;

export function webBundle(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'bundle.yaml': FLEET_YAML,
    'manifests/deployment.yaml': DEPLOYMENT,
    'manifests/svc.yaml': 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\n',
    'overlays/big/deployment_patch.yaml': 'spec:\n  replicas: 3\n',
    'overlays/prod/deployment_patch.yaml':
      'spec:\n  template:\n    spec:\n      containers:\n        - name: web\n          image: web:1.0-prod\n',
    'overlays/prod/configmap.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web-prod}\n',
    ...overrides,
  };
}

export const CLUSTERS = `clusters:
  - name: prod-east
    labels: {env: prod, region: east}
  - name: canary-1
    labels: {env: staging, ring: canary}
  - name: dev-1
    labels: {env: dev}
clusterGroups:
  - name: canaries
    selector: {matchLabels: {ring: canary}}
`;
