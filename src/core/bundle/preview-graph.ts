/**
 * "The graph with the new node before anything is written": each channel the new bundle would be
 * added to, drawn as it would be with the proposed entry appended. Computed from the open catalog's
 * model (the same simulation the addBundle action's warnings use), so the dialog can show heads,
 * edges and ghosts exactly as the channel view will after Apply — without writing a file.
 */
import type { DeclChannelEntry } from '../declcfg/types';
import type { EditContext } from '../edit/action';
import type { NewBundleEntry } from '../edit/actions/add-bundle';
import { channelBlob, simulateChannel } from '../edit/catalog';
import { buildChannelGraph, type ChannelGraph } from '../graph/channel-graph';
import { bundleVersion } from '../model/properties';
import type { DeclBundle } from '../declcfg/types';

export interface PreviewGraph {
  graph: ChannelGraph;
  /** The new bundle's node id. */
  added: string;
  /** Ids of the edges to or from the new bundle (what the entry adds). */
  addedEdges: string[];
  /** The channel does not exist yet: the entry creates it. */
  newChannel: boolean;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * One graph per entry (channel) of `entries`, in their order; an entry with no channel is left out.
 * Throws what channelBlob throws (a channel declared twice): the action refuses that case too.
 */
export function previewGraphs(
  ctx: EditContext,
  blob: Record<string, unknown>,
  entries: readonly NewBundleEntry[],
): PreviewGraph[] {
  const pkg = str(blob.package);
  const name = str(blob.name);
  if (pkg === '' || name === '') return [];
  // The new bundle is not in the catalog: its version comes from the rendered blob's olm.package.
  const version = bundleVersion({ properties: blob.properties ?? [] } as unknown as DeclBundle);
  const out: PreviewGraph[] = [];
  for (const e of entries) {
    const channel = e.channel.trim();
    if (channel === '') continue;
    const existing = channelBlob(ctx.dc, pkg, channel);
    const entry: DeclChannelEntry = {
      name,
      replaces: e.replaces?.trim() ?? '',
      skips: [...(e.skips ?? [])],
      skipRange: e.skipRange?.trim() ?? '',
    };
    const sim = simulateChannel(ctx, pkg, channel, [...(existing?.entries ?? []), entry]);
    const added = sim.channel.bundles.get(name);
    if (added && version) added.version = version;
    const graph = buildChannelGraph(sim.pkg, sim.channel);
    out.push({
      graph,
      added: name,
      addedEdges: graph.edges.filter((g) => g.from === name || g.to === name).map((g) => g.id),
      newChannel: existing === undefined,
    });
  }
  return out;
}
