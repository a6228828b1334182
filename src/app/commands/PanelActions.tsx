import type { MouseEvent } from 'react';
import { openInEditor } from '../editor/edit-store';
import { fetchBundle } from '../state/queries';
import type { MenuTarget } from './menus';
import { openMenu } from './open-menu';

function showMenu(e: MouseEvent<HTMLElement>, target: MenuTarget): void {
  const r = e.currentTarget.getBoundingClientRect();
  openMenu(target, r.left, r.bottom + 4);
}

/** Above the bundle details: open its blob in the editor, and the bundle's actions. */
export function BundleActionsBar({
  pkg,
  channel,
  bundle,
}: {
  pkg: string;
  channel?: string;
  bundle: string;
}) {
  return (
    <div className="panel-actions" role="toolbar" aria-label="Bundle actions">
      <button
        type="button"
        onClick={() =>
          void fetchBundle(pkg, bundle).then((b) => b?.location && openInEditor(b.location.file, b.location))
        }
      >
        Open in editor
      </button>
      <button
        type="button"
        aria-haspopup="menu"
        onClick={(e) => showMenu(e, { kind: 'bundle', pkg, channel, bundle, actionsOnly: true })}
      >
        Actions ▾
      </button>
    </div>
  );
}

/** Beside the channel tabs: the selected channel's actions. */
export function ChannelActionsButton({ pkg, channel }: { pkg: string; channel: string }) {
  return (
    <button
      type="button"
      className="channel-actions"
      aria-haspopup="menu"
      title={`Actions for channel ${channel}`}
      onClick={(e) => showMenu(e, { kind: 'channel', pkg, channel })}
    >
      Channel actions ▾
    </button>
  );
}
