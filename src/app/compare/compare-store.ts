import { create } from 'zustand';

/**
 * Whether the Compare view is open. The view itself is a lazy chunk (src/app/compare/CompareView),
 * so only this flag and its two mutations are part of the initial JS.
 */
export const useCompare = create<{ open: boolean }>()(() => ({ open: false }));

export const openCompare = () => useCompare.setState({ open: true });
export const closeCompare = () => useCompare.setState({ open: false });
