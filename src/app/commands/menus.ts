/**
 * Context menu contents for the graph (nodes, edges, background, a drawn edge), the bundle panel
 * and the channel tabs. The action items come from the registry's placements (src/core/edit/
 * offers.ts); only the "open in editor" items are the UI's own.
 */
import { drawOffers, offersAt, type Offer } from '../../core/edit/offers';
import { openInEditor } from '../editor/edit-store';
import { type MenuItem } from '../ui/ui-store';
import { fetchBundle, fetchChannel } from '../state/queries';
import { loadActionSpecs, type UiActionSpec } from './action-specs';
import { runAction } from './run-action';

const items = (offers: Offer<UiActionSpec['name']>[]): MenuItem[] =>
  offers.map((o) => ({ label: o.label, run: () => void runAction(o.action, o.args) }));

function openBundle(pkg: string, bundle: string): MenuItem {
  return {
    label: 'Open bundle in editor',
    run: () =>
      void fetchBundle(pkg, bundle).then((b) => b?.location && openInEditor(b.location.file, b.location)),
  };
}

/** Opens the channel's blob at the entry named `bundle`, or at its first entry. */
function openChannel(label: string, pkg: string, channel: string, bundle?: string): MenuItem {
  return {
    label,
    run: () =>
      void fetchChannel(pkg, channel).then((c) => {
        const entries = c?.entries ?? [];
        const loc = (bundle ? entries.find((e) => e.name === bundle) : entries[0])?.location;
        if (loc) openInEditor(loc.file, loc);
      }),
  };
}

/** What a context menu is for (see open-menu.ts). */
export type MenuTarget =
  | { kind: 'bundle'; pkg: string; channel?: string; bundle: string; actionsOnly?: boolean }
  | { kind: 'channel'; pkg: string; channel: string }
  | { kind: 'edge'; pkg: string; channel: string; edgeKind: string; from: string; to: string }
  | { kind: 'draw'; pkg: string; channel: string; from: string; to: string };

export function menuFor(t: MenuTarget, specs: readonly UiActionSpec[]): { label: string; items: MenuItem[] } {
  switch (t.kind) {
    case 'bundle': {
      const actions = items(
        offersAt(specs, 'bundle', { package: t.pkg, channel: t.channel, bundle: t.bundle }),
      );
      if (t.actionsOnly) return { label: `Actions for ${t.bundle}`, items: actions };
      const open = [openBundle(t.pkg, t.bundle)];
      if (t.channel) open.push(openChannel('Open channel entry in editor', t.pkg, t.channel, t.bundle));
      return { label: t.bundle, items: [...open, ...actions] };
    }
    case 'channel':
      return {
        label: `Channel ${t.channel}`,
        items: [
          openChannel('Open channel in editor', t.pkg, t.channel),
          ...items(offersAt(specs, 'channel', { package: t.pkg, channel: t.channel })),
        ],
      };
    case 'edge': {
      const click = { package: t.pkg, channel: t.channel, bundle: t.to, from: t.from, to: t.to };
      const place = t.edgeKind === 'replaces' || t.edgeKind === 'skips' ? t.edgeKind : 'skipRange';
      return { label: `${t.edgeKind} edge`, items: items(offersAt(specs, `edge:${place}`, click)) };
    }
    case 'draw':
      return {
        label: `New edge: ${t.from} → ${t.to}`,
        items: items(drawOffers(specs, { package: t.pkg, channel: t.channel, from: t.from, to: t.to })),
      };
  }
}

/** The menu for a target, once the action specs are there (at once after the first menu). */
export async function loadMenu(t: MenuTarget): Promise<{ label: string; items: MenuItem[] }> {
  return menuFor(t, await loadActionSpecs());
}
