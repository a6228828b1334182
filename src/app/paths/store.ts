import { create } from 'zustand';
import type { PathAnswer, PathQuery, Semantics, WhoReachesAnswer } from '../../protocol/catalog-protocol';

/**
 * The reviewer's questions and their answers: "show the upgrade path" and "who can reach this
 * bundle". One answer at a time; it is highlighted on the graph of its channel. Answers carry the
 * catalog generation they were computed on, and are asked again after an edit. Changed only
 * through named mutations: the panel's below, the answers' in ask.ts (loaded with the first question).
 */

export interface PathsState {
  /** The last path question (re-asked after an edit). */
  query?: PathQuery;
  answer?: PathAnswer;
  who?: WhoReachesAnswer;
  error?: string;
  busy: boolean;
  /** Which semantics the graph highlights. */
  shown: Semantics;
  generation?: number;
}

export const usePaths = create<PathsState>()(() => ({
  busy: false,
  shown: 'v0',
}));

const set = usePaths.setState;

export const showSemantics = (shown: Semantics) => set({ shown });

/** The bundles (and the ordered path) to highlight on the graph of `pkg`/`channel`. */
export function pathHighlight(
  s: Pick<PathsState, 'answer' | 'who' | 'shown'>,
  pkg: string,
  channel: string,
): { nodes: string[]; path: string[] } {
  if (s.answer && s.answer.package === pkg && s.answer.channel === channel) {
    const steps = s.answer[s.shown].steps;
    const names = steps.map((x) => x.name);
    return { nodes: names, path: names };
  }
  if (s.who && s.who.package === pkg && s.who.channel === channel) {
    return { nodes: [s.who.target, ...s.who[s.shown]], path: [] };
  }
  return { nodes: [], path: [] };
}
