/**
 * The catalog protocol: every request the UI may send the catalog worker, and its reply. This is
 * the one statement of the boundary between the two threads. The worker implements it
 * (src/worker/catalog.worker.ts: `const api: CatalogProtocol`), so a worker method that drifts
 * from it is a type error; the UI sees it through the one client (src/worker/client.ts), where
 * every reply is a promise.
 *
 * It lives in its own folder because neither side owns it: the worker and the app both import it,
 * and it imports only types (from the core and the browser sources), so importing it costs no
 * bytes in either bundle.
 *
 * The rule: components never call the worker directly. To ask the worker something new: when the
 * service answers it as it is, add its name to `ServiceRequest` (the CatalogApi method is the
 * request and its handler), and one the edit session answers as it is to `EditSessionRequests`;
 * otherwise add a request here and implement it in the worker. Call it
 * through a hook or function of the client modules (src/worker/client.ts lists them: views, opening, the problems list, the files, the paths
 * questions, the edit session and writing back).
 *
 * Every argument and reply is plain data (structured-clone safe), except `open`'s progress
 * callback, which the client passes as a Comlink proxy.
 */
import type { RepositoryView } from '../core/repository/open-repository';
import type { CompareAgainst, CompareReply, CompareResult, CompareTargets } from '../core/diff/compare-types';
import type { VersionsMatrixView } from '../core/repository/versions-matrix';
import type { PackagesAcrossView } from '../core/repository/packages-across';
import type { BesideView } from '../core/beside/beside-view';
import type { CrossplaneEdit } from '../core/crossplane/edit-deps';
import type { SourceSpec } from '../browser/source-spec';
import type { WriteConflict, WriteReport } from '../browser/write-folder';
import type { ActionSpec, Choices, EditResult } from '../core/edit/action';
import type { ActionName, ArgsOf } from '../core/edit/registry';
import type { BundleInspection } from '../core/bundle/inspect';
import type { PreviewGraph } from '../core/bundle/preview-graph';
import type { BundleDependencies } from '../core/bundle/dependencies';
import type { Preview as OlmV1Preview } from '../core/olmv1/resolve';
import type { BundleOlmV1 } from '../core/olmv1/bundle-in-catalog';
import type { MirrorPlanRequest, MirrorPlanView } from '../core/mirror/in-catalog';

/**
 * What the Compare view compares with: a target the worker offered, or a folder or zip the user
 * picked or dropped (a zip is a `files` spec holding the one .zip file).
 */
export type CompareRequest = CompareAgainst | { kind: 'picked'; spec: SourceSpec };

export type OlmV1Request =
  | { kind: 'preview'; yaml: string; installed: string | null }
  | { kind: 'bundle'; pkg: string; name: string; channel?: string };
import type { NewBundleEntry } from '../core/edit/actions/add-bundle';
import type { CatalogApi } from '../core/service/catalog-api';
import type { DiagnosticsDelta } from '../core/service/diagnostics-delta';
import type { EditSession } from '../core/service/edit-session';
import type {
  DirtyFile,
  EditState,
  FileEdit,
  QuickFix,
  SchemaMarker,
  StepResult,
  TextDelta,
} from '../core/service/edit-types';
import type { CatalogSummary, DiagnosticView, FileView, LoadProgress } from '../core/service/views';
import type { ImpactView } from '../core/service/paths-views';

// The published views the protocol carries, re-exported so both sides name them from one place.
export type { SourceSpec, WriteConflict, WriteReport, Choices, EditResult, DiagnosticsDelta };
// Actions by name: the registry's names and argument types, so the UI names no action the worker lacks.
export type { ActionName, ArgsOf };
export type { PackagesAcrossView, RepositoryView, VersionsMatrixView };

/** What pulling a template's images did: the repository judged again, each image pulled or why not. */
export interface TemplatePullReply {
  repository: RepositoryView;
  pulled: string[];
  failed: { image: string; message: string }[];
}

/** One catalog's edits not yet written, and what they change for installed versions. */
export interface PendingCatalog {
  /** Its id in a repository; '' for a folder that is one catalog. */
  catalog: string;
  ocpVersion: string | null;
  /** The catalog on screen (its files are the ones Review shows and Write writes). */
  current: boolean;
  /** opm's verdict on the catalog as edited (writing an invalid one asks first). */
  passed: boolean;
  errors: number;
  files: DirtyFile[];
  impact: ImpactView;
}
export type { CompareAgainst, CompareReply, CompareResult, CompareTargets };
export type {
  BundleChange,
  CatalogDiff,
  ChannelDiff,
  DiffStatus,
  EntryChange,
  ImpactItem as DiffImpactItem,
  Moved,
  PackageDiff,
} from '../core/diff/types';
export type { ChannelOverlay, OverlayEdge, OverlayNode, OverlayStatus } from '../core/diff/overlay';
export type { BundleInspection };
export type { PreviewGraph, BundleDependencies };
export type { EditState, FileEdit, QuickFix, SchemaMarker, StepResult, TextDelta };
// The paths answers and the catalog views go whole: each module is nothing but published views.
export type * from '../core/service/paths-views';
export type * from '../core/service/views';

/** The worker may answer at once or later; across the boundary the UI always awaits a promise. */
export type Reply<T> = T | Promise<T>;

/** One slice of the problems list, with the generation it belongs to (a newer one makes it stale). */
export interface DiagnosticsSlice {
  generation: number;
  total: number;
  items: DiagnosticView[];
}

/** A file of the open catalog, as the file list and the editor show it (the `listFiles` request). */
export type { CatalogFileEntry as CatalogFileInfo } from '../core/service/session-files';

/** What writing the edits to the folder would run into: the changed files and their conflicts. */
export interface WriteCheck {
  files: FileEdit[];
  conflicts: WriteConflict[];
}

/**
 * One catalog's part of writing every catalog's edits (`editCheckWriteAll`): its changed files and
 * those changed on disk since they were read, named from the repository root, and its verdict now.
 */
export interface CatalogWriteCheck {
  /** As PendingCatalog names it ('' for a folder that is one catalog). */
  catalog: string;
  ocpVersion: string | null;
  current: boolean;
  passed: boolean;
  errors: number;
  files: string[];
  conflicts: WriteConflict[];
}

/** What the user chose for a conflict: write the edited file over the disk's, or keep the disk's. */
export interface ConflictChoice {
  catalog: string;
  /** From the repository root, as CatalogWriteCheck names it. */
  path: string;
  keep: 'mine' | 'disk';
  /** With `disk`: the disk's text the check read (null: gone on disk). */
  disk?: string | null;
}

/** What writing one catalog's edits did, paths from the repository root. */
export interface CatalogWriteReport {
  catalog: string;
  ocpVersion: string | null;
  written: string[];
  failed: { path: string; error: string }[];
  /** Changed on disk since read and not chosen to be overwritten: not written, still pending. */
  conflicts: string[];
}

/** Every catalog written: each one's report, and the current catalog's state and steps (disk versions taken). */
export interface WriteAllReply extends StepResult {
  catalogs: CatalogWriteReport[];
}

/** A catalog downloaded as a zip: the archive's bytes (transferred, not copied) and its file count. */
export interface CatalogZip {
  data: Uint8Array;
  files: number;
}

/** What an open answers: the current catalog's summary and, for a repository, its view (one round trip). */
export interface OpenReply {
  summary: CatalogSummary;
  repository: RepositoryView | null;
}

/**
 * The requests the service answers as they are, for the current catalog: each is the CatalogApi
 * method of that name (src/core/service/catalog-api.ts, where each is described), served by the
 * worker as is — one declaration, no forwarder. The views of the current generation, the problems
 * (in slices, as changes since an earlier generation, one whole message), the upgrade-path
 * questions and the impact of the edits, the Mermaid export, the deferred bundle-object check,
 * replacing a file's text outside the edit history (tests use it), the catalog's files in walk order.
 */
export type ServiceRequest =
  | 'getPackageList'
  | 'getPackage'
  | 'getChannel'
  | 'getPackageGraph'
  | 'getBundle'
  | 'getDiagnosticsSlice'
  | 'getDiagnosticsDelta'
  | 'getDiagnosticMessage'
  | 'getUpgradePath'
  | 'getWhoReaches'
  | 'getSwitchMatrix'
  | 'getImpact'
  | 'exportMermaid'
  | 'whenBundleObjectsChecked'
  | 'updateFile'
  | 'listFiles';

/**
 * The requests the current catalog's edit session answers as they are: each is the EditSession
 * method it names (src/core/service/edit-session.ts, where each is described) — the state, typing
 * (deltas, or the whole text), an action's choices, preview and performing it (one undo step),
 * reverting a file, carrying typing into the template, the changed files, restoring a draft, quick
 * fixes, schema markers, taking the disk's version of a file.
 * The worker runs each on that catalog's session (loading the edit core on the first).
 */
export interface EditSessionRequests {
  editState: 'state';
  editType: 'type';
  editTypeText: 'typeText';
  editChoices: 'choices';
  editPreview: 'preview';
  editPerform: 'perform';
  editRevert: 'revert';
  editCarryIntoTemplate: 'carryIntoTemplate';
  editList: 'edits';
  editRestore: 'restore';
  editQuickFixes: 'quickFixes';
  editSchemaMarkers: 'schemaMarkers';
  editTakeDisk: 'takeDiskVersion';
}

type SessionRequest<M extends keyof EditSession> = EditSession[M] extends (...a: infer A) => infer R
  ? (...a: A) => Reply<R>
  : never;

export type EditSessionProtocol = {
  [K in keyof EditSessionRequests]: SessionRequest<EditSessionRequests[K]>;
};

export interface CatalogProtocol extends Pick<CatalogApi, ServiceRequest>, EditSessionProtocol {
  // Open, progress, cancel.
  /** Loads a catalog (cancelling any open in progress), reporting progress; a new catalog has no edits. */
  open(spec: SourceSpec, onProgress?: (p: LoadProgress) => void): Reply<OpenReply>;
  /** Stops the open in progress; it rejects with an AbortError. */
  cancel(): void;

  // Repositories (a folder with one catalog per OpenShift version: each is opened on its own).
  /** The repository opened last, or null when the folder was one catalog. */
  getRepository(): Reply<RepositoryView | null>;
  /** Makes one of the repository's catalogs current (the views then answer for it); its summary. */
  selectCatalog(id: string): Reply<CatalogSummary>;
  /** One package across the repository's catalogs. */
  getVersionsMatrix(pkg: string): Reply<VersionsMatrixView>;
  /** Every package across the repository's catalogs, with what changes from one version to the next. */
  getPackagesAcross(): Reply<PackagesAcrossView>;
  /** The unified diff from a drifted catalog to its template's render (computed only when asked); null when none. */
  getTemplateDiff(template: string, catalog: string): Reply<string | null>;
  /**
   * Through `fbc-studio open`'s server, pulls the bundle images that no catalog of the repository
   * holds and that `template` (every template: null) names, and judges the templates again with
   * them, as `render-template` renders; edits of their catalogs then render with them too.
   */
  pullTemplateImages(template: string | null): Reply<TemplatePullReply>;

  // Formats beside OLM (a Crossplane package, a Fleet bundle).
  /** The opened folder's findings and graph or target matrix when it is one of them, else null. */
  getBeside(): Reply<BesideView | null>;
  /** Adds a dependency to a Crossplane meta file or bumps one's constraint, as one undoable edit. */
  editCrossplane(edit: CrossplaneEdit): Reply<StepResult & { result: EditResult }>;

  // Files.
  /** A file's current text (null: not in the catalog); its documents are then prepared for typing. */
  getFile(path: string): Reply<FileView | null>;

  // Editing session (the worker loads its edit core on the first of these).
  /** The action registry's specs (labels, fields, placements, shortcuts): menus and palette derive from them. */
  editActions(): Reply<ActionSpec<ActionName>[]>;
  /**
   * The action on several of a repository's catalogs (ids; the current one among them), one undo
   * step that undo and redo take in all of them; what happened in each.
   */
  editPerformAcross(
    action: ActionName,
    args: Record<string, unknown>,
    catalogs: string[],
  ): Reply<
    StepResult & { result: EditResult; across: { catalog: string; error?: string; changes: number }[] }
  >;
  editUndo(): Reply<StepResult>;
  editRedo(): Reply<StepResult>;
  /** Every catalog's pending edits with their impact (Review), the current catalog first. */
  editPending(): Reply<PendingCatalog[]>;
  /** The other catalogs with pending edits (the repository bar's note): names only, no impact computed. */
  editPendingElsewhere(): Reply<string[]>;

  // Write-back.
  editCheckWrite(): Reply<WriteCheck>;
  /** Writes every changed file, conflicts only when listed in `overwrite`. */
  editWrite(overwrite: string[]): Reply<WriteReport & { state: EditState }>;
  editZip(scope: 'all' | 'changed'): Reply<CatalogZip>;
  /** Every catalog with pending edits (a repository's): its changed files and their conflicts. */
  editCheckWriteAll(): Reply<CatalogWriteCheck[]>;
  /** Writes every catalog's changed files, each conflict as `choices` says (none: left pending). */
  editWriteAll(choices: ConflictChoice[]): Reply<WriteAllReply>;

  // Compare (the worker loads the diff and Git reading on the first of these).
  /** What the open catalog can be compared with: the repository's other catalogs, Git revisions. */
  compareTargets(): Reply<CompareTargets>;
  /**
   * The open catalog (pending edits included) against another catalog, a Git revision of its folder,
   * or a picked folder or zip; `swap` makes the open catalog the older side.
   */
  compare(against: CompareRequest, swap: boolean): Reply<CompareReply>;
  // Adding a bundle folder to the open catalog (the addBundle action does the writing).
  /** True when the folder holds a bundle (manifests/ with a CSV) rather than a catalog. */
  bundleLooksLike(spec: SourceSpec): Reply<boolean>;
  /** The folder checked and rendered (with `image`), and the entries proposed for the current catalog. */
  bundleInspect(spec: SourceSpec, image: string): Reply<BundleInspection>;
  /** Each channel of `entries` drawn with the new bundle (a rendered blob) added; nothing is written. */
  bundlePreviewGraphs(blob: Record<string, unknown>, entries: NewBundleEntry[]): Reply<PreviewGraph[]>;
  /** What a catalog bundle requires (packages in a range, APIs) and which bundles provide each. */
  bundleDependencies(pkg: string, name: string): Reply<BundleDependencies | null>;
  /**
   * OLM v1 (operator-controller) answers for the open catalog (one entry, so the worker's start-up
   * code stays within its budget): a ClusterExtension (YAML) resolved against it, `installed` a bundle
   * name or version → Preview; a bundle's eligibility, lifecycle entry and ClusterExtension → BundleOlmV1
   * (null: no such bundle).
   */
  olmv1(q: OlmV1Request): Reply<OlmV1Preview | BundleOlmV1 | null>;
  /**
   * The Mirror plan (one entry, as olmv1): an ImageSetConfiguration planned against the open catalog
   * → MirrorPlanView; the suggestion (a YAML patch) applied to the ISC text → the new text or why not.
   */
  mirror(q: MirrorRequest): Reply<MirrorPlanView | { text: string } | { error: string }>;
}

export type MirrorRequest =
  ({ kind: 'plan' } & MirrorPlanRequest) | { kind: 'apply'; isc: string; patch: string };
