/**
 * Moving around the graph without a mouse: arrow keys step between bundles (into collapsed runs
 * too), Home/End, Shift+arrows pan, +/−/0 zoom and fit, Escape clears, and "Find bundle" cycles
 * through matches. Each says what it did in the status line (read by screen readers). Separate from
 * the canvas wiring (graph-events.ts) because it is the keyboard's whole contract, documented in the
 * canvas's help text.
 */
import type { Core } from 'cytoscape';
import { useRef, useState, type RefObject } from 'react';
import { collapsedId } from './collapsed-id';
import type { Direction } from './navigate';
import type { Prepared } from './prepare';
import type { FocusIntent } from './use-graph-elements';
import { centreOn, fitAll, ZOOM_STEP, zoomBy } from './viewport';

export interface NavigationOptions {
  prepared: Prepared;
  selected: string | undefined;
  select(id: string | undefined): void;
  /** Expands a collapsed run and centres on its first bundle after the rebuild. */
  expandRun(chunkId: string): void;
  focus: RefObject<FocusIntent>;
}

export interface GraphNavigation {
  /** What the last key or search did, for the status line. */
  status: string;
  onKeyDown(e: React.KeyboardEvent): void;
  /** Selects the next bundle matching `query` (name or version), cycling through the matches. */
  find(query: string): void;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}

const ARROWS: Record<string, Direction> = {
  ArrowRight: 'newer',
  ArrowLeft: 'older',
  ArrowUp: 'up',
  ArrowDown: 'down',
};
const PAN_STEP = 120;

/**
 * The keyboard's and the search's geometry (navigate.ts) loads on the first key or search, outside
 * the graph's initial chunk: a graph only looked at never needs it.
 */
const navigation = () => import('./navigate');

export function useGraphNavigation(cyRef: RefObject<Core | null>, o: NavigationOptions): GraphNavigation {
  const { prepared, selected } = o;
  const [status, setStatus] = useState('');
  const matchesRef = useRef<{ query: string; ids: string[]; next: number }>({ query: '', ids: [], next: 0 });

  const zoom = (factor: number) => {
    const cy = cyRef.current;
    if (cy) zoomBy(cy, factor);
  };
  const fit = () => {
    const cy = cyRef.current;
    if (cy) fitAll(cy);
  };

  const focusNode = (id: string) => {
    const cy = cyRef.current;
    const node = cy?.getElementById(id);
    if (id !== selected) o.focus.current.animated = id;
    o.select(id);
    if (cy && node && node.nonempty()) centreOn(cy, node, 250, 1);
  };

  const find = (query: string) => {
    const q = query.trim();
    if (!q) return;
    void navigation().then(({ findBundles }) => {
      const m = matchesRef.current;
      if (m.query !== q) {
        // Search every bundle, including those hidden in collapsed runs (selecting one expands its run).
        matchesRef.current = { query: q, ids: findBundles(prepared.full, q), next: 0 };
      }
      showMatch(q);
    });
  };

  const showMatch = (q: string) => {
    const { ids, next } = matchesRef.current;
    if (ids.length === 0) {
      setStatus(`No bundle matches “${q}”.`);
      return;
    }
    const id = ids[next % ids.length]!;
    matchesRef.current.next = next + 1;
    const node = prepared.full.nodes.find((n) => n.id === id);
    setStatus(`${node?.name ?? id} (${(next % ids.length) + 1} of ${ids.length})`);
    focusNode(id);
  };

  /** An arrow key: the neighbour that way (into a collapsed run, which expands), selected. */
  const step = (
    neighbour: typeof import('./navigate').neighbour,
    startNode: typeof import('./navigate').startNode,
    dir: Direction,
  ) => {
    const { view, layout } = prepared;
    const from = selected && layout.positions.has(selected) ? selected : undefined;
    let to = from ? neighbour(view, layout, from, dir) : startNode(view, layout);
    if (to === undefined) return;
    const target = view.nodes.find((n) => n.id === to);
    if (target?.kind === 'collapsed') {
      // Step into a collapsed run: expand it and land on its nearest member.
      const members = target.members!;
      to = dir === 'older' ? members[members.length - 1]! : members[0]!;
      o.expandRun(collapsedId(members[0]!));
    }
    const name = prepared.full.nodes.find((n) => n.id === to)?.name ?? to;
    setStatus(`Selected ${name}`);
    focusNode(to);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const cy = cyRef.current;
    if (!cy) return;
    if (e.key in ARROWS && e.shiftKey) {
      // Shift+arrow pans the view without changing the selection.
      e.preventDefault();
      const d = {
        ArrowRight: [-PAN_STEP, 0],
        ArrowLeft: [PAN_STEP, 0],
        ArrowUp: [0, PAN_STEP],
        ArrowDown: [0, -PAN_STEP],
      }[e.key]!;
      cy.stop(true, true);
      cy.panBy({ x: d[0]!, y: d[1]! });
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const { view, layout } = prepared;
      const end = e.key === 'End';
      void navigation().then(({ startNode }) => {
        const to = end
          ? startNode(view, layout)
          : view.nodes.reduce<string | undefined>(
              (best, n) =>
                n.kind !== 'collapsed' &&
                (best === undefined || layout.positions.get(n.id)!.x < layout.positions.get(best)!.x)
                  ? n.id
                  : best,
              undefined,
            );
        if (to !== undefined) focusNode(to);
      });
    } else if (e.key in ARROWS) {
      e.preventDefault();
      const dir = ARROWS[e.key]!;
      void navigation().then(({ neighbour, startNode }) => step(neighbour, startNode, dir));
    } else if (e.key === '+' || e.key === '=') {
      zoom(ZOOM_STEP);
    } else if (e.key === '-' || e.key === '_') {
      zoom(1 / ZOOM_STEP);
    } else if (e.key === '0') {
      fit();
    } else if (e.key === 'Escape') {
      o.select(undefined);
    } else if (e.key === 'Enter' && selected) {
      focusNode(selected);
    }
  };

  return { status, onKeyDown, find, zoomIn: () => zoom(ZOOM_STEP), zoomOut: () => zoom(1 / ZOOM_STEP), fit };
}
