/**
 * Puts the prepared graph on the canvas and keeps the selection on it: only the elements that changed
 * are replaced (sync-elements.ts), a new graph gets its first viewport, and the selected bundle is
 * marked, revealed from a collapsed run and brought into view. The two effects share the focus
 * intents below, which is why they live together and apart from the instance's lifecycle.
 */
import type { Core } from 'cytoscape';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { noteGraphEntries } from '../editor/edit-store';
import { collapseCode } from './collapse-code';
import type { Prepared } from './prepare';
import { syncElements } from './sync-elements';
import { applySelection, bundlesInView, centreOn, initialViewport, inViewport } from './viewport';

/** Where the viewport should go next, said by whoever changed the selection or the runs. */
export interface FocusIntent {
  /** Centre on this node after the next rebuild (a run was expanded to show it). */
  pending?: string;
  /** The keyboard or the search already animates to this node: the selection effect leaves it be. */
  animated?: string;
}

export interface ElementsOptions {
  prepared: Prepared;
  selected: string | undefined;
  /** What the graph shows: a new identity gets a new initial viewport, an edit of the same keeps it. */
  identity: unknown;
  maxZoom: RefObject<number>;
  /** Reveals a node hidden in a collapsed run (the run's id). */
  expand(chunkId: string): void;
  focus: RefObject<FocusIntent>;
  /** The graph's root element: said ready, with its counts, as soon as the frame is drawn. */
  root: RefObject<HTMLDivElement | null>;
}

/** Returns the counts on screen once Cytoscape has drawn them. */
export function useGraphElements(
  cyRef: RefObject<Core | null>,
  o: ElementsOptions,
): { nodes: number; edges: number } | undefined {
  const { prepared, selected } = o;
  const [rendered, setRendered] = useState<{ nodes: number; edges: number } | undefined>();
  const latest = useRef(o);
  latest.current = o;
  /** The instance and graph identity last built: a new instance (StrictMode remounts too) or graph resets the viewport. */
  const last = useRef<{ cy?: Core; identity?: unknown; collapsed?: boolean }>({});

  // (Re)build the elements when the prepared graph changes.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const { identity, maxZoom, focus, root } = latest.current;
    // Collapsing or expanding every run moves every node: a new first view, never an empty canvas.
    const newGraph =
      last.current.cy !== cy ||
      last.current.identity !== identity ||
      last.current.collapsed !== prepared.collapsed;
    last.current = { cy, identity, collapsed: prepared.collapsed };
    // Only what changed: an edit keeps Cytoscape's caches for the rest (sync-elements.ts).
    syncElements(cy, prepared.elements);
    const big = prepared.view.nodes.length > 1500;
    // Cheaper frames while panning/zooming big graphs.
    const renderer = (cy as unknown as { renderer?: () => { hideEdgesOnViewport?: boolean } }).renderer?.();
    if (renderer) renderer.hideEdgesOnViewport = big;
    if (
      newGraph ||
      (cy.nodes().nonempty() && bundlesInView(cy) === 0 && cy.nodes('[kind = "bundle"]').nonempty())
    )
      initialViewport(cy, selected, maxZoom.current);
    else if (focus.current.pending) {
      const node = cy.getElementById(focus.current.pending);
      if (node.nonempty()) cy.center(node);
    }
    focus.current.pending = undefined;
    applySelection(cy, selected);
    // What the editor weighs when deciding whether the views follow every keystroke (graph-entries.ts).
    noteGraphEntries(prepared.full.nodes.length);
    let cancelled = false;
    // Cytoscape fires 'render' after it has drawn the frame: the graph on screen is this one.
    cy.one('render', () => {
      if (cancelled) return;
      const counts = { nodes: cy.nodes().length, edges: cy.edges().length };
      // Said on the element at once (tests and benchmarks read it), not a React render later.
      const el = root.current;
      if (el) {
        el.dataset.nodeCount = String(counts.nodes);
        el.dataset.edgeCount = String(counts.edges);
        el.dataset.ready = 'true';
      }
      setRendered(counts);
    });
    return () => {
      cancelled = true;
    };
    // `selected` is applied here too (after a rebuild) but tracked by its own effect.
  }, [prepared]);

  // Selection: mark it, reveal it if it is hidden in a collapsed run, bring it into view.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const { focus, expand } = latest.current;
    if (selected && cy.getElementById(selected).empty()) {
      // Only a collapsed graph hides bundles, and its collapsing code is in by then (collapse-code.ts).
      const chunk = prepared.collapsed ? collapseCode()?.findHidingChunk(prepared.view, selected) : undefined;
      if (chunk) {
        expand(chunk.id);
        focus.current.pending = selected;
        return;
      }
    }
    applySelection(cy, selected);
    // focusNode already animates to the bundles it selects.
    const focused = focus.current.animated === selected;
    focus.current.animated = undefined;
    if (selected && !focused) {
      const node = cy.getElementById(selected);
      if (node.nonempty() && !inViewport(cy, node)) centreOn(cy, node, 200);
    }
  }, [selected, prepared]);

  return rendered;
}
