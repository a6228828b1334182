/**
 * Brings a Cytoscape instance to a new set of element definitions by changing only what differs.
 * After an edit most of a channel's graph is unchanged; removing and re-adding every element would
 * throw away Cytoscape's per-element caches (resolved styles, label textures, edge geometry) and
 * make the next frame redraw everything from scratch — the larger part of an edit's time on screen.
 */
import type { Core, ElementDefinition, SingularElementArgument } from 'cytoscape';

/** Data keys that define an element's identity or endpoints rather than its look. */
const STRUCTURAL = new Set(['id', 'source', 'target']);

export interface SyncStats {
  added: number;
  removed: number;
  updated: number;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

/** Updates one existing element to `def`; true when anything changed. */
function update(ele: SingularElementArgument, def: ElementDefinition): boolean {
  let changed = false;
  const data = def.data as Record<string, unknown>;
  const old = ele.data() as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (!STRUCTURAL.has(k) && !sameValue(old[k], v)) patch[k] = v;
  }
  if (Object.keys(patch).length) {
    ele.data(patch);
    changed = true;
  }
  const gone = Object.keys(old).filter((k) => !STRUCTURAL.has(k) && !(k in data));
  if (gone.length) {
    ele.removeData(gone.join(' '));
    changed = true;
  }
  const classes = typeof def.classes === 'string' ? def.classes : (def.classes ?? []).join(' ');
  if (classesOf(ele) !== normalizeClasses(classes)) {
    ele.classes(classes);
    changed = true;
  }
  if (def.position && ele.isNode()) {
    const p = ele.position();
    if (p.x !== def.position.x || p.y !== def.position.y) {
      ele.position({ ...def.position });
      changed = true;
    }
  }
  return changed;
}

/** Classes the element has from its definition (selection and path marks are the view's own). */
const VIEW_CLASSES = new Set(['sel', 'sel-edge', 'path-edge']);
function classesOf(ele: SingularElementArgument): string {
  return normalizeClasses(
    ele
      .classes()
      .filter((c) => !VIEW_CLASSES.has(c))
      .join(' '),
  );
}
function normalizeClasses(s: string): string {
  return s.split(/\s+/).filter(Boolean).sort().join(' ');
}

/**
 * Makes `cy`'s elements equal to `defs` (same ids, data, classes and positions), in one batch.
 * Edges whose endpoints changed are replaced (Cytoscape cannot re-point an edge in place).
 */
export function syncElements(cy: Core, defs: readonly ElementDefinition[]): SyncStats {
  const stats: SyncStats = { added: 0, removed: 0, updated: 0 };
  cy.batch(() => {
    const wanted = new Map<string, ElementDefinition>();
    for (const d of defs) wanted.set(String(d.data.id), d);
    const stale = cy.collection();
    const kept = new Set<string>();
    cy.elements().forEach((ele) => {
      const def = wanted.get(ele.id());
      const sameGroup = def && (def.group ?? 'nodes') === ele.group();
      const sameEnds =
        !def ||
        !ele.isEdge() ||
        (ele.data('source') === def.data.source && ele.data('target') === def.data.target);
      if (!def || !sameGroup || !sameEnds) {
        stale.merge(ele);
        return;
      }
      kept.add(ele.id());
      if (update(ele, def)) stats.updated++;
    });
    stats.removed = stale.length;
    cy.remove(stale);
    const fresh = defs.filter((d) => !kept.has(String(d.data.id)));
    stats.added = fresh.length;
    // Nodes before edges, so every new edge finds its endpoints.
    cy.add(fresh.filter((d) => (d.group ?? 'nodes') === 'nodes'));
    cy.add(fresh.filter((d) => d.group === 'edges'));
  });
  return stats;
}
