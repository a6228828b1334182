/**
 * Every lazily loaded part of the page, in one place: each is its own chunk, loaded when it is
 * first shown, so the initial JavaScript stays within its budget (test/e2e/budget.spec.ts). A part
 * that is not needed for the first view of a catalog is added here and imported from here.
 */
import { lazy, Suspense, type ReactNode } from 'react';

// The catalog views.

/** The graph view pulls in Cytoscape (hundreds of kB): loaded when a channel is first shown. */
export const ChannelGraphView = lazy(() => import('../graph/ChannelGraphView'));

/** A repository's catalog switcher and versions matrix: only a repository loads it. */
export const RepositoryBar = lazy(() => import('../repository/RepositoryBar'));

/** The Compare view (diff, impact, graph overlay): loaded when it is first opened. */
export const CompareView = lazy(() => import('../compare/CompareView'));

/** The catalog overview (no package selected): not part of the package view's initial JS. */
export const Overview = lazy(() => import('../components/Overview').then((m) => ({ default: m.Overview })));

// Editing: nothing here loads until the editor, a picker, the palette or the review is opened.

export const EditorDock = lazy(() => import('../editor/EditorDock'));
export const ActionDialog = lazy(() => import('../commands/ActionDialog'));
export const CommandPalette = lazy(() => import('../commands/CommandPalette'));
export const ReviewDialog = lazy(() => import('../review/ReviewDialog'));
export const WriteDialog = lazy(() => import('../review/WriteDialog'));
export const WriteAllDialog = lazy(() => import('../review/WriteAllDialog'));
export const AddBundleDialog = lazy(() => import('../bundle/AddBundleDialog'));
export const ContextMenu = lazy(() =>
  import('../commands/ContextMenu').then((m) => ({ default: m.ContextMenu })),
);
export const FileList = lazy(() => import('../editor/FileList'));
export const DraftBanner = lazy(() =>
  import('../drafts/DraftBanner').then((m) => ({ default: m.DraftBanner })),
);
export const EditOverlays = lazy(() =>
  import('../editor/EditOverlays').then((m) => ({ default: m.EditOverlays })),
);
export const HelpSheet = lazy(() => import('../help/HelpSheet'));
export const ClusterExtensionPanel = lazy(() => import('../olmv1/ClusterExtensionPanel'));
export const MirrorPlanPanel = lazy(() => import('../mirror/MirrorPlanPanel'));
export const Tour = lazy(() => import('../help/Tour'));

/** A lazily loaded part of a panel or menu: "Loading…" in its place until its chunk has arrived. */
export function WhileLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="muted small">Loading…</p>}>{children}</Suspense>;
}
