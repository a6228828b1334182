/** Fleet bundle checks on bundles written to break them, each at the line and column of the problem. */
import { describe, expect, it } from 'vitest';
import { openFleetBundle, renderBundle } from '../../../src/core/fleet';
import { MemorySource } from '../../../src/core/source/memory';
import { webBundle } from './fixtures';

async function findings(files: Record<string, string>) {
  const b = await openFleetBundle(new MemorySource(files, 'web'));
  return b.diagnostics.map((d) => [
    d.rule,
    `${d.location?.file}:${d.location?.start.line}:${d.location?.start.column}`,
    d.message,
  ]);
}

describe('Fleet bundle checks', () => {
  it('the written bundle is clean', async () => {
    expect(await findings(webBundle())).toEqual([]);
  });

  it('warns about unknown fields (naming the likely one) and rejects fields of the wrong type', async () => {
    const yaml =
      'defaultNamespace: web\ntimeoutSeconds: "ten"\ntargets:\n  - name: t\n    kustomizedDir: prod/\n    clusterSelector: {}\n';
    expect(await findings({ 'bundle.yaml': yaml })).toEqual([
      [
        'fleet-field-type',
        'bundle.yaml:2:17',
        'json: cannot unmarshal string into Go struct field BundleSpec.timeoutSeconds of type int',
      ],
      [
        'fleet-unknown-field',
        'bundle.yaml:5:5',
        'unknown field "kustomizedDir" (did you mean "kustomizeDir"?): Fleet ignores it',
      ],
    ]);
  });

  it('flags a reference to an overlay that does not exist, and overlays in a cycle', async () => {
    const yaml =
      'overlays:\n  - name: a\n    overlays: [b]\n  - name: b\n    overlays: [a]\ntargets:\n  - name: t\n    clusterSelector: {}\n    overlays: [c]\n';
    expect(await findings({ 'bundle.yaml': yaml })).toEqual([
      [
        'fleet-unknown-overlay',
        'bundle.yaml:9:16',
        'target t references overlay "c", which is neither declared nor a folder under overlays/',
      ],
      ['fleet-overlay-cycle', 'bundle.yaml:2:5', 'overlays reference each other in a cycle: a → b → a'],
    ]);
  });

  it('flags a _patch. file whose base exists nowhere', async () => {
    expect(await findings(webBundle({ 'overlays/prod/ingress_patch.yaml': 'spec: {}\n' }))).toEqual([
      [
        'fleet-patch-no-base',
        'overlays/prod/ingress_patch.yaml:1:1',
        'overlay prod: ingress_patch.yaml patches ingress.yaml, which no base resource or overlay provides',
      ],
    ]);
  });

  it('flags targets that can never match: no criteria, after a match-all, or a selector that does not parse', async () => {
    const yaml =
      'targets:\n  - name: none\n  - name: all\n    clusterSelector: {}\n  - name: later\n    clusterGroup: g\n  - name: bad\n    clusterSelector:\n      matchExpressions:\n        - {key: env, operator: Equals, values: [prod]}\n';
    expect(await findings({ 'bundle.yaml': yaml })).toEqual([
      ['fleet-selector-invalid', 'bundle.yaml:10:32', '"Equals" is not a valid label selector operator'],
      [
        'fleet-target-empty',
        'bundle.yaml:2:5',
        'target none has no clusterSelector, clusterGroupSelector or clusterGroup: it matches no cluster (use clusterSelector: {} to match all)',
      ],
      [
        'fleet-target-shadowed',
        'bundle.yaml:5:5',
        'target later is never chosen: target all before it matches every cluster',
      ],
      [
        'fleet-target-shadowed',
        'bundle.yaml:7:5',
        'target bad is never chosen: target all before it matches every cluster',
      ],
    ]);
  });

  it("words a selector's bad key or values as apimachinery's LabelSelectorAsSelector, at the field", async () => {
    const yaml =
      'targets:\n  - name: t\n    clusterSelector:\n      matchLabels: {"team/": web}\n      matchExpressions:\n        - {key: env, operator: In, values: []}\n        - {key: tier, operator: Exists, values: [a]}\n';
    expect(await findings({ 'bundle.yaml': yaml })).toEqual([
      [
        'fleet-selector-invalid',
        'bundle.yaml:4:30',
        "key: Invalid value: \"team/\": name part must be non-empty; name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      ],
      [
        'fleet-selector-invalid',
        'bundle.yaml:6:44',
        "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
      ],
      [
        'fleet-selector-invalid',
        'bundle.yaml:7:49',
        'values: Invalid value: ["a"]: values set must be empty for exists and does not exist',
      ],
    ]);
  });

  it('reports a descriptor that does not parse', async () => {
    expect((await findings({ 'bundle.yaml': 'targets: [\n' }))[0]?.[0]).toBe('fleet-yaml-syntax');
  });
});

describe('the Bundle resource', () => {
  it('embeds every file with its path normalised, overlays relative to their folder, default target names', async () => {
    const files = webBundle({
      'bundle.yaml':
        'name: shop\nmanifestsDir: ./deploy\nlabels: {team: web}\ntargets:\n  - clusterSelector: {}\n',
      'deploy/app/deployment.yaml': 'kind: Deployment\n',
      'chart/Chart.yaml': 'name: shop\n',
      'README.md': 'not part of the bundle\n',
    });
    delete files['manifests/deployment.yaml'];
    delete files['manifests/svc.yaml'];
    const b = renderBundle(await openFleetBundle(new MemorySource(files, 'web')));
    expect(b).toMatchObject({
      apiVersion: 'fleet.cattle.io/v1alpha1',
      kind: 'Bundle',
      metadata: { name: 'shop', labels: { team: 'web' } },
    });
    const spec = b.spec as {
      resources: { name: string }[];
      overlays: { name: string; resources: { name: string }[] }[];
      targets: { name: string }[];
    };
    expect(spec.resources.map((r) => r.name)).toEqual(['chart/Chart.yaml', 'manifests/app/deployment.yaml']);
    expect(spec.overlays.map((o) => [o.name, o.resources.map((r) => r.name)])).toEqual([
      ['big', ['deployment_patch.yaml']],
      ['prod', ['configmap.yaml', 'deployment_patch.yaml']],
    ]);
    expect(spec.targets.map((t) => t.name)).toEqual(['target000']);
  });

  it('is named after the directory when the descriptor gives no name', async () => {
    const b = renderBundle(await openFleetBundle(new MemorySource(webBundle(), 'web')));
    expect((b.metadata as { name: string }).name).toBe('web');
  });
});
