/**
 * The catalog worker: the only place the catalog is parsed and validated. It is a thin comlink
 * shell around CatalogService (plain, DOM-free, unit-tested in Node); the only browser-specific
 * step is turning a SourceSpec (handle, files, demo URL) into a CatalogSource.
 */
import * as Comlink from 'comlink';
import { sourceFromSpec, type SourceSpec } from '../browser/source-spec';
import { CancelledError, CatalogService } from '../core/service/catalog-service';
import type { DiagnosticView, LoadProgress } from '../core/service/views';
import type { FileEdit, TextDelta } from '../core/service/edit-types';
import type { CatalogSource } from '../core/source/types';
import type { EditApi, OpenedCatalog } from '../browser/write-session';
import type { MermaidExportOptions, PathQuery, Semantics } from '../core/service/paths-views';

const service = new CatalogService();
/** Opens asked for so far (see open). */
let opens = 0;

// --- Editing: the session is created lazily; `opened` is the catalog it edits. ---
let opened: OpenedCatalog | undefined;
let editApi: Promise<EditApi> | undefined;
const edits = (): Promise<EditApi> =>
  (editApi ??= import('../browser/write-session').then((m) => m.createEditApi(service, () => opened)));
function openedEdits(spec: SourceSpec, source: CatalogSource): void {
  opened = { spec, source };
  if (editApi) void editApi.then((e) => e.session.reset());
}
// --- End of editing setup ---

const api = {
  async open(spec: SourceSpec, onProgress?: (p: LoadProgress) => void) {
    const seq = ++opens;
    const source = await sourceFromSpec(spec);
    // A later open (or a cancel) came while this one's source code loaded: it gives way, as an open
    // in progress does (service.open cancels the previous one).
    if (seq !== opens) throw new CancelledError();
    const summary = await service.open(source, {
      kind: spec.kind,
      readOnly: spec.kind !== 'handle',
      onProgress,
    });
    openedEdits(spec, source); // editing: a new catalog starts with no edits
    return summary;
  },
  cancel: () => {
    opens++;
    service.cancel();
  },
  // --- Deferred bundle-object check: resolves with the summary once it is done ---
  whenBundleObjectsChecked: () => service.whenBundleObjectsChecked(),
  // --- End of deferred bundle-object check ---
  getSummary: () => service.getSummary(),
  getPackageList: () => service.getPackageList(),
  getPackage: (name: string) => service.getPackage(name),
  getChannel: (pkg: string, channel: string) => service.getChannel(pkg, channel),
  getChannelGraph: (pkg: string, channel: string) => service.getChannelGraph(pkg, channel),
  getPackageGraph: (pkg: string) => service.getPackageGraph(pkg),
  getBundle: (pkg: string, name: string) => service.getBundle(pkg, name),
  getDiagnostics: () => service.getDiagnostics(),
  // --- Problems in slices ---
  getDiagnosticsSlice: (start: number, end: number) => service.getDiagnosticsSlice(start, end),
  getDiagnosticsDelta: (base: number, limit: number) => service.getDiagnosticsDelta(base, limit),
  // --- End of problems in slices ---
  getFile: (path: string) => {
    // The editor opens files through here: their documents are parsed for the first keystroke
    // right after this answer goes out (a macrotask later, so the text is not held back).
    setTimeout(() => service.prepareEdit(path), 0);
    return service.getFile(path);
  },
  updateFile: (path: string, text: string) => service.updateFile(path, text),
  // --- Paths, impact and export ---
  getUpgradePath: (q: PathQuery) => service.getUpgradePath(q),
  getWhoReaches: (pkg: string, channel: string, target: string) =>
    service.getWhoReaches(pkg, channel, target),
  getSwitchMatrix: (pkg: string, semantics: Semantics) => service.getSwitchMatrix(pkg, semantics),
  getImpact: () => service.getImpact(),
  resetBaseline: () => service.resetBaseline(),
  exportMermaid: (opts: MermaidExportOptions) => service.exportMermaid(opts),
  // --- End of paths, impact and export ---
  // --- Editing (src/core/service/edit-session.ts via src/browser/write-session.ts, loaded on first use) ---
  editState: () => edits().then((e) => e.session.state()),
  editType: (path: string, deltas: TextDelta[], expectLength: number) =>
    edits().then((e) => e.session.type(path, deltas, expectLength)),
  editTypeText: (path: string, text: string) => edits().then((e) => e.session.typeText(path, text)),
  editChoices: (action: string, args: Record<string, unknown>) =>
    edits().then((e) => e.session.choices(action, args)),
  editPreview: (action: string, args: Record<string, unknown>) =>
    edits().then((e) => e.session.preview(action, args)),
  editPerform: (action: string, args: Record<string, unknown>) =>
    edits().then((e) => e.session.perform(action, args)),
  editUndo: () => edits().then((e) => e.session.undo()),
  editRedo: () => edits().then((e) => e.session.redo()),
  editList: () => edits().then((e) => e.session.edits()),
  editRevert: (path: string) => edits().then((e) => e.session.revert(path)),
  // The registry alone (not the edit session): menus and the palette ask for it before any edit.
  editActions: () => import('../core/edit/registry').then((m) => m.actionSpecs()),
  editOriginal: (path: string) => edits().then((e) => e.session.original(path)),
  editRestore: (files: FileEdit[], force: boolean) => edits().then((e) => e.session.restore(files, force)),
  editTakeDisk: (path: string, disk: string | null) =>
    edits().then((e) => e.session.takeDiskVersion(path, disk)),
  editQuickFixes: (d: DiagnosticView) => edits().then((e) => e.session.quickFixes(d)),
  editSchemaMarkers: (path: string) => edits().then((e) => e.session.schemaMarkers(path)),
  editListFiles: () => service.listFiles(),
  editCheckWrite: () => edits().then((e) => e.checkWrite()),
  editWrite: (overwrite: string[]) => edits().then((e) => e.write(overwrite)),
  editZip: (scope: 'all' | 'changed') =>
    edits()
      .then((e) => e.zip(scope))
      .then((z) => Comlink.transfer(z, [z.data.buffer as ArrayBuffer])),
  // --- End of editing ---
};

export type CatalogWorkerApi = typeof api;

Comlink.expose(api);
