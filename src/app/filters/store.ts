import { create } from 'zustand';
import type { EdgeKind } from '../graph/types';

/**
 * How the graph (and the entries table) is shown: OLM v0 semantics, version windows, edge kinds,
 * presentation mode. One store for every view, so a filter set on the graph also holds in the
 * table, in the whole-package view and across channel switches.
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
  set(patch: Partial<Omit<ViewOptions, 'set'>>): void;
}

export const windowKey = (pkg: string, channel: string): string => `${pkg}\u0000${channel}`;

export const ALL_KINDS: Record<EdgeKind, boolean> = { replaces: true, skips: true, skipRange: true };

export const useViewOptions = create<ViewOptions>()((set) => ({
  v0Semantics: false,
  edgeKinds: ALL_KINDS,
  windows: {},
  presenting: false,
  set: (patch) => set(patch),
}));

export function setWindow(pkg: string, channel: string, w: VersionWindow): void {
  const { windows, set } = useViewOptions.getState();
  const next = { ...windows };
  if (w.min === undefined && w.max === undefined) delete next[windowKey(pkg, channel)];
  else next[windowKey(pkg, channel)] = w;
  set({ windows: next });
}
