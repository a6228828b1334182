/**
 * What the canvas does with pointer events: a tap selects a bundle (or expands a collapsed run), a
 * tap on the background clears the selection, hovering what OLM v0 ignores shows why, and the editing
 * gestures (context menus, drawn edges) when the graph is editable. Kept apart from the instance's
 * lifecycle so every gesture the graph answers to is listed in one place.
 */
import type { Core, EventObject, NodeSingular } from 'cytoscape';
import type { GraphEditing } from '../commands/graph-editing';

/** Hover text at the pointer. */
export interface GraphTip {
  x: number;
  y: number;
  text: string;
}

export interface GraphHandlers {
  select(id: string | undefined): void;
  /** A collapsed run's node was tapped (its id). */
  expand(chunkId: string): void;
  tip(tip: GraphTip | undefined): void;
  /** Context menus and drawing edges by dragging; absent: the graph is read-only. */
  editing?: GraphEditing;
}

/** Wires the canvas; `handlers` is read at each event (the latest props). Returns the detach. */
export function wireGraphEvents(cy: Core, container: HTMLElement, handlers: () => GraphHandlers): () => void {
  cy.on('tap', 'node', (e: EventObject) => {
    const node = e.target as NodeSingular;
    if (node.data('kind') === 'collapsed') {
      handlers().expand(node.id());
      return;
    }
    handlers().select(node.id());
  });
  cy.on('tap', (e: EventObject) => {
    if (e.target === cy) handlers().select(undefined);
  });
  // --- Paths: v0 tooltips ---
  cy.on('mouseover', 'edge[why], node.v0skipped', (e: EventObject) => {
    const why = e.target.isEdge()
      ? String(e.target.data('why'))
      : `${String(e.target.data('name'))} is skipped: OLM v0 never upgrades to it, and ignores its edges`;
    handlers().tip({ x: e.renderedPosition.x, y: e.renderedPosition.y, text: why });
  });
  cy.on('mouseout', 'edge[why], node.v0skipped', () => handlers().tip(undefined));
  cy.on('viewport', () => handlers().tip(undefined));
  // --- Editing: context menus and drawn edges ---
  return wireEditing(cy, container, () => handlers().editing);
}

/**
 * The editing gestures' code loads with the first pointer over the canvas (a graph only looked at
 * never runs it). A gesture begun before it is in (a quick right-click, a drag started at once) is
 * kept and handed over, so the first one is answered like any other.
 */
function wireEditing(cy: Core, container: HTMLElement, editing: () => GraphEditing | undefined): () => void {
  // The graph's own menu replaces the browser's, from the start.
  const noNativeMenu = (e: Event) => e.preventDefault();
  container.addEventListener('contextmenu', noNativeMenu);
  const missed: EventObject[] = [];
  const keep = (e: EventObject) => void missed.push(e);
  cy.on('cxttap tapstart tapend', keep);
  let detach: (() => void) | undefined;
  let gone = false;
  const unlisten = () => {
    container.removeEventListener('pointerover', load);
    container.removeEventListener('pointerdown', load);
  };
  const load = () => {
    unlisten();
    void import('../commands/graph-editing').then((m) => {
      if (gone) return;
      cy.off('cxttap tapstart tapend', keep);
      detach = m.attachGraphEditing(cy, container, editing, missed.splice(0));
    });
  };
  container.addEventListener('pointerover', load);
  container.addEventListener('pointerdown', load);
  return () => {
    gone = true;
    unlisten();
    cy.off('cxttap tapstart tapend', keep);
    container.removeEventListener('contextmenu', noNativeMenu);
    detach?.();
  };
}
