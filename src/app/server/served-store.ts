/** The reload offer's state (served.ts): which files changed on disk, through named mutations. */
import { create } from 'zustand';

interface ServedState {
  /** Files changed on disk since the folder was read (not yet reloaded or dismissed). */
  changed: string[];
}

export const useServed = create<ServedState>()(() => ({ changed: [] }));
export const diskChanged = (paths: string[]) =>
  useServed.setState((s) => ({ changed: [...new Set([...s.changed, ...paths])].sort() }));
export const reloadOfferClosed = () => useServed.setState({ changed: [] });
