/**
 * What the path queries, the channel-switch matrix, the impact of pending edits and the Mermaid
 * export hand to the UI. Plain data (structured-clone safe), like views.ts.
 */

export type Semantics = 'v0' | 'v1';

/** "From this installed bundle (or version), in this channel". */
export interface PathQuery {
  package: string;
  channel: string;
  /** The installed bundle's name; when it is not given, `version` says what is installed. */
  bundle?: string;
  /** A version typed by the user (`1.2.0`; a leading `v` is accepted). Ignored when `bundle` is set. */
  version?: string;
}

export interface PathStep {
  /** Bundle name, or the typed version when no bundle has it. */
  name: string;
  version?: string;
  /** The channel lists this bundle (the installed bundle may come from another channel). */
  inChannel: boolean;
  head: boolean;
  deprecated?: string;
  /** Why OLM takes this hop from the previous step (undefined for the installed bundle). */
  reason?: string;
}

export interface PathView {
  semantics: Semantics;
  /** Installed → hop → … → last. */
  steps: PathStep[];
  reachesHead: boolean;
  /** Why the path stops before the head. */
  stuckReason?: string;
  /** OLM's own error text when it cannot resolve at all. */
  error?: string;
}

export interface PathAnswer {
  package: string;
  channel: string;
  heads: string[];
  /** The installed bundle as resolved (a typed version is matched to a bundle of the package). */
  from: { label: string; name?: string; version?: string };
  v0: PathView;
  v1: PathView;
  differ: boolean;
  /** One sentence when the paths differ, or when the same path ends for different reasons or with an error on one side only. */
  explanation?: string;
}

/** A query that could not run (an unknown package/channel/bundle, a version that does not parse). */
export interface QueryError {
  error: string;
}

export interface WhoReachesAnswer {
  package: string;
  channel: string;
  target: string;
  /** Every entry whose users pass through or end at `target`, in entry order. */
  v0: string[];
  v1: string[];
}

export interface SwitchCell {
  /** Where a user on the row's bundle lands in this column's channel; null when there is no way in. */
  to: string | null;
  /** The channel already lists the row's bundle (switching keeps it installed). */
  stays: boolean;
  /** From `to`, the user goes on to the channel head. */
  reachesHead: boolean;
}

export interface SwitchMatrixView {
  package: string;
  semantics: Semantics;
  channels: { name: string; isDefault: boolean; heads: string[] }[];
  rows: { bundle: string; version?: string; channels: string[] }[];
  /** cells[row][column]. */
  cells: SwitchCell[][];
}

export type ImpactKind =
  /** The next hop changes (to another bundle, or to none). */
  | 'next-hop'
  /** The user could reach the channel head and no longer can. */
  | 'loses-head'
  /** The user could not reach the head and now can. */
  | 'gains-head';

export interface HopState {
  next?: string;
  reachesHead: boolean;
  /** The installed bundle is itself a head of the channel. */
  head?: true;
}

export interface ImpactRow {
  package: string;
  channel: string;
  /** The installed bundle (an entry of the channel as loaded). */
  bundle: string;
  version?: string;
  /** The semantics under which this happens (one row when v0 and v1 agree). */
  semantics: Semantics[];
  kinds: ImpactKind[];
  before: HopState;
  after: HopState;
  /** The entry is gone from the channel (or the channel from the catalog) after the edit. */
  removed: boolean;
  /** One plain sentence. */
  sentence: string;
}

export interface ImpactView {
  /** Any file differs from the catalog as loaded. */
  pending: boolean;
  /** Files added, changed or removed since the catalog was loaded, in walk order. */
  changedFiles: string[];
  /** Channels whose upgrade graph changed (package/channel). */
  changedChannels: { package: string; channel: string }[];
  rows: ImpactRow[];
  /** Rows left out past the limit (a whole package removed can affect thousands of users). */
  omitted: number;
}

export interface MermaidExportOptions {
  /** `-p/--package-name`. */
  packageName?: string;
  /** `--minimum-edge`. */
  minimumEdge?: string;
  /** `--draw-v0-semantics`. */
  drawV0Semantics?: boolean;
  /** Mermaid's `maxTextSize` (default 50,000): longer output is split by package. */
  maxChars?: number;
}

export interface MermaidDocument {
  /** The package the document holds ('' for the whole catalog). */
  package: string;
  text: string;
  fileName: string;
}

export interface MermaidExport {
  /**
   * One document equal to `opm alpha render-graph` with the same options when it fits in
   * `maxChars`; otherwise one per package (each equal to `render-graph -p <package>`), a package
   * still too long cut into groups of whole channels.
   */
  documents: MermaidDocument[];
  split: boolean;
  /** What opm writes to stderr (invalid skipRange warnings). */
  warnings: string[];
  /** opm's fatal error (loading error, unknown minimum edge, bad bundle version); no documents then. */
  error?: string;
  /** The equivalent command line, for the record. */
  command: string;
}
