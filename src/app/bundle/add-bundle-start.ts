/**
 * The two ways into "Add bundle": a folder dropped while a catalog is open (a bundle folder opens
 * the dialog; any other folder opens as a catalog, as before), and the palette's "Add bundle from
 * folder…", which asks for the folder. Loaded on first use, never with the initial JS.
 */
import type { SourceSpec } from '../../browser/source-spec';
import { pickDirectory } from '../../browser/recent-folders';
import { openDialog, showNotice } from '../ui/ui-store';
import { openDropped } from '../opening/open-catalog';
import { useApp } from '../state/store';
import { looksLikeBundle } from './bundle-client';

export async function droppedFolder(spec: SourceSpec): Promise<void> {
  if (spec.kind !== 'demo' && useApp.getState().summary && (await looksLikeBundle(spec).catch(() => false))) {
    openDialog({ kind: 'addBundle', spec });
    return;
  }
  await openDropped(spec);
}

export async function pickBundleFolder(): Promise<void> {
  const handle = await pickDirectory();
  if (!handle) return;
  const spec: SourceSpec = { kind: 'handle', handle };
  if (!(await looksLikeBundle(spec))) {
    showNotice({
      kind: 'error',
      text: `${handle.name} is not a bundle folder (no manifests/ with a ClusterServiceVersion)`,
    });
    return;
  }
  openDialog({ kind: 'addBundle', spec });
}
