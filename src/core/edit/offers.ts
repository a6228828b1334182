import type { ActionSpec, MenuPlace, Placement } from './action';

/**
 * Where the UI offers each action and with which arguments, derived from the actions' specs alone:
 * context menus, panel buttons, the graph's draw-an-edge menu, the command palette and the
 * shortcuts all call these, so an action's placement is written once, in its definition.
 * Pure data in, data out (the UI holds the specs it got from the worker).
 */

/** What was clicked or is selected. For an edge, `to` holds the edge and `from` is its older end. */
export interface Click {
  package: string;
  channel?: string;
  bundle?: string;
  from?: string;
  to?: string;
}

/** One offer of an action; `N` is the registry's name type (`ActionName` where the registry is known). */
export interface Offer<N extends string = string> {
  action: N;
  label: string;
  args: Record<string, unknown>;
}

const DEFAULT_ARGS: Record<string, string> = {
  package: '{package}',
  channel: '{channel}',
  bundle: '{bundle}',
};

/** `text` with its `{slot}`s filled from the click; undefined when a slot is missing or the result empty. */
function fill(text: string, click: Click): string | undefined {
  let missing = false;
  const out = text.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const v = click[slot as keyof Click];
    if (v === undefined || v === '') missing = true;
    return v ?? '';
  });
  return missing || out === '' ? undefined : out;
}

export function placementArgs(p: Placement | undefined, click: Click): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [arg, text] of Object.entries({ ...DEFAULT_ARGS, ...p?.args })) {
    const v = fill(text, click);
    if (v !== undefined) args[arg] = v;
  }
  return args;
}

/** The offer of every action at one place, in registry order. */
export function offersAt<N extends string>(
  specs: readonly ActionSpec<N>[],
  place: MenuPlace,
  click: Click,
): Offer<N>[] {
  const out: Offer<N>[] = [];
  for (const spec of specs)
    for (const p of spec.placements) {
      if (p.on !== place) continue;
      out.push({
        action: spec.name,
        label: fill(p.label ?? spec.label, click) ?? spec.label,
        args: placementArgs(p, click),
      });
    }
  return out;
}

/** The offers for an edge drawn between two bundles: every `draw` placement, in both directions. */
export function drawOffers<N extends string>(
  specs: readonly ActionSpec<N>[],
  click: Click & { from: string; to: string },
): Offer<N>[] {
  const back = { ...click, from: click.to, to: click.from };
  return [...offersAt(specs, 'draw', click), ...offersAt(specs, 'draw', back)];
}

/**
 * The palette's (and a shortcut's) offer of an action: at the first of its placements, in the order
 * its definition lists them, whose thing is selected (a bundle, a channel, or the package); with
 * the selection's names when none fits.
 */
export function paletteOffer<N extends string>(
  spec: ActionSpec<N>,
  selected: Click,
): Offer<N> & { on?: string } {
  for (const p of spec.placements) {
    if (p.on !== 'bundle' && p.on !== 'channel' && p.on !== 'package') continue;
    if (!selected[p.on]) continue;
    const on =
      p.on === 'bundle'
        ? selected.bundle
        : p.on === 'channel'
          ? `channel ${selected.channel}`
          : selected.package;
    return { action: spec.name, label: spec.label, args: placementArgs(p, selected), on };
  }
  return {
    action: spec.name,
    label: spec.label,
    args: placementArgs(undefined, selected),
    on: selected.package,
  };
}
