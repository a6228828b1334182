import cytoscape from 'cytoscape';
import type { Core, EventObject, NodeSingular } from 'cytoscape';
import { noteGraphEntries } from '../state/show-generation';
import { syncElements } from './sync-elements';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { collapsedId, findHidingChunk } from './collapse';
import { GraphLegend } from './GraphLegend';
import { findBundles, neighbour, startNode, type Direction } from './navigate';
import { prepareGraph } from './prepare';
import { graphStylesheet, readPalette } from './style';
import type { ChannelGraph, PackageGraphInput } from './types';
import { isChannelGraph } from './types';
import './graph.css';
import { attachGraphEditing, type GraphEditing } from '../actions/graph-editing';

export interface ChannelGraphViewProps {
  graph: ChannelGraph | PackageGraphInput;
  selected?: string;
  onSelect(id: string | undefined): void;
  theme: 'light' | 'dark';
  v0Semantics?: boolean;
  highlight?: string[];
  /** Optional: when given, the toolbar shows a "Whole package" toggle and reports changes here. */
  packageView?: boolean;
  onPackageViewChange?(on: boolean): void;
  // --- Paths, presentation, export (src/app/paths, src/app/presentation, src/app/export) ---
  /** An upgrade path, installed → head: the edges between consecutive bundles are drawn as the path. */
  path?: string[];
  /** Presentation mode: the graph is fitted larger (the shell hides the panels around it). */
  presentation?: boolean;
  /** Receives the Cytoscape instance (null when it goes away), for exporting the view. */
  onCy?(cy: Core | null): void;
  /** More controls at the start of the toolbar (the view options: v0 semantics, filters, export). */
  toolbarStart?: React.ReactNode;
  // --- End of paths ---
  // --- Editing (src/app/actions/graph-editing.ts) ---
  /** Context menus and drawing edges by dragging; absent: the graph is read-only. */
  editing?: GraphEditing;
  /**
   * What the graph shows (e.g. `package/channel`). A new graph object with the same identity (the
   * catalog was edited) keeps the viewport and the expanded runs; without it, every new object resets them.
   */
  identity?: string;
  // --- End of editing ---
}

declare global {
  interface Window {
    __fbcGraph?: Core;
  }
}

/** Readable zoom: below this the initial view shows the head's neighbourhood instead of the whole graph. */
const MIN_READABLE_ZOOM = 0.5;
const ZOOM_STEP = 1.25;
/** Presentation mode lets a small graph fill the projector. */
const PRESENTATION_ZOOM = 2.4;

const reducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The channel upgrade graph: Cytoscape with a preset (precomputed, left-to-right) layout, a toolbar,
 * an on-canvas legend and keyboard navigation. Default export so the shell can React.lazy it and keep
 * cytoscape out of the initial chunk.
 */
export default function ChannelGraphView(props: ChannelGraphViewProps) {
  const { graph, selected, onSelect, v0Semantics = false, highlight, path, presentation = false } = props;
  // --- Paths, presentation, export ---
  const onCyRef = useRef(props.onCy);
  onCyRef.current = props.onCy;
  const maxZoom = presentation ? PRESENTATION_ZOOM : 1.2;
  const maxZoomRef = useRef(maxZoom);
  maxZoomRef.current = maxZoom;
  /** Hover text for the edges OLM v0 ignores (and the bundles it skips), at the pointer. */
  const [tip, setTip] = useState<{ x: number; y: number; text: string } | undefined>();
  // --- End of paths ---
  // Defensive: a caller that omits `theme` gets the system preference for the fallback palette.
  const theme: 'light' | 'dark' =
    props.theme ??
    (typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light');
  const containerRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const paletteKey = useRef('');
  const editingRef = useRef(props.editing);
  editingRef.current = props.editing;
  const graphIdentityRef = useRef<unknown>(props.identity ?? graph);
  graphIdentityRef.current = props.identity ?? graph;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  const [collapseMode, setCollapseMode] = useState<'auto' | boolean>('auto');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [rendered, setRendered] = useState<{ nodes: number; edges: number } | undefined>();
  const [status, setStatus] = useState('');
  const [query, setQuery] = useState('');
  const matchesRef = useRef<{ query: string; ids: string[]; next: number }>({ query: '', ids: [], next: 0 });
  const searchId = useId();
  const helpId = useId();

  // A new graph starts collapsed again.
  const graphIdentity = props.identity ?? graph;
  const [graphSeen, setGraphSeen] = useState<unknown>(graphIdentity);
  if (graphSeen !== graphIdentity) {
    setGraphSeen(graphIdentity);
    setExpanded(new Set());
  }

  const highlightKey = (highlight ?? []).join('\u0000');
  const highlightSet = useMemo(
    () => new Set(highlightKey ? highlightKey.split('\u0000') : []),
    [highlightKey],
  );
  const prepared = useMemo(
    () => prepareGraph(graph, { collapse: collapseMode, expanded, highlight: highlightSet, v0Semantics }),
    [graph, collapseMode, expanded, highlightSet, v0Semantics],
  );
  const preparedRef = useRef(prepared);
  preparedRef.current = prepared;

  // Create Cytoscape once.
  useEffect(() => {
    const container = containerRef.current!;
    const palette = readPalette(container, theme);
    paletteKey.current = JSON.stringify(palette);
    const cy = cytoscape({
      container,
      style: graphStylesheet(palette),
      layout: { name: 'preset' },
      minZoom: 0.0005,
      maxZoom: 3,
      autounselectify: true,
      autoungrabify: true,
      boxSelectionEnabled: false,
    });
    cyRef.current = cy;
    // A new instance (StrictMode remounts too) has no viewport yet: the next build sets it.
    lastGraph.current = undefined;
    if (import.meta.env.DEV || import.meta.env.MODE === 'test' || navigator.webdriver) window.__fbcGraph = cy;
    cy.on('tap', 'node', (e: EventObject) => {
      const node = e.target as NodeSingular;
      if (node.data('kind') === 'collapsed') {
        expandChunk(node.id());
        return;
      }
      onSelectRef.current(node.id());
    });
    cy.on('tap', (e: EventObject) => {
      if (e.target === cy) onSelectRef.current(undefined);
    });
    // --- Paths: v0 tooltips, the instance for export ---
    cy.on('mouseover', 'edge[why], node.v0skipped', (e: EventObject) => {
      const why = e.target.isEdge()
        ? String(e.target.data('why'))
        : `${String(e.target.data('name'))} is skipped: OLM v0 never upgrades to it, and ignores its edges`;
      setTip({ x: e.renderedPosition.x, y: e.renderedPosition.y, text: why });
    });
    cy.on('mouseout', 'edge[why], node.v0skipped', () => setTip(undefined));
    cy.on('viewport', () => setTip(undefined));
    onCyRef.current?.(cy);
    // --- Editing: context menus and drawn edges ---
    const detachEditing = attachGraphEditing(cy, container, () => editingRef.current);
    // --- End of paths ---
    return () => {
      noteGraphEntries(0);
      onCyRef.current?.(null);
      detachEditing();
      if (window.__fbcGraph === cy) delete window.__fbcGraph;
      cy.destroy();
      cyRef.current = null;
    };
    // Created once; theme changes restyle below.
  }, []);

  const expandChunk = useCallback((id: string) => {
    setExpanded((prev) => new Set(prev).add(id));
    pendingFocus.current = id.slice('collapsed:'.length);
  }, []);
  const pendingFocus = useRef<string | undefined>(undefined);
  /** Set by focusNode: the selection effect then leaves the viewport to focusNode's animation. */
  const focusedRef = useRef<string | undefined>(undefined);
  const lastGraph = useRef<unknown>(undefined);

  // (Re)build the elements when the prepared graph changes.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const newGraph = lastGraph.current !== graphIdentityRef.current;
    lastGraph.current = graphIdentityRef.current;
    // Only what changed: an edit keeps Cytoscape's caches for the rest (sync-elements.ts).
    syncElements(cy, prepared.elements);
    const big = prepared.view.nodes.length > 1500;
    // Cheaper frames while panning/zooming big graphs.
    const renderer = (cy as unknown as { renderer?: () => { hideEdgesOnViewport?: boolean } }).renderer?.();
    if (renderer) renderer.hideEdgesOnViewport = big;
    if (newGraph) initialViewport(cy, selected, maxZoomRef.current);
    else if (pendingFocus.current) {
      const node = cy.getElementById(pendingFocus.current);
      if (node.nonempty()) cy.center(node);
    }
    pendingFocus.current = undefined;
    applySelection(cy, selected);
    // What the editor weighs when deciding whether the views follow every keystroke (show-generation.ts).
    noteGraphEntries(prepared.full.nodes.length);
    let cancelled = false;
    // Cytoscape fires 'render' after it has drawn the frame: the graph on screen is this one.
    cy.one('render', () => {
      if (cancelled) return;
      const counts = { nodes: cy.nodes().length, edges: cy.edges().length };
      // Said on the element at once (tests and benchmarks read it), not a React render later.
      const root = rootRef.current;
      if (root) {
        root.dataset.nodeCount = String(counts.nodes);
        root.dataset.edgeCount = String(counts.edges);
        root.dataset.ready = 'true';
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
    if (selected && cy.getElementById(selected).empty()) {
      const chunk = findHidingChunk(preparedRef.current.view, selected);
      if (chunk) {
        setExpanded((prev) => new Set(prev).add(chunk.id));
        pendingFocus.current = selected;
        return;
      }
    }
    applySelection(cy, selected);
    // focusNode already animates to the bundles it selects.
    const focused = focusedRef.current === selected;
    focusedRef.current = undefined;
    if (selected && !focused) {
      const node = cy.getElementById(selected);
      if (node.nonempty() && !inViewport(cy, node)) {
        cy.stop(true, false);
        cy.animate({ center: { eles: node } }, { duration: reducedMotion() ? 0 : 200 });
      }
    }
  }, [selected, prepared]);

  // --- Paths: the upgrade path's edges; presentation refits the graph larger ---
  const pathKey = (path ?? []).join('\u0000');
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const hops = pathKey ? pathKey.split('\u0000') : [];
    cy.batch(() => {
      cy.$('.path-edge').removeClass('path-edge');
      for (let i = 0; i + 1 < hops.length; i++) {
        cy.getElementById(hops[i]!)
          .edgesTo(cy.getElementById(hops[i + 1]!))
          .addClass('path-edge');
      }
    });
  }, [pathKey, prepared]);
  const presentedOnce = useRef(false);
  useEffect(() => {
    const cy = cyRef.current;
    const el = containerRef.current;
    // Only on a change (the first build already sets the viewport).
    if (!cy || !el || (!presentedOnce.current && !presentation)) return;
    presentedOnce.current = true;
    // The shell's layout changes around the graph (panels hide or come back, perhaps a frame or a
    // stylesheet later): fit whenever the canvas changes size; while presenting, for as long as it lasts.
    let frame = 0;
    const refit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        cy.resize();
        initialViewport(cy, undefined, maxZoomRef.current);
      });
    };
    const ro = new ResizeObserver(refit);
    ro.observe(el);
    refit();
    const stop = presentation ? 0 : window.setTimeout(() => ro.disconnect(), 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(stop);
      ro.disconnect();
    };
  }, [presentation]);
  // --- End of paths ---

  // Theme: re-read the CSS variables after the shell has applied them (next frame), and whenever the
  // document's class/style/data-theme changes (the shell may switch themes without a prop change).
  useEffect(() => {
    const restyle = () => {
      const cy = cyRef.current;
      const el = containerRef.current;
      if (!cy || !el) return;
      // Restyling re-resolves every element's style (~1 s at 5,000 nodes): only when colours changed.
      const palette = readPalette(el, theme);
      const key = JSON.stringify(palette);
      if (key === paletteKey.current) return;
      paletteKey.current = key;
      cy.style(graphStylesheet(palette));
    };
    let frame = requestAnimationFrame(restyle);
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(restyle);
    };
    const mo = new MutationObserver(schedule);
    for (const el of [document.documentElement, document.body]) {
      mo.observe(el, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    }
    const mq = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
    mq?.addEventListener('change', schedule);
    return () => {
      cancelAnimationFrame(frame);
      mo.disconnect();
      mq?.removeEventListener('change', schedule);
    };
  }, [theme]);

  const zoomBy = (factor: number) => {
    const cy = cyRef.current;
    if (!cy) return;
    // An explicit zoom wins over a running centring animation.
    cy.stop(true, true);
    const level = Math.min(cy.maxZoom(), Math.max(cy.minZoom(), cy.zoom() * factor));
    cy.zoom({ level, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
  };
  const fit = () => {
    cyRef.current?.stop(true, true);
    cyRef.current?.fit(undefined, 30);
  };

  const focusNode = (id: string) => {
    const cy = cyRef.current;
    const node = cy?.getElementById(id);
    if (id !== selected) focusedRef.current = id;
    onSelectRef.current(id);
    if (cy && node && node.nonempty()) {
      cy.stop(true, false);
      cy.animate(
        { center: { eles: node }, zoom: Math.max(cy.zoom(), 1) },
        { duration: reducedMotion() ? 0 : 250 },
      );
    }
  };

  const find = () => {
    const q = query.trim();
    if (!q) return;
    const m = matchesRef.current;
    if (m.query !== q) {
      // Search every bundle, including those hidden in collapsed runs (selecting one expands its run).
      matchesRef.current = { query: q, ids: findBundles(prepared.full, q), next: 0 };
    }
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

  const onCanvasKey = (e: React.KeyboardEvent) => {
    const cy = cyRef.current;
    if (!cy) return;
    const dirs: Record<string, Direction> = {
      ArrowRight: 'newer',
      ArrowLeft: 'older',
      ArrowUp: 'up',
      ArrowDown: 'down',
    };
    if (e.key in dirs && e.shiftKey) {
      // Shift+arrow pans the view without changing the selection.
      e.preventDefault();
      const step = 120;
      const d = { ArrowRight: [-step, 0], ArrowLeft: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[
        e.key
      ]!;
      cy.stop(true, true);
      cy.panBy({ x: d[0]!, y: d[1]! });
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const { view, layout } = prepared;
      const to =
        e.key === 'End'
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
    } else if (e.key in dirs) {
      e.preventDefault();
      const { view, layout } = prepared;
      const from = selected && layout.positions.has(selected) ? selected : undefined;
      let to = from ? neighbour(view, layout, from, dirs[e.key]!) : startNode(view, layout);
      if (to === undefined) return;
      const target = view.nodes.find((n) => n.id === to);
      if (target?.kind === 'collapsed') {
        // Step into a collapsed run: expand it and land on its nearest member.
        const members = target.members!;
        to = dirs[e.key] === 'older' ? members[members.length - 1]! : members[0]!;
        expandChunk(collapsedId(members[0]!));
      }
      const name = prepared.full.nodes.find((n) => n.id === to)?.name ?? to;
      setStatus(`Selected ${name}`);
      focusNode(to);
    } else if (e.key === '+' || e.key === '=') {
      zoomBy(ZOOM_STEP);
    } else if (e.key === '-' || e.key === '_') {
      zoomBy(1 / ZOOM_STEP);
    } else if (e.key === '0') {
      fit();
    } else if (e.key === 'Escape') {
      onSelectRef.current(undefined);
    } else if (e.key === 'Enter' && selected) {
      focusNode(selected);
    }
  };

  const isPackage = !isChannelGraph(graph);
  const collapsedCount = prepared.view.nodes.filter((n) => n.kind === 'collapsed').length;
  const bundleCount = prepared.full.nodes.filter((n) => n.kind === 'bundle').length;
  const title = isPackage
    ? `${prepared.full.package || 'Package'}: all channels`
    : `${(graph as ChannelGraph).package} / ${(graph as ChannelGraph).channel}`;

  return (
    <div
      ref={rootRef}
      className="fbc-graph"
      data-testid="channel-graph"
      data-node-count={rendered?.nodes ?? 0}
      data-edge-count={rendered?.edges ?? 0}
      data-collapsed={String(prepared.collapsed && collapsedCount > 0)}
      data-ready={rendered ? 'true' : 'false'}
    >
      <div className="fbc-graph-toolbar" role="toolbar" aria-label="Graph controls">
        {props.toolbarStart}
        <button type="button" onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in" title="Zoom in (+)">
          +
        </button>
        <button
          type="button"
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          aria-label="Zoom out"
          title="Zoom out (−)"
        >
          −
        </button>
        <button type="button" onClick={fit} aria-label="Fit graph to view" title="Fit (0)">
          Fit
        </button>
        <button
          type="button"
          aria-pressed={prepared.collapsed}
          onClick={() => {
            setExpanded(new Set());
            setCollapseMode(!prepared.collapsed);
          }}
          title="Collapse long linear replaces runs into +N nodes"
        >
          Collapse runs
        </button>
        {props.onPackageViewChange && (
          <button
            type="button"
            aria-pressed={!!props.packageView}
            onClick={() => props.onPackageViewChange!(!props.packageView)}
            title="Show every channel of the package at once"
          >
            Whole package
          </button>
        )}
        <form
          className="fbc-graph-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            find();
          }}
        >
          <label htmlFor={searchId}>Find bundle</label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="name or version"
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit">Find</button>
        </form>
        <span className="fbc-graph-status" role="status" aria-live="polite">
          {status}
        </span>
      </div>
      <div className="fbc-graph-stage">
        <div className="fbc-graph-title">
          <strong>{title}</strong>
          {!isPackage && (graph as ChannelGraph).isDefault && (
            <span className="fbc-badge">default channel</span>
          )}
          {isPackage && prepared.full.defaultChannel && (
            <span className="fbc-badge">default: {prepared.full.defaultChannel}</span>
          )}
          <span className="fbc-graph-count">
            {bundleCount} bundle{bundleCount === 1 ? '' : 's'}
            {collapsedCount > 0 && ` · ${collapsedCount} collapsed run${collapsedCount === 1 ? '' : 's'}`}
          </span>
        </div>
        <div
          ref={containerRef}
          className="fbc-graph-canvas"
          tabIndex={0}
          role="application"
          aria-roledescription="upgrade graph"
          aria-label={`Upgrade graph of ${title}, ${bundleCount} bundles`}
          aria-describedby={helpId}
          onKeyDown={onCanvasKey}
        />
        <p id={helpId} className="fbc-visually-hidden">
          Arrow right and left move to the newer or older bundle, up and down within a column; Home and End go
          to the oldest bundle and the head; Shift with an arrow pans; plus and minus zoom, 0 fits, Escape
          clears the selection.
        </p>
        <GraphLegend
          v0Semantics={v0Semantics}
          showCollapsed={collapsedCount > 0}
          showPath={(path?.length ?? 0) > 1 || (highlight?.length ?? 0) > 0}
        />
        {tip && (
          <div className="fbc-graph-tip" role="tooltip" style={{ left: tip.x + 12, top: tip.y + 12 }}>
            {tip.text}
          </div>
        )}
      </div>
    </div>
  );
}

/** Named export as well: the shell's lazy loader picks `ChannelGraphView` by name. */
export { ChannelGraphView };
/** For the Export graph menu (src/app/export): the palette the graph is drawn with. */
export { readPalette } from './style';

function applySelection(cy: Core, selected: string | undefined): void {
  cy.batch(() => {
    cy.$('.sel').removeClass('sel');
    cy.$('.sel-edge').removeClass('sel-edge');
    if (!selected) return;
    const node = cy.getElementById(selected);
    node.addClass('sel');
    node.connectedEdges().addClass('sel-edge');
  });
}

function inViewport(cy: Core, node: NodeSingular): boolean {
  const ext = cy.extent();
  const p = node.position();
  return p.x > ext.x1 && p.x < ext.x2 && p.y > ext.y1 && p.y < ext.y2;
}

/**
 * Fit when the whole graph is readable; otherwise show the selected node or the head (the right
 * end, where maintainers add bundles) at a readable zoom.
 */
function initialViewport(cy: Core, selected: string | undefined, maxZoom = 1.2): void {
  cy.fit(undefined, 30);
  if (cy.zoom() > maxZoom)
    cy.zoom({ level: maxZoom, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
  if (cy.zoom() >= MIN_READABLE_ZOOM) {
    if (cy.zoom() <= maxZoom) cy.fit(undefined, 30);
    if (cy.zoom() > maxZoom) cy.center();
    return;
  }
  const focus =
    (selected && cy.getElementById(selected).nonempty() && cy.getElementById(selected)) || headNode(cy);
  if (!focus || focus.empty()) return;
  const z = 0.9;
  const p = focus.position();
  const x = selected ? cy.width() / 2 : cy.width() - 140;
  cy.viewport({ zoom: z, pan: { x: x - p.x * z, y: cy.height() / 2 - p.y * z } });
}

function headNode(cy: Core) {
  const heads = cy.nodes('.head');
  const pool = heads.nonempty() ? heads : cy.nodes();
  let best: NodeSingular | undefined;
  pool.forEach((n) => {
    if (!best || n.position('x') > best.position('x')) best = n;
  });
  return best ? cy.collection(best) : undefined;
}
