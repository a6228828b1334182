/**
 * The questions asked of one catalog: upgrade paths, who reaches a bundle, the channel-switch
 * matrix, and the impact of pending edits against a baseline. Owns that baseline (the catalog as
 * opened, or as last saved); separate because the answers' code is loaded on first use (dynamic
 * import), so it costs nothing in the worker's initial chunk.
 */
import type { FileLoad } from '../load';
import type { Model } from '../model/types';
import type { Snapshot } from './session-snapshot';
import type * as Paths from './paths-views';

type Current = () => Snapshot;

export class CatalogQueries {
  /** The catalog as opened: what impact() compares against. */
  private baseline: { model: Model; loads: Map<string, FileLoad> } | undefined;

  /** The upgrade path to the channel head under OLM v0 and v1, with the reason for every hop. */
  async upgradePath(current: Current, q: Paths.PathQuery): Promise<Paths.PathAnswer | Paths.QueryError> {
    const { upgradePathAnswer } = await import('./paths-queries');
    return upgradePathAnswer(current().validation.model, q);
  }

  /** Every entry of the channel whose users end up at `target` (v0 and v1). */
  async whoReaches(
    current: Current,
    pkg: string,
    channel: string,
    target: string,
  ): Promise<Paths.WhoReachesAnswer | Paths.QueryError> {
    const { whoReachesAnswer } = await import('./paths-queries');
    return whoReachesAnswer(current().validation.model, pkg, channel, target);
  }

  /** Rows = bundles, columns = channels: where a user on that bundle lands after switching channel. */
  async switchMatrix(
    current: Current,
    pkg: string,
    semantics: Paths.Semantics,
  ): Promise<Paths.SwitchMatrixView | Paths.QueryError> {
    const { switchMatrix } = await import('./paths-queries');
    return switchMatrix(current().validation.model, pkg, semantics);
  }

  /**
   * Which installed versions get a different next hop, or lose (or gain) their path to the head,
   * compared with the baseline: the catalog as opened, whatever edits came since.
   */
  async impact(current: Current): Promise<Paths.ImpactView> {
    const { computeImpact } = await import('./impact');
    const s = current();
    const base = this.baseline ?? { model: s.validation.model, loads: s.loads };
    return computeImpact(base, { model: s.validation.model, loads: s.loads });
  }

  /** Makes `s` the impact baseline (on open, and for example after the edits were saved). */
  resetBaseline(s: Snapshot): void {
    this.baseline = { model: s.validation.model, loads: s.loads };
  }
}
