/**
 * The app-wide overlays: which dialog is up, the notice, the context menu. Any folder of the app
 * opens a dialog or says something through these named mutations (plain functions, so components
 * call them without subscribing). Kept small: it is part of the initial bundle, while the dialogs
 * themselves are lazy parts (lazy-parts.tsx).
 */
import { create } from 'zustand';
import type { SourceSpec } from '../../browser/source-spec';
import type { ActionName } from '../../protocol/catalog-protocol';
import type { KeptBundles } from '../../core/mirror/in-catalog';

/** The action picker: an action with the arguments known from where it was started. */
export interface ActionRequest {
  action: ActionName;
  args: Record<string, unknown>;
}

export type Dialog =
  | { kind: 'palette' }
  | { kind: 'action'; request: ActionRequest }
  | { kind: 'review'; path?: string }
  /** `access`: the answer to the write-permission request started by the click that opened it. */
  | { kind: 'write'; target: 'folder' | 'zip'; access?: Promise<boolean> }
  /** Every catalog's pending edits written at once (a repository's, from Review). */
  | { kind: 'writeAll'; access?: Promise<boolean> }
  /** A bundle folder to add to the open catalog (dropped, or picked from the palette). */
  /** `image`: an image the server pulled (Add bundle by image reference). */
  | { kind: 'addBundle'; spec: SourceSpec; image?: string }
  /** Help: the keyboard shortcuts sheet (`?`) and the four-step tour (src/app/help). */
  | { kind: 'help' }
  | { kind: 'tour' }
  /** The OLM v1 ClusterExtension preview (src/app/olmv1), docked beside the graph. */
  | { kind: 'olmv1' }
  /** The Mirror plan of an ImageSetConfiguration (src/app/mirror), docked beside the graph. */
  | { kind: 'mirror' };

export interface Notice {
  kind: 'ok' | 'error' | 'info';
  text: string;
  /** Detail lines (files written / not written). */
  lines?: string[];
}

/** The context menu of the graph or a panel. */
export interface Menu {
  x: number;
  y: number;
  items: MenuItem[];
  label: string;
}

export interface MenuItem {
  label: string;
  detail?: string;
  run: () => void;
  disabled?: boolean;
}

export interface UiState {
  dialog?: Dialog;
  notice?: Notice;
  menu?: Menu;
  /**
   * What the Mirror plan keeps, for the graphs to mark (graph/use-mirror-marks.ts) while its view is
   * up; unset when no plan is shown or oc-mirror would stop. Goes with the dialog.
   */
  mirrorKept?: KeptBundles;
}

export const useUi = create<UiState>()(() => ({}));

const set = useUi.setState;

export const showNotice = (notice: Notice) => set({ notice });
export const dismissNotice = () => set({ notice: undefined });
/** A dialog is modal: a context menu left open under it would be stale. */
export const openDialog = (dialog: Dialog) => set({ dialog, menu: undefined });
export const closeDialog = () => set({ dialog: undefined, mirrorKept: undefined });
/** Closes the dialog that just did its work, saying so. */
export const dialogDone = (notice: Notice) => set({ dialog: undefined, notice });
export const showMenu = (menu: Menu) => set({ menu });
export const closeMenu = () => set({ menu: undefined });
/** A new catalog is open: what was up for the previous one goes (the notice stays). */
export const closeOverlays = () => set({ dialog: undefined, menu: undefined, mirrorKept: undefined });
/** The Mirror plan was computed again: its kept bundles (null: nothing rebuilt). */
export const mirrorPlanned = (kept: KeptBundles | null) => set({ mirrorKept: kept ?? undefined });
