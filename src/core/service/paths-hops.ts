import { nextHopV0, nextHopV1, type Installed } from '../graph/upgrade';
import { analyzeChannel } from '../model/channel-head';
import type { ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import type { Version } from '../semver';
import type { HopState, Semantics } from './paths-views';

/**
 * Every entry's next hop in one channel, and whether following hops reaches the channel head:
 * the table behind the channel-switch matrix and the impact of an edit. Each hop is
 * upgrade.ts's nextHopV0/nextHopV1, so the answers are the path queries' answers.
 */
export class HopTable {
  readonly heads: Set<string>;
  private readonly next = new Map<string, string | undefined>();
  private readonly reach = new Map<string, boolean>();

  constructor(
    readonly pkg: ModelPackage,
    readonly ch: ModelChannel,
    readonly semantics: Semantics,
  ) {
    this.heads = new Set(analyzeChannel(ch).heads);
  }

  /** The next hop from any installed bundle (an entry or not). */
  nextFrom(name: string | undefined, version: Version | undefined): string | undefined {
    const entry = name !== undefined ? this.ch.bundles.get(name) : undefined;
    if (entry) return this.nextOf(entry);
    return hop(this.pkg, this.ch, name, version, this.semantics);
  }

  /** Next hop and reachability from any installed bundle. */
  stateFrom(name: string | undefined, version: Version | undefined): HopState {
    const next = this.nextFrom(name, version);
    if (name !== undefined && this.heads.has(name) && this.ch.bundles.has(name)) {
      return { reachesHead: true, head: true };
    }
    const state: HopState = { reachesHead: next !== undefined && this.reachesHead(next) };
    if (next !== undefined) state.next = next;
    return state;
  }

  /** From entry `name`, following hops ends at a head (a head reaches itself). */
  reachesHead(name: string): boolean {
    const known = this.reach.get(name);
    if (known !== undefined) return known;
    const walked: string[] = [];
    const seen = new Set<string>();
    let cur: string | undefined = name;
    let result = false;
    while (cur !== undefined) {
      const memo = this.reach.get(cur);
      if (memo !== undefined) {
        result = memo;
        break;
      }
      if (seen.has(cur)) break; // a loop never reaches the head
      if (this.heads.has(cur)) {
        result = true;
        break;
      }
      seen.add(cur);
      walked.push(cur);
      const b = this.ch.bundles.get(cur);
      cur = b ? this.nextOf(b) : undefined;
    }
    for (const w of walked) this.reach.set(w, result);
    this.reach.set(name, result);
    return result;
  }

  private nextOf(b: ModelBundle): string | undefined {
    if (this.next.has(b.name)) return this.next.get(b.name);
    const n = this.heads.has(b.name) ? undefined : hop(this.pkg, this.ch, b.name, b.version, this.semantics);
    this.next.set(b.name, n);
    return n;
  }
}

function hop(
  pkg: ModelPackage,
  ch: ModelChannel,
  name: string | undefined,
  version: Version | undefined,
  semantics: Semantics,
): string | undefined {
  // upgrade.ts needs a version; a bundle without one (an invalid catalog) has no upgrade by skipRange,
  // and replaces/skips still match its name through any version.
  const from = { name, version } as Installed;
  return (semantics === 'v0' ? nextHopV0 : nextHopV1)(pkg, ch, from).target;
}
