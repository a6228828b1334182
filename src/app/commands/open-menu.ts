/**
 * Opening a context menu. The menus, the action list and the pickers are a lazy chunk (loaded on
 * the first right-click or menu button), so they cost nothing until editing starts.
 */
import { warmEditing } from '../editor/edit-store';
import { showMenu } from '../ui/ui-store';
import type { MenuTarget } from './menus';

export function openMenu(target: MenuTarget, x: number, y: number): void {
  warmEditing();
  void import('./menus')
    .then(({ loadMenu }) => loadMenu(target))
    .then(({ label, items }) => showMenu({ x, y, label, items }));
}
