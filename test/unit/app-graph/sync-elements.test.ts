import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syncElements } from '../../../src/app/graph/sync-elements';

const node = (id: string, x: number, extra: Record<string, unknown> = {}, classes = 'bundle') =>
  ({
    group: 'nodes',
    data: { id, label: id, ...extra },
    position: { x, y: 0 },
    classes,
  }) as ElementDefinition;
const edge = (
  id: string,
  source: string,
  target: string,
  extra: Record<string, unknown> = {},
  classes = '',
) => ({ group: 'edges', data: { id, source, target, ...extra }, classes }) as ElementDefinition;

/** What the user would see: every element's data, classes (without view marks) and position. */
function snapshot(cy: Core) {
  return cy
    .elements()
    .map((e) => ({
      id: e.id(),
      group: e.group(),
      data: e.data() as Record<string, unknown>,
      classes: e
        .classes()
        .filter((c: string) => !['sel', 'sel-edge', 'path-edge'].includes(c))
        .sort(),
      position: e.isNode() ? { ...e.position() } : undefined,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

function fresh(defs: ElementDefinition[]): Core {
  const cy = cytoscape({ headless: true, styleEnabled: false });
  cy.add(defs.filter((d) => d.group === 'nodes'));
  cy.add(defs.filter((d) => d.group === 'edges'));
  return cy;
}

describe('syncElements (the graph after an edit)', () => {
  const before = [
    node('a', 0),
    node('b', 100),
    node('c', 200, { cpd: 40 }),
    edge('e:ab', 'a', 'b', { kind: 'replaces' }, 'replaces'),
    edge('e:bc', 'b', 'c', { kind: 'replaces' }, 'replaces'),
  ];
  const after = [
    node('a', 0),
    node('b', 100, { label: 'b (HEAD)' }, 'bundle head'),
    node('c', 300),
    node('ghost', 400, {}, 'ghost'),
    edge('e:ab', 'a', 'b', { kind: 'replaces' }, 'replaces'),
    edge('e:bc', 'c', 'b', { kind: 'replaces' }, 'replaces'),
    edge('e:cg', 'c', 'ghost', { kind: 'skips' }, 'skips'),
  ];

  it('ends exactly where a rebuild would, changing only what differs', () => {
    const cy = fresh(before);
    const a = cy.getElementById('a');
    const b = cy.getElementById('b');
    const ab = cy.getElementById('e:ab');
    const stats = syncElements(cy, after);
    expect(snapshot(cy)).toEqual(snapshot(fresh(after)));
    // Untouched elements are the same objects (their caches survive); the re-pointed edge is new.
    expect(cy.getElementById('a')).toBeDefined();
    expect(cy.getElementById('a').same(a)).toBe(true);
    expect(cy.getElementById('b').same(b)).toBe(true);
    expect(cy.getElementById('e:ab').same(ab)).toBe(true);
    expect(stats).toEqual({ added: 3, removed: 1, updated: 2 });
    // A key the new definition lacks is gone, not left behind.
    expect(cy.getElementById('c').data('cpd')).toBeUndefined();
  });

  it('keeps the view’s own marks on elements it does not change', () => {
    const cy = fresh(before);
    cy.getElementById('a').addClass('sel');
    syncElements(cy, after);
    expect(cy.getElementById('a').hasClass('sel')).toBe(true);
  });

  it('reaches any target graph from any starting graph (random graphs)', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const graph = fc
      .record({
        nodes: fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1 }),
        xs: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 5, maxLength: 5 }),
        labels: fc.array(fc.constantFrom('x', 'y', undefined), { minLength: 5, maxLength: 5 }),
        edges: fc.array(fc.tuple(fc.nat(4), fc.nat(4), fc.constantFrom('replaces', 'skips')), {
          maxLength: 6,
        }),
      })
      .map(({ nodes, xs, labels, edges }) => {
        const defs: ElementDefinition[] = nodes.map((id, i) =>
          node(id, xs[i]! * 100, labels[i] === undefined ? {} : { tag: labels[i] }, labels[i] ?? 'bundle'),
        );
        const seen = new Set<string>();
        edges.forEach(([s, t, kind], i) => {
          const from = nodes[s % nodes.length]!;
          const to = nodes[t % nodes.length]!;
          const id = `e:${i % 3}`;
          if (seen.has(id)) return;
          seen.add(id);
          defs.push(edge(id, from, to, { kind }, kind));
        });
        return defs;
      });
    fc.assert(
      fc.property(graph, graph, (from, to) => {
        const cy = fresh(from);
        syncElements(cy, to);
        expect(snapshot(cy)).toEqual(snapshot(fresh(to)));
      }),
      { numRuns: 300 },
    );
  });
});
