/**
 * Starting an action from a menu, the palette, a shortcut or a drag: when everything it needs is
 * known and it warns about nothing, it is applied at once (one click, undoable); otherwise the
 * picker opens, showing choices and warnings before anything changes.
 */
import { actionTitle, missingFields, type ActionStart } from '../../core/edit/action';
import type { ActionName } from '../../protocol/catalog-protocol';
import { performAction, previewAction } from '../editor/edit-client';
import { closeMenu, openDialog, showNotice } from '../ui/ui-store';
import { actionSpec } from './action-specs';

/** What opens an action that starts from an input of its own (its spec's `startsFrom`). */
const STARTS: Record<ActionStart, () => Promise<void>> = {
  // A bundle folder: ask for the folder, then the add-bundle dialog.
  'bundle-folder': () => import('../bundle/add-bundle-start').then((m) => m.pickBundleFolder()),
};

export async function runAction(name: ActionName, args: Record<string, unknown>): Promise<void> {
  closeMenu();
  const a = await actionSpec(name);
  if (!a) return;
  if (a.startsFrom) return STARTS[a.startsFrom]();
  const direct = missingFields(a, args).length === 0 && !a.fields.some((f) => f.optional);
  if (direct) {
    try {
      const preview = await previewAction(name, args);
      if (!preview.error && preview.warnings.length === 0) {
        const r = await performAction(name, args);
        if (!r.error) {
          showNotice({ kind: 'ok', text: `${actionTitle(a.label)}: done. Undo with Ctrl+Z.` });
          return;
        }
      }
    } catch (e) {
      showNotice({ kind: 'error', text: `${a.label}: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
  }
  openDialog({ kind: 'action', request: { action: name, args } });
}
