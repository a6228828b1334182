/**
 * Crossplane's dependency DAG tests (internal/dag/dag_test.go TestSort and upgrading_dag_test.go
 * TestUpgradingSort, the same table, at 2d040d2daf4e001799c4154a4a09b9e1f40d7fde), re-created as
 * folders of Configurations: each upstream node is a package named after its identifier's last
 * segment, each neighbour a dependsOn entry. A neighbour no package of the folder is becomes a
 * dependency node of `crossplane deps` (upstream's implied node); TraceNode is what the graph
 * reaches from the first package along dependsOn edges; Sort failing is the cycle finding.
 *
 * Left out, with why: the order Sort returns (ComplexTree's sortedFn) — `crossplane deps` draws the
 * graph and does not list an install order; TestDag only calls AddNode on a Go value.
 */
import { describe, expect, it } from 'vitest';
import { crossplaneGraph, openCrossplaneFolder } from '../../../src/core/crossplane';
import { MemorySource } from '../../../src/core/source/memory';

type Nodes = Record<string, string[]>;

function configuration(name: string, deps: string[]): string {
  const entries = deps.map((d) => `    - configuration: crossplane/${d}\n      version: ">=v0.0.0"\n`);
  return (
    `apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: ${name}\n` +
    (entries.length > 0 ? `spec:\n  dependsOn:\n${entries.join('')}` : '')
  );
}

async function dag(nodes: Nodes) {
  const files = Object.fromEntries(
    Object.entries(nodes).map(([n, deps]) => [`${n}/crossplane.yaml`, configuration(n, deps)]),
  );
  const folder = await openCrossplaneFolder(new MemorySource(files, 'pkg'));
  const graph = crossplaneGraph(folder);
  const implied = graph.nodes.filter((n) => n.type === 'dependency').map((n) => n.label);
  // TraceNode starts at upstream's first node (the folder lists packages by path, not in that order).
  const first = graph.nodes.find((n) => n.type === 'package' && n.label === Object.keys(nodes)[0])?.id ?? '';
  const traced = new Set<string>();
  const walk = (id: string) => {
    for (const e of graph.edges)
      if (e.from === id && e.type === 'dependsOn' && !traced.has(e.to)) {
        traced.add(e.to);
        walk(e.to);
      }
  };
  walk(first);
  const sortErrors = folder.diagnostics.filter((d) => d.rule === 'xp-dependency-cycle').map((d) => d.message);
  return { implied: implied.sort(), numDeps: traced.size, sortErrors };
}

const SIMPLE: Nodes = {
  one: ['two', 'three'],
  two: ['three'],
  three: ['four'],
  four: ['five'],
  five: ['six'],
  six: [],
};
const COMPLEX: Nodes = {
  one: ['two', 'three'],
  two: ['three', 'seven', 'eight', 'nine'],
  three: ['four'],
  four: ['five'],
  five: ['six'],
  six: ['seven', 'eight', 'nine'],
};

describe.each(['TestSort', 'TestUpgradingSort'])('crossplane %s', () => {
  it('Imply: Missing nodes in a tree should be implied.', async () => {
    expect(await dag({ one: ['two', 'three'] })).toEqual({
      implied: ['crossplane/three', 'crossplane/two'],
      numDeps: 2,
      sortErrors: [],
    });
  });
  it('SimpleTree: A dependency tree with one valid order should always be sorted the same.', async () => {
    expect(await dag(SIMPLE)).toEqual({ implied: [], numDeps: 5, sortErrors: [] });
  });
  it('ComplexTree: A dependency tree with multiple valid orders should always produce a valid order.', async () => {
    expect(await dag(COMPLEX)).toEqual({
      implied: ['crossplane/eight', 'crossplane/nine', 'crossplane/seven'],
      numDeps: 8,
      sortErrors: [],
    });
  });
  it('Cycle: A dependency tree with a cycle should return error when sorted.', async () => {
    const r = await dag({ one: ['two'], two: ['one'] });
    expect(r.sortErrors).toHaveLength(1);
    expect(r.sortErrors[0]).toMatch(/^cannot sort DAG: detected cycle on: crossplane\/(one|two)$/);
  });
});
