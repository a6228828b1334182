/**
 * An action's own shortcut (its spec's `shortcut`, e.g. Alt+Shift+P) runs it on the selection, as
 * the palette would. Loaded on the first such key press with the specs, which come from the worker
 * with the edit code (not loaded at start: initial-JS budget). Alt+Shift+letter has no browser
 * default, so nothing needs preventing before this module is there.
 */
import { paletteOffer } from '../../core/edit/offers';
import { currentView } from '../state/url';
import { loadActionSpecs } from './action-specs';
import { keyTest } from './key-chord';
import { runAction } from './run-action';

export async function runActionShortcut(e: KeyboardEvent): Promise<boolean> {
  const spec = (await loadActionSpecs()).find((s) => s.shortcut && keyTest(s.shortcut)(e));
  const view = currentView();
  if (!spec || !view.pkg) return false;
  await runAction(
    spec.name,
    paletteOffer(spec, { package: view.pkg, channel: view.ch, bundle: view.bundle }).args,
  );
  return true;
}
