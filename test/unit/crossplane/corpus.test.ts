/**
 * The real Crossplane packages of ../shared/corpus/crossplane: every one opens as the kind it is and
 * validates clean, and the dependency graph of upbound/platform-ref-aws is what its crossplane.yaml
 * and Composition say.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { crossplaneGraph, crossplaneMermaid, openCrossplaneFolder } from '../../../src/core/crossplane';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('Crossplane corpus'));

const KINDS: Record<string, string> = {
  'configuration-quickstart': 'Configuration',
  'function-patch-and-transform': 'Function',
  'provider-kubernetes': 'Provider',
  'upbound-platform-ref-aws@529b370': 'Configuration',
  'upbound-platform-ref-aws@HEAD': 'Configuration',
};

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('Crossplane corpus', () => {
  const dirs = hasShared ? readdirSync(sharedPath('corpus/crossplane')).sort() : [];

  it('has the packages SOURCES.md lists', () => {
    expect(dirs).toEqual(Object.keys(KINDS));
  });

  it.each(Object.entries(KINDS))('%s opens as one %s and validates clean', async (dir, kind) => {
    const f = await openCrossplaneFolder(new NodeFsSource(sharedPath('corpus/crossplane', dir)));
    expect(f.packages.map((p) => p.kind)).toEqual([kind]);
    expect(f.diagnostics).toEqual([]);
  });

  it('draws provider-kubernetes with the 9 CRDs it ships, each defined by the provider', async () => {
    const f = await openCrossplaneFolder(
      new NodeFsSource(sharedPath('corpus/crossplane/provider-kubernetes')),
    );
    const g = crossplaneGraph(f);
    const crds = g.nodes.filter((n) => n.type === 'crd');
    expect(crds.map((n) => n.label).sort()).toEqual([
      'ClusterProviderConfig (kubernetes.m.crossplane.io)',
      'Object (kubernetes.crossplane.io)',
      'Object (kubernetes.m.crossplane.io)',
      'ObservedObjectCollection (kubernetes.crossplane.io)',
      'ObservedObjectCollection (kubernetes.m.crossplane.io)',
      'ProviderConfig (kubernetes.crossplane.io)',
      'ProviderConfig (kubernetes.m.crossplane.io)',
      'ProviderConfigUsage (kubernetes.crossplane.io)',
      'ProviderConfigUsage (kubernetes.m.crossplane.io)',
    ]);
    const provider = g.nodes.find((n) => n.type === 'package');
    expect(provider?.kind).toBe('Provider');
    expect(
      g.edges
        .filter((e) => e.type === 'defines' && e.from === provider?.id)
        .map((e) => e.to)
        .sort(),
    ).toEqual(crds.map((n) => n.id).sort());
    expect(crossplaneMermaid(g)).toContain('[("CRD Object (kubernetes.m.crossplane.io)")]');
  });

  it('draws platform-ref-aws: 7 configurations and a function with their versions, XCluster → its Composition → composed kinds', async () => {
    const f = await openCrossplaneFolder(
      new NodeFsSource(sharedPath('corpus/crossplane/upbound-platform-ref-aws@529b370')),
    );
    const g = crossplaneGraph(f);
    const label = (id: string) => g.nodes.find((n) => n.id === id)?.label;
    const deps = g.edges
      .filter((e) => e.type === 'dependsOn')
      .map((e) => [label(e.to)?.split('/').pop(), e.label]);
    expect(deps).toEqual([
      ['configuration-aws-lb-controller', 'v0.3.0'],
      ['configuration-aws-network', 'v0.23.0'],
      ['configuration-aws-database', 'v0.15.0'],
      ['configuration-aws-eks', 'v0.16.0'],
      ['configuration-app', 'v0.11.0'],
      ['configuration-observability-oss', 'v0.9.0'],
      ['configuration-gitops-flux', 'v0.10.0'],
      ['function-patch-and-transform', 'v0.8.2'],
    ]);
    expect(g.nodes.filter((n) => n.type === 'dependency').map((n) => n.kind)).toEqual([
      ...Array<string>(7).fill('Configuration'),
      'Function',
    ]);
    const xrd = g.nodes.find((n) => n.type === 'xrd');
    expect(xrd?.label).toBe('XCluster (aws.platformref.upbound.io)');
    const comp = g.edges.find((e) => e.from === xrd?.id && e.type === 'implements');
    expect(label(comp?.to ?? '')).toBe('xclusters.aws.platformref.upbound.io');
    const composed = g.edges
      .filter((e) => e.from === comp?.to && e.type === 'composes')
      .map((e) => label(e.to));
    expect(composed).toEqual(
      expect.arrayContaining([
        'XNetwork (aws.platform.upbound.io/v1alpha1)',
        'XEKS (aws.platform.upbound.io/v1alpha1)',
      ]),
    );
    expect(g.edges.some((e) => e.conflict)).toBe(false);
    const mermaid = crossplaneMermaid(g);
    expect(mermaid.split('\n')[0]).toBe('flowchart LR');
    expect(mermaid).toContain('-->|"v0.23.0"|');
  });

  it('opens the whole corpus folder at once: two snapshots of platform-ref-aws pin other versions of the same 7 configurations, and never coexist', async () => {
    // One package in two versions is never installed twice, so the resolver never sets v0.x
    // (529b370) against v2.x (HEAD): no conflict, and nothing else either.
    const f = await openCrossplaneFolder(new NodeFsSource(sharedPath('corpus/crossplane')));
    expect(f.packages).toHaveLength(5);
    expect(f.diagnostics).toEqual([]);
  });
});
