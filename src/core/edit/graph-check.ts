import type { DeclChannelEntry } from '../declcfg/types';
import { analyzeChannel } from '../model/channel-head';
import type { EditContext } from './action';
import { simulateChannel } from './catalog';

/**
 * What opm's head/chain check (fbc-rules §4, R55) would say about a channel after an edit, as
 * warnings — only problems the edit introduces or changes, not ones the channel already had.
 */
export function graphWarnings(
  ctx: EditContext,
  pkg: string,
  channel: string,
  before: readonly DeclChannelEntry[] | undefined,
  after: readonly DeclChannelEntry[],
): string[] {
  if (after.length === 0) return [];
  const a = analyzeChannel(simulateChannel(ctx, pkg, channel, after).channel);
  const b =
    before && before.length > 0
      ? analyzeChannel(simulateChannel(ctx, pkg, channel, before).channel)
      : undefined;
  if (a.message === undefined || a.message === b?.message) return [];
  const ch = JSON.stringify(channel);
  if (a.outcome === 'multiple-heads') {
    return [
      `channel ${ch} would have ${a.heads.length} heads (${a.heads.join(', ')}): opm validate reports "${a.message}"`,
    ];
  }
  return [`opm validate would report for channel ${ch}: ${a.message}`];
}
