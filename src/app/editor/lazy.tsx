/**
 * The editing UI that needs Monaco or the pickers is split into lazy chunks, so the initial
 * JavaScript stays within its budget: nothing here loads until the editor, a picker, the palette
 * or the review is opened.
 */
import { lazy } from 'react';

export const EditorDock = lazy(() => import('./EditorDock'));
export const ActionDialog = lazy(() => import('../commands/ActionDialog'));
export const CommandPalette = lazy(() => import('../commands/CommandPalette'));
export const ReviewDialog = lazy(() => import('../review/ReviewDialog'));
export const WriteDialog = lazy(() => import('../review/WriteDialog'));
export const AddBundleDialog = lazy(() => import('../bundle/AddBundleDialog'));
export const ContextMenu = lazy(() =>
  import('../commands/ContextMenu').then((m) => ({ default: m.ContextMenu })),
);
export const FileList = lazy(() => import('./FileList'));
export const DraftBanner = lazy(() =>
  import('../drafts/DraftBanner').then((m) => ({ default: m.DraftBanner })),
);
export const EditOverlays = lazy(() => import('./EditOverlays').then((m) => ({ default: m.EditOverlays })));
export const HelpSheet = lazy(() => import('../help/HelpSheet'));
export const Tour = lazy(() => import('../help/Tour'));
