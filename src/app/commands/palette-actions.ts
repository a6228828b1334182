/**
 * The command palette's action entries, from the registry's specs alone: one per action, offered
 * at the first of its placements whose thing is selected (core/edit/offers.ts `paletteOffer`).
 * Plain data, apart from the component, so what the palette offers can be checked without a page.
 */
import { paletteOffer, type Offer } from '../../core/edit/offers';
import type { ActionSpec } from '../../core/edit/action';

/** What is selected, as the URL says (state/url.ts `View`). */
export interface Selection {
  pkg?: string;
  ch?: string;
  bundle?: string;
}

export interface PaletteAction<N extends string = string> {
  id: string;
  label: string;
  /** Where it applies and its shortcut, e.g. `on stable · Alt+Shift+D`. */
  detail?: string;
  /** Why it cannot run now (undefined: it can). */
  disabled?: string;
  offer: Offer<N>;
}

export function paletteActions<N extends string>(
  specs: readonly ActionSpec<N>[],
  view: Selection,
): PaletteAction<N>[] {
  const selected = { package: view.pkg ?? '', channel: view.ch, bundle: view.bundle };
  return specs.map((spec) => {
    const o = paletteOffer(spec, selected);
    return {
      id: `action:${spec.name}`,
      label: spec.label,
      detail: [o.on && `on ${o.on}`, spec.shortcut].filter(Boolean).join(' · ') || undefined,
      // An action that starts from an input of its own (a bundle folder) needs no package.
      disabled: view.pkg || spec.startsFrom ? undefined : 'open a package first',
      offer: o,
    };
  });
}
