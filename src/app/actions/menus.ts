/** Context menu contents for the graph, the bundle panel and the channel tabs. */
import { openInEditor, type MenuItem } from '../editor/edit-store';
import { fetchBundle, fetchChannel } from '../state/queries';
import { UI_ACTIONS, type Target } from './catalog';
import { runAction } from './run-action';

const actionItems = (target: Target, args: Record<string, unknown>): MenuItem[] =>
  UI_ACTIONS.filter((a) => a.appliesTo.includes(target)).map((a) => ({
    label: a.label,
    run: () => void runAction(a.name, args),
  }));

export function bundleMenu(pkg: string, channel: string | undefined, bundle: string): MenuItem[] {
  return [
    {
      label: 'Open bundle in editor',
      run: () =>
        void fetchBundle(pkg, bundle).then((b) => b?.location && openInEditor(b.location.file, b.location)),
    },
    ...(channel
      ? [
          {
            label: 'Open channel entry in editor',
            run: () =>
              void fetchChannel(pkg, channel).then((c) => {
                const loc = c?.entries.find((e) => e.name === bundle)?.location;
                if (loc) openInEditor(loc.file, loc);
              }),
          },
        ]
      : []),
    ...actionItems('bundle', { package: pkg, channel, bundle, kind: 'bundle', name: bundle }),
  ];
}

export function channelMenu(pkg: string, channel: string): MenuItem[] {
  return [
    {
      label: 'Open channel in editor',
      run: () =>
        void fetchChannel(pkg, channel).then((c) => {
          const loc = c?.entries[0]?.location;
          if (loc) openInEditor(loc.file, loc);
        }),
    },
    {
      label: 'Set as default channel',
      run: () => void runAction('setDefaultChannel', { package: pkg, channel }),
    },
    {
      label: 'Promote a bundle to this channel…',
      run: () => void runAction('promoteToChannel', { package: pkg, channel }),
    },
    { label: 'Create channel…', run: () => void runAction('createChannel', { package: pkg }) },
    {
      label: 'Deprecate channel…',
      run: () => void runAction('deprecate', { package: pkg, kind: 'channel', name: channel }),
    },
  ];
}

export function edgeMenu(pkg: string, channel: string, kind: string, from: string, to: string): MenuItem[] {
  const base = { package: pkg, channel, bundle: to };
  if (kind === 'replaces')
    return [
      { label: `Remove “${to} replaces ${from}”`, run: () => void runAction('removeReplaces', base) },
      {
        label: `Turn into “${to} skips ${from}”…`,
        run: () => void runAction('addSkip', { ...base, skip: from }),
      },
    ];
  if (kind === 'skips')
    return [
      {
        label: `Remove “${to} skips ${from}”`,
        run: () => void runAction('removeSkip', { ...base, skip: from }),
      },
    ];
  return [
    { label: `Edit skipRange of ${to}…`, run: () => void runAction('setSkipRange', base) },
    { label: `Remove skipRange of ${to}`, run: () => void runAction('removeSkipRange', base) },
  ];
}

/** What a context menu is for (see open-menu.ts). */
export type MenuTarget =
  | { kind: 'bundle'; pkg: string; channel?: string; bundle: string; actionsOnly?: boolean }
  | { kind: 'channel'; pkg: string; channel: string }
  | { kind: 'edge'; pkg: string; channel: string; edgeKind: string; from: string; to: string }
  | { kind: 'draw'; pkg: string; channel: string; from: string; to: string };

export function menuFor(t: MenuTarget): { label: string; items: MenuItem[] } {
  switch (t.kind) {
    case 'bundle': {
      const items = bundleMenu(t.pkg, t.channel, t.bundle);
      return {
        label: t.actionsOnly ? `Actions for ${t.bundle}` : t.bundle,
        items: t.actionsOnly ? items.slice(t.channel ? 2 : 1) : items,
      };
    }
    case 'channel':
      return { label: `Channel ${t.channel}`, items: channelMenu(t.pkg, t.channel) };
    case 'edge':
      return { label: `${t.edgeKind} edge`, items: edgeMenu(t.pkg, t.channel, t.edgeKind, t.from, t.to) };
    case 'draw': {
      const { pkg, channel, from, to } = t;
      return {
        label: `New edge: ${from} → ${to}`,
        items: [
          {
            label: `${from} replaces ${to}`,
            run: () => void runAction('addReplaces', { package: pkg, channel, bundle: from, replaces: to }),
          },
          {
            label: `${from} skips ${to}`,
            run: () => void runAction('addSkip', { package: pkg, channel, bundle: from, skip: to }),
          },
          {
            label: `${to} replaces ${from}`,
            run: () => void runAction('addReplaces', { package: pkg, channel, bundle: to, replaces: from }),
          },
          {
            label: `${to} skips ${from}`,
            run: () => void runAction('addSkip', { package: pkg, channel, bundle: to, skip: from }),
          },
        ],
      };
    }
  }
}
