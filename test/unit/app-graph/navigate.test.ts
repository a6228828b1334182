import { describe, expect, it } from 'vitest';
import { demoChannel, syntheticChannel } from '../../../bench/graph-synthetic';
import { findBundles, neighbour, startNode } from '../../../src/app/graph/navigate';
import { prepareGraph } from '../../../src/app/graph/prepare';

describe('keyboard navigation', () => {
  const { view, layout } = prepareGraph(demoChannel());

  it('starts at the head', () => {
    expect(startNode(view, layout)).toBe('etcdoperator.v0.9.4');
  });

  it('moves along replaces first: older from the head is what it replaces, newer goes back', () => {
    expect(neighbour(view, layout, 'etcdoperator.v0.9.4', 'older')).toBe('etcdoperator.v0.9.3');
    expect(neighbour(view, layout, 'etcdoperator.v0.9.3', 'older')).toBe('etcdoperator.v0.9.2');
    expect(neighbour(view, layout, 'etcdoperator.v0.9.2', 'newer')).toBe('etcdoperator.v0.9.3');
    // two bundles replace v0.9.3: the one on the same lane (the head) wins
    expect(neighbour(view, layout, 'etcdoperator.v0.9.3', 'newer')).toBe('etcdoperator.v0.9.4');
    expect(neighbour(view, layout, 'etcdoperator.v0.9.4', 'newer')).toBeUndefined();
  });

  it('moves within a column with up/down', () => {
    // column 2 holds v0.9.1 (below the chain lane) and the ghost v0.9.1-rc.1 (above it)
    expect(neighbour(view, layout, 'etcdoperator.v0.9.1', 'up')).toBe('etcdoperator.v0.9.1-rc.1');
    expect(neighbour(view, layout, 'etcdoperator.v0.9.1-rc.1', 'down')).toBe('etcdoperator.v0.9.1');
    expect(neighbour(view, layout, 'etcdoperator.v0.9.1', 'down')).toBeUndefined();
  });
});

describe('findBundles', () => {
  const { full } = prepareGraph(syntheticChannel(60));

  it('ranks exact name, then exact version, then prefix, then substring', () => {
    expect(findBundles(full, 'acme-operator.v1.2.5')).toEqual(['acme-operator.v1.2.5']);
    expect(findBundles(full, '1.2.5')).toEqual(['acme-operator.v1.2.5']);
    expect(findBundles(full, 'v1.2.5')).toEqual(['acme-operator.v1.2.5']);
    expect(findBundles(full, 'ACME-OPERATOR.V1.2.1').slice(0, 3)).toEqual([
      'acme-operator.v1.2.1',
      'acme-operator.v1.2.10',
      'acme-operator.v1.2.11',
    ]);
    expect(findBundles(full, 'nothing-like-this')).toEqual([]);
    expect(findBundles(full, '   ')).toEqual([]);
  });

  it('finds ghosts too', () => {
    expect(findBundles(full, 'acme-operator.v0.9.0')).toEqual(['acme-operator.v0.9.0']);
  });
});
