/**
 * The graph view pulls in Cytoscape (hundreds of kB), so it is its own chunk, loaded when a
 * channel is first shown: the initial JS stays within its budget.
 */
import { lazy, Suspense, type ReactNode } from 'react';

export const ChannelGraphView = lazy(() => import('../graph/ChannelGraphView'));

/** A repository's catalog switcher and versions matrix: only a repository loads it. */
export const RepositoryBar = lazy(() => import('../repository/RepositoryBar'));

/** The Compare view (diff, impact, graph overlay): loaded when it is first opened. */
export const CompareView = lazy(() => import('../compare/CompareView'));

/** The catalog overview (no package selected): not part of the package view's initial JS. */
export const Overview = lazy(() => import('./Overview').then((m) => ({ default: m.Overview })));

/** A lazily loaded part of a panel or menu: "Loading…" in its place until its chunk has arrived. */
export function WhileLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="muted small">Loading…</p>}>{children}</Suspense>;
}
