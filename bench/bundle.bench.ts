/**
 * `npm run bench:bundle`: validate + render a synthetic registry+v1 bundle with 50 owned CRDs (each
 * with a sizeable schema), median of 15 runs after warm-up. Budget: 200 ms.
 */
import { performance } from 'node:perf_hooks';
import { checkBundle, readBundleDir, renderBundle, renderBundleYaml } from '../src/core/bundle';
import { MemorySource } from '../src/core/source/memory';

const N = 50;
const files: Record<string, string> = {
  'metadata/annotations.yaml': `annotations:
  operators.operatorframework.io.bundle.mediatype.v1: registry+v1
  operators.operatorframework.io.bundle.manifests.v1: manifests/
  operators.operatorframework.io.bundle.metadata.v1: metadata/
  operators.operatorframework.io.bundle.package.v1: big
  operators.operatorframework.io.bundle.channels.v1: stable
`,
};
const owned: string[] = [];
for (let i = 0; i < N; i++) {
  const props = Array.from(
    { length: 40 },
    (_, j) =>
      `              field${j}:\n                type: string\n                description: field ${j} of kind ${i}`,
  ).join('\n');
  files[`manifests/thing${i}.crd.yaml`] = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: thing${i}s.example.com
spec:
  group: example.com
  names:
    kind: Thing${i}
    plural: thing${i}s
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
${props}
`;
  owned.push(
    `    - name: thing${i}s.example.com\n      version: v1\n      kind: Thing${i}\n      displayName: Thing ${i}`,
  );
}
files['manifests/big.clusterserviceversion.yaml'] = `apiVersion: operators.coreos.com/v1alpha1
kind: ClusterServiceVersion
metadata:
  name: big.v1.0.0
spec:
  version: 1.0.0
  displayName: Big
  installModes:
  - type: AllNamespaces
    supported: true
  customresourcedefinitions:
    owned:
${owned.join('\n')}
  install:
    strategy: deployment
    spec:
      deployments:
      - name: big
        spec:
          template:
            spec:
              containers:
              - name: manager
                image: example.com/big:1.0.0
`;

async function once(): Promise<number> {
  const t0 = performance.now();
  const dir = await readBundleDir(new MemorySource(files, 'big'));
  const report = checkBundle(dir);
  if (!report.passed) throw new Error(JSON.stringify(report.findings.slice(0, 3)));
  renderBundleYaml(renderBundle(dir, 'example.com/big-bundle:1.0.0', 'none'));
  renderBundleYaml(renderBundle(dir, 'example.com/big-bundle:1.0.0', 'bundle-object-to-csv-metadata'));
  return performance.now() - t0;
}

for (let i = 0; i < 3; i++) await once();
const times: number[] = [];
for (let i = 0; i < 15; i++) times.push(await once());
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] as number;
console.log(
  `bundle with ${N} CRDs: validate + render (both forms) median ${median.toFixed(1)} ms (budget 200 ms)`,
);
if (median > 200) process.exitCode = 1;
