import { create } from 'zustand';
import type { EdgeKind } from '../graph/types';

/**
 * How the graph (and the entries table) is shown: OLM v0 semantics, version windows, edge kinds,
 * presentation mode. One store for every view, so a filter set on the graph also holds in the
 * table, in the whole-package view and across channel switches. Changed only through the named
 * mutations below.
 */

export interface VersionWindow {
  /** Lowest version shown (inclusive); undefined = no lower bound. */
  min?: string;
  /** Highest version shown (inclusive). */
  max?: string;
}

export interface ViewOptions {
  v0Semantics: boolean;
  edgeKinds: Record<EdgeKind, boolean>;
  /** Per channel, keyed by windowKey(package, channel). */
  windows: Record<string, VersionWindow>;
  presenting: boolean;
}

export const windowKey = (pkg: string, channel: string): string => `${pkg}\u0000${channel}`;

export const ALL_KINDS: Record<EdgeKind, boolean> = { replaces: true, skips: true, skipRange: true };

export const useViewOptions = create<ViewOptions>()(() => ({
  v0Semantics: false,
  edgeKinds: ALL_KINDS,
  windows: {},
  presenting: false,
}));

const set = useViewOptions.setState;

export const toggleV0Semantics = () => set((s) => ({ v0Semantics: !s.v0Semantics }));
/** What had focus when the talk started (the Present button): focus goes back there at the end. */
let presentedFrom: HTMLElement | null = null;
export const presentationOpener = () => presentedFrom;
export const startPresenting = () => {
  presentedFrom = typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
  set({ presenting: true });
};
export const stopPresenting = () => set({ presenting: false });
export const showEdgeKind = (kind: EdgeKind, on: boolean) =>
  set((s) => ({ edgeKinds: { ...s.edgeKinds, [kind]: on } }));

/** Every edge kind again, and no version window on any channel of `pkg`. */
export function clearFilters(pkg: string): void {
  const prefix = windowKey(pkg, '');
  const { windows } = useViewOptions.getState();
  set({
    windows: Object.fromEntries(Object.entries(windows).filter(([k]) => !k.startsWith(prefix))),
    edgeKinds: ALL_KINDS,
  });
}

export function setWindow(pkg: string, channel: string, w: VersionWindow): void {
  const { windows } = useViewOptions.getState();
  const next = { ...windows };
  if (w.min === undefined && w.max === undefined) delete next[windowKey(pkg, channel)];
  else next[windowKey(pkg, channel)] = w;
  set({ windows: next });
}
