/**
 * The catalog worker: the only place the catalog is parsed and validated. It is a thin comlink
 * shell around CatalogService (plain, DOM-free, unit-tested in Node) that implements the catalog
 * protocol (src/protocol/catalog-protocol.ts), section by section; the only browser-specific step
 * is turning a SourceSpec (handle, files, demo URL) into a CatalogSource.
 */
import * as Comlink from 'comlink';
import { sourceFromSpec, type SourceSpec } from '../browser/source-spec';
import { CancelledError, CatalogService, DEFAULT_CATALOG_ID } from '../core/service/catalog-service';
import type { Rejudged, RepositoryView } from '../core/repository/open-repository';
import type { ResolverCatalog } from '../core/template/bundle-resolver';
import { listedOnce } from '../core/source/listed-once';
import type { CatalogSource } from '../core/source/types';
import type { EditApi } from '../browser/write-session';
import type {
  CatalogProtocol,
  EditSessionProtocol,
  EditSessionRequests,
  ServiceRequest,
} from '../protocol/catalog-protocol';
import type { EditSession } from '../core/service/edit-session';
import type { AcrossGroup } from './edits-across';

const service = new CatalogService();
/** Opens asked for so far (see open). */
let opens = 0;

/** What was opened: one catalog, or a repository whose catalogs are sessions of the service. */
let opened: { spec: SourceSpec; source: CatalogSource } | undefined;
let repository: RepositoryView | undefined;
/** A drifted catalog's diff from its template's render, computed when the UI shows it. */
let templateDiff: ((template: string, catalog: string) => string | undefined) | undefined;
let repositoryOpen: AbortController | undefined;
/** The repository's templates judged again with bundles pulled through the server (./template-images.ts). */
let rejudge: ((pulled: ResolverCatalog) => Rejudged) | undefined;
/** Those bundles: edits of a template's catalogs render with them. */
let pulled: ResolverCatalog | undefined;

/**
 * Each catalog has its own edit session (created on its first editing request), so switching
 * between a repository's catalogs keeps what was typed in each.
 */
const editApis = new Map<string, Promise<EditApi>>();
function edits(id = service.currentCatalogId ?? DEFAULT_CATALOG_ID): Promise<EditApi> {
  let api = editApis.get(id);
  if (!api) {
    const session = service.session(id);
    // A repository's catalog: its folder in the repository, and whether a template renders it; the
    // code for both loads with the first edit in a repository (./repository-edits.ts).
    const [repo, plain] = [repository, opened];
    const inRepository =
      repo && plain
        ? import('./repository-edits').then((r) => r.repositoryEdits(service, repo, plain, id, pulled))
        : undefined;
    api = Promise.all([import('../browser/write-session'), inRepository]).then(([m, r]) => {
      const at = r ? r.at : plain;
      return r?.routed
        ? m.createEditApi(r.routed.target, () => at, r.routed.router)
        : m.createEditApi(session ?? service, () => at);
    });
    editApis.set(id, api);
  }
  return api;
}

function openedEdits(): void {
  editApis.clear(); // a new catalog (or repository) starts with no edits
  groups.length = 0;
}

/** Steps made in several catalogs at once (editPerformAcross), newest last. */
const groups: AcrossGroup[] = [];
/** What undo, redo and actions across catalogs need (./edits-across.ts, loaded on first use). */
const acrossHost = { groups, edits };
/** Runs `f` with that module and the catalog current when asked (not when the module is in). */
function across<T>(f: (m: typeof import('./edits-across'), current: string) => Promise<T>): Promise<T> {
  const current = service.currentCatalogId ?? DEFAULT_CATALOG_ID;
  return import('./edits-across').then((m) => f(m, current));
}

/**
 * What the requests of features used after the first view (compare, adding a bundle, the formats
 * beside OLM, the versions matrix) need of the worker's state; their code is ./feature-requests.ts,
 * loaded on first use.
 */
const host = {
  service,
  edits,
  editing: () => [...editApis.keys()],
  opened: () => opened,
  repository: () => repository,
};
const features = () => import('./feature-requests');

/** What pulling a repository's template images reads and changes (./template-images.ts). */
const pullHost = {
  service,
  opened: () => opened,
  repository: () => repository,
  rejudge: (p: ResolverCatalog) => {
    if (!rejudge) throw new Error('no repository is open');
    return rejudge(p);
  },
  pulledText: '',
  pulledInto: (r: RepositoryView, diff: Rejudged['templateDiff'], p: ResolverCatalog) => {
    repository = r;
    templateDiff = diff;
    pulled = p;
  },
  async forgetCleanEdits(ids: readonly string[]) {
    for (const id of ids) {
      const api = editApis.get(id);
      if (!api) continue;
      const s = (await api).session.state();
      // A session holding edits keeps its way of editing until they are written or undone.
      if (s.dirty.length === 0 && !s.canUndo && !s.canRedo) editApis.delete(id);
    }
  },
};

/** The service's own methods, bound, as the requests of the same name (protocol: ServiceRequest). */
function served<K extends ServiceRequest>(...names: K[]): Pick<CatalogService, K> {
  const out = {} as Pick<CatalogService, K>;
  for (const n of names) (out as Record<K, unknown>)[n] = (service[n] as () => unknown).bind(service);
  return out;
}

/** Every EditSessionRequests entry, run on the current catalog's edit session. */
const SESSION_REQUESTS: EditSessionRequests = {
  editState: 'state',
  editType: 'type',
  editTypeText: 'typeText',
  editChoices: 'choices',
  editPreview: 'preview',
  editPerform: 'perform',
  editRevert: 'revert',
  editCarryIntoTemplate: 'carryIntoTemplate',
  editList: 'edits',
  editRestore: 'restore',
  editQuickFixes: 'quickFixes',
  editSchemaMarkers: 'schemaMarkers',
  editTakeDisk: 'takeDiskVersion',
};

function sessionServed(): EditSessionProtocol {
  const out: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [request, method] of Object.entries(SESSION_REQUESTS))
    out[request] = (...args) =>
      edits().then((e) =>
        (e.session[method as keyof EditSession] as (...a: unknown[]) => unknown).apply(e.session, args),
      );
  return out as unknown as EditSessionProtocol;
}

const api: CatalogProtocol = {
  // The views, problems, questions, export and checks of the current catalog: the service answers them.
  ...served(
    'getPackageList',
    'getPackage',
    'getChannel',
    'getPackageGraph',
    'getBundle',
    'getDiagnosticsSlice',
    'getDiagnosticsDelta',
    'getDiagnosticMessage',
    'getUpgradePath',
    'getWhoReaches',
    'getSwitchMatrix',
    'getImpact',
    'exportMermaid',
    'whenBundleObjectsChecked',
    'updateFile',
    'listFiles',
  ),

  // Open, progress, cancel.
  async open(spec, onProgress) {
    const seq = ++opens;
    const source = await sourceFromSpec(spec);
    // A later open (or a cancel) came while this one's source code loaded: it gives way, as an open
    // in progress does (service.open cancels the previous one).
    if (seq !== opens) throw new CancelledError();
    const readOnly = spec.kind === 'server' ? spec.readOnly : spec.kind !== 'handle';
    const options = { kind: spec.kind, readOnly, onProgress };
    const listed = listedOnce(source);
    // The demo is one catalog of ours; any other folder may be a repository, as its paths say (the
    // test loads with the first such open, out of the worker's start-up code).
    const paths = (await listed.list()).map((f) => f.path);
    const isRepository =
      spec.kind !== 'demo' &&
      (await import('../core/repository/looks-like-repository')).looksLikeRepository(paths);
    if (seq !== opens) throw new CancelledError();
    if (isRepository) {
      // A repository: its catalogs are discovered and each opened on its own (loaded with the first).
      const controller = (repositoryOpen = new AbortController());
      const { openRepository } = await import('../core/repository/open-repository');
      if (seq !== opens) throw new CancelledError();
      const r = await openRepository(service, listed, { ...options, signal: controller.signal });
      opened = { spec, source: listed };
      repository = r.repository;
      templateDiff = r.templateDiff;
      rejudge = r.rejudge;
      pulled = undefined;
      pullHost.pulledText = '';
      openedEdits();
      return { summary: r.summary, repository: r.repository };
    }
    const summary = await service.open(listed, options);
    for (const id of service.ids()) if (id !== DEFAULT_CATALOG_ID) service.close(id);
    opened = { spec, source: listed };
    repository = undefined;
    templateDiff = undefined;
    rejudge = undefined;
    pulled = undefined;
    pullHost.pulledText = '';
    openedEdits();
    return { summary, repository: null };
  },
  cancel: () => {
    opens++;
    repositoryOpen?.abort();
    service.cancel();
  },

  // Repositories.
  // Each catalog's verdict and counts as they are now (edits change them), not as opened; the
  // module is in already whenever there is a repository.
  getRepository: async () => {
    const r = repository;
    return r ? (await import('../core/repository/open-repository')).repositoryNow(service, r) : null;
  },
  selectCatalog: (id) => {
    service.select(id);
    return service.getSummary()!;
  },
  getVersionsMatrix: (pkg) => features().then((m) => m.getVersionsMatrix(host, pkg)),
  getPackagesAcross: () => features().then((m) => m.getPackagesAcross(host)),
  getTemplateDiff: (template, catalog) => templateDiff?.(template, catalog) ?? null,
  pullTemplateImages: (template) =>
    import('./template-images').then((m) => m.pullTemplateImages(pullHost, template)),

  // Formats beside OLM: decided from the paths; the readers load only for such a folder.
  getBeside: () => features().then((m) => m.getBeside(host)),
  editCrossplane: (edit) => features().then((m) => m.editCrossplane(host, edit)),

  // Files.
  getFile: (path) => {
    // The editor opens files through here: their documents are parsed for the first keystroke
    // right after this answer goes out (a macrotask later, so the text is not held back).
    setTimeout(() => service.prepareEdit(path), 0);
    // The repository configuration is no catalog's file: the editor shows it as the repository holds it.
    const config = repository?.config;
    return service.getFile(path) ?? (config?.path === path ? { ...config, format: 'yaml' as const } : null);
  },

  // Editing session (src/core/service/edit-session.ts via src/browser/write-session.ts, loaded on first use).
  ...sessionServed(),
  // The registry alone (not the edit session): menus and the palette ask for it before any edit.
  editActions: () => import('../core/edit/registry').then((m) => m.actionSpecs()),
  editUndo: () => across((m, at) => m.stepAcross(acrossHost, at, 'undo')),
  editRedo: () => across((m, at) => m.stepAcross(acrossHost, at, 'redo')),
  editPerformAcross: (action, args, catalogs) =>
    across((m, at) => m.performAcross(acrossHost, at, action, args, catalogs)),

  // Write-back.
  editPending: () => features().then((m) => m.pendingEdits(host)),
  editPendingElsewhere: () => features().then((m) => m.pendingElsewhere(host)),
  editCheckWrite: () => edits().then((e) => e.checkWrite()),
  editWrite: (overwrite) =>
    edits().then(async (e) => {
      const r = await e.write(overwrite);
      // Everything written: the catalog on disk is now what the impact of pending edits compares with.
      if (r.state.dirty.length === 0) service.resetBaseline();
      return r;
    }),
  editZip: (scope) =>
    edits()
      .then((e) => e.zip(scope))
      .then((z) => Comlink.transfer(z, [z.data.buffer as ArrayBuffer])),
  // Every catalog's edits at once (./write-across.ts), each through its own write above.
  editCheckWriteAll: () => import('./write-across').then((m) => m.checkWriteAll(host)),
  editWriteAll: (choices) => import('./write-across').then((m) => m.writeAll(host, choices)),

  // Compare, adding a bundle folder.
  compareTargets: () => features().then((m) => m.compareTargets(host)),
  compare: (against, swap) => features().then((m) => m.compare(host, against, swap)),
  bundleLooksLike: (spec) => features().then((m) => m.bundleLooksLike(spec)),
  bundleInspect: (spec, image) => features().then((m) => m.bundleInspect(host, spec, image)),
  bundlePreviewGraphs: (blob, entries) => features().then((m) => m.bundlePreviewGraphs(host, blob, entries)),
  bundleDependencies: (pkg, name) => features().then((m) => m.bundleDependencies(host, pkg, name)),
  olmv1: (q) => features().then((m) => m.olmv1(host, q)),
  mirror: (q) => features().then((m) => m.mirror(host, q)),
};

Comlink.expose(api);
