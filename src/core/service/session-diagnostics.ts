/**
 * The problems list of one catalog as the UI fetches it: whole, in slices, or as a delta from a
 * generation the UI still holds. Owns the lists of the catalog's last few generations (what a
 * delta is computed against); separate from the other views because only it looks back in time.
 */
import { fullMessage } from './diagnostic-views';
import type { DiagnosticsDelta } from './diagnostics-delta';
import type { Snapshot } from './session-snapshot';
import type { DiagnosticView } from './views';

/**
 * What a slice of the problems list may weigh, in objects to decode: about 2,000 problems without
 * targets (a problem is ~6 objects with its location), 1,000 naming four bundles each.
 */
export const SLICE_WEIGHT = 12_000;

/** The objects a problem sends: itself, its location, and four per target (the target, its range, two positions). */
function problemWeight(d: DiagnosticView): number {
  return 6 + 4 * (d.targets?.length ?? 0);
}

/** Problems lists kept for deltas (an edit, its undo, a quick redo). */
const RECENT_GENERATIONS = 4;

export class CatalogDiagnostics {
  /** Generation → its problems list, oldest first; the catalog's last RECENT_GENERATIONS only. */
  private readonly recent = new Map<number, DiagnosticView[]>();

  /** `s` became the catalog's current generation. */
  remember(s: Snapshot): void {
    this.recent.set(s.generation, s.diagnostics);
    // Counted, not by number: generations are shared by the catalogs of a service, so this
    // catalog's recent ones need not be consecutive.
    for (const g of this.recent.keys()) {
      if (this.recent.size <= RECENT_GENERATIONS) break;
      this.recent.delete(g);
    }
  }

  /** The whole message of problem `id` of the generation (null when no such problem is in it). */
  fullMessage(s: Snapshot, id: number): string | null {
    const v = s.diagnostics.find((d) => d.id === id);
    return v ? fullMessage(v) : null;
  }

  all(s: Snapshot): DiagnosticView[] {
    return s.diagnostics;
  }

  /**
   * Problems [start, end) of the generation, or fewer: a slice ends once it weighs SLICE_WEIGHT
   * (always after its first problem), and the UI asks on from where it ended. Receiving a message
   * is one task on the UI thread, as long as the message has objects to decode; most of a
   * problem's weight is its targets (each a bundle and where it is written: the stranded-entry
   * findings of a large catalog name ten thousand), which made one slice of 2,000 problems a 40–60
   * ms task on a page's first open.
   */
  slice(
    s: Snapshot,
    start: number,
    end: number,
  ): { generation: number; total: number; items: DiagnosticView[] } {
    const list = s.diagnostics;
    const stop = Math.min(end, list.length);
    let to = start;
    for (let weight = 0; to < stop && (to === start || weight < SLICE_WEIGHT); to++)
      weight += problemWeight(list[to] as DiagnosticView);
    return { generation: s.generation, total: list.length, items: list.slice(start, to) };
  }

  /**
   * What changed in the problems list since generation `base` (which the UI holds), as splices of
   * the old list. Null when `base` is no longer known or the change carries more than `limit`
   * findings (the UI then fetches the list in slices).
   */
  async delta(current: () => Snapshot, base: number, limit: number): Promise<DiagnosticsDelta | null> {
    // Only edits need it: loaded on first use, like the edit session.
    const { diffDiagnostics } = await import('./diagnostics-delta');
    // The generation current once the code is there (an edit may have come in meanwhile).
    const s = current();
    const old = this.recent.get(base);
    if (!old) return null;
    const splices = diffDiagnostics(old, s.diagnostics, limit);
    if (!splices) return null;
    return { generation: s.generation, base, total: s.diagnostics.length, splices };
  }
}
