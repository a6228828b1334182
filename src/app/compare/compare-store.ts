import { create } from 'zustand';
import type { CompareReply, CompareRequest } from '../../protocol/catalog-protocol';

/**
 * Whether the Compare view is open, and its last comparison: closing keeps it, so reopening shows
 * the result again (for the catalog it was made on). The view itself is a lazy chunk
 * (src/app/compare/CompareView); only this state and its mutations are part of the initial JS.
 */
export interface LastCompare {
  /** The catalog the comparison was made on (summary name + catalog id). */
  on: string;
  against: CompareRequest;
  /** How the compared folder or zip is named, when one was picked. */
  pickedName?: string;
  swapped: boolean;
  reply: CompareReply;
  /** Counts runs, so each result is drawn afresh. */
  run: number;
}

export const useCompare = create<{ open: boolean; last?: LastCompare }>()(() => ({ open: false }));

export const openCompare = () => useCompare.setState({ open: true });
export const closeCompare = () => useCompare.setState({ open: false });
export const compareDone = (last: Omit<LastCompare, 'run'>) =>
  useCompare.setState((s) => ({ last: { ...last, run: (s.last?.run ?? 0) + 1 } }));
