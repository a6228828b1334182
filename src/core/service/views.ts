/**
 * What the catalog worker hands to the UI. Every type here is plain data (structured-clone safe:
 * no Maps, no class instances, no functions), so it crosses the worker boundary unchanged and can be
 * cached by react-query. The UI never sees the model or the declcfg objects themselves.
 */
import type { BesideKind } from '../beside/detect';
import type { Finding } from '../diagnostics';
import type { SourceRange } from '../location';
import type { ChannelGraph, PackageGraph } from '../graph/channel-graph';

export type { ChannelGraph, PackageGraph };

/** Progress of `open` / `updateFile`, reported a few times per second at most. */
export interface LoadProgress {
  phase: 'listing' | 'reading' | 'validating' | 'done';
  filesRead: number;
  /** 0 until the listing is done. */
  filesTotal: number;
  bytesRead: number;
  bytesTotal: number;
  /** The file being read now ('' between files). */
  currentFile: string;
}

/** A file that could not be read or parsed; the rest of the catalog still loads. */
export interface FileProblem {
  file: string;
  message: string;
  location?: SourceRange;
}

export interface CatalogSummary {
  /** Folder name (or 'Demo catalog'). */
  name: string;
  kind: 'handle' | 'files' | 'demo' | 'server';
  /** True when edits cannot be written back (they will be downloaded instead). */
  readOnly: boolean;
  /** Increments on every successful open/update: the UI keys its query cache on it. */
  generation: number;
  files: number;
  /** Files skipped by .indexignore. */
  ignoredFiles: number;
  bytes: number;
  packages: number;
  channels: number;
  bundles: number;
  /** opm's verdict: `passed` and the exact text `opm validate` would print on failure. */
  passed: boolean;
  opmMessage: string | null;
  errors: number;
  warnings: number;
  fileProblems: FileProblem[];
  durationMs: number;
  /**
   * The deep olm.bundle.object check (opm's R15) runs after the catalog is shown: while it is
   * 'checking', `passed` may still turn false and `opmMessage` may still change.
   */
  bundleObjects: 'checking' | 'checked';
  /** Set when the catalog is one of a repository's: its path there (the service's id for it). */
  catalog?: string;
  /**
   * Set when the folder is a Crossplane package or a Fleet bundle, not an OLM catalog: `passed`,
   * `errors` and `warnings` are then the format's own findings, and there is no opm verdict.
   */
  beside?: BesideKind;
}

export interface PackageListItem {
  name: string;
  defaultChannel: string;
  channels: number;
  /** Distinct bundle names in the package. */
  bundles: number;
  errors: number;
  warnings: number;
  deprecated: boolean;
}

export interface ChannelSummary {
  name: string;
  isDefault: boolean;
  entries: number;
  /** The single channel head, when there is exactly one. */
  head?: string;
  deprecation?: string;
  errors: number;
  warnings: number;
}

export interface DeprecationView {
  schema: 'olm.package' | 'olm.channel' | 'olm.bundle' | string;
  /** '' for the package itself. */
  name: string;
  message: string;
  location?: SourceRange;
}

export interface PackageView {
  name: string;
  description: string;
  defaultChannel: string;
  /**
   * `data:` URL, only for image/png, image/jpeg, image/gif and image/svg+xml. Show it through <img>:
   * an SVG in <img> cannot run script or load anything, which is why it is never inlined.
   */
  icon?: string;
  /** Why an icon present in the catalog is not shown (unsupported mediatype). */
  iconNote?: string;
  channels: ChannelSummary[];
  deprecation?: string;
  /** Every entry of the package's olm.deprecations blob. */
  deprecations: DeprecationView[];
  errors: number;
  warnings: number;
  location?: SourceRange;
}

/** One row of the entries table (one channel entry), in entry order. */
export interface EntryRow {
  name: string;
  version: string;
  replaces: string;
  skips: string[];
  skipRange: string;
  head: boolean;
  inChain: boolean;
  skipped: boolean;
  stranded: boolean;
  deprecation?: string;
  /** Where the entry sits in its olm.channel blob. */
  location?: SourceRange;
}

export interface ChannelView {
  package: string;
  channel: string;
  isDefault: boolean;
  deprecation?: string;
  graph: ChannelGraph;
  entries: EntryRow[];
}

export interface GvkView {
  group: string;
  version: string;
  kind: string;
}

export interface PropertyView {
  type: string;
  /** Compact JSON of the value; large values (olm.bundle.object data) are cut short. */
  json: string;
  truncated: boolean;
  /** Length of the full JSON text. */
  length: number;
}

export interface CsvSummary {
  from: 'olm.csv.metadata' | 'olm.bundle.object';
  displayName?: string;
  description?: string;
  /** `metadata.annotations.capabilities` (or `annotations.capabilities` in olm.csv.metadata). */
  capabilities?: string;
  minKubeVersion?: string;
  provider?: string;
  maturity?: string;
  keywords: string[];
  links: { name: string; url: string }[];
  maintainers: { name: string; email: string }[];
}

export interface BundleChannelEntry {
  channel: string;
  replaces: string;
  skips: string[];
  skipRange: string;
}

export interface BundleView {
  package: string;
  name: string;
  /** olm.package version ('' when missing) plus release when set. */
  version: string;
  release: string;
  image: string;
  /** Every channel of the package listing this bundle, with that entry's edges. */
  channels: BundleChannelEntry[];
  properties: PropertyView[];
  gvks: GvkView[];
  requiredPackages: { packageName: string; versionRange: string }[];
  requiredGvks: GvkView[];
  relatedImages: { name: string; image: string }[];
  /** Kinds/names of the decoded olm.bundle.object manifests. */
  objects: { apiVersion: string; kind: string; name: string }[];
  csv?: CsvSummary;
  deprecation?: string;
  diagnostics: DiagnosticView[];
  location?: SourceRange;
}

export interface DiagnosticView extends Finding {
  /**
   * Unique within a list, and kept across edits while the same problem stays in the list (a React
   * key, and what the problems panel's selection follows).
   */
  id: number;
  /**
   * Set when `message` is capped (about 2 KB, then "… N more bytes"): the whole message's length
   * in UTF-16 code units. The whole text comes from getDiagnosticMessage(id) on demand.
   */
  messageLength?: number;
  /**
   * The channel to show when this problem is clicked: its own channel, else a channel listing its
   * bundle (the default channel first), else the package's default channel.
   */
  navChannel?: string;
  location?: SourceRange;
  /**
   * The entries or bundles this finding names (stranded bundles, channel heads, cycle members,
   * missing entries), each where it is written. opm reports them in one message; the core also
   * gives one finding per target, which are folded in here so the list shows opm's findings once.
   */
  targets?: { bundle: string; location?: SourceRange }[];
}

export interface FileView {
  path: string;
  text: string;
  format: 'json' | 'yaml';
}
