/**
 * The catalog worker: the only place the catalog is parsed and validated. It is a thin comlink
 * shell around CatalogService (plain, DOM-free, unit-tested in Node) that implements the catalog
 * protocol (src/protocol/catalog-protocol.ts), section by section; the only browser-specific step
 * is turning a SourceSpec (handle, files, demo URL) into a CatalogSource.
 */
import * as Comlink from 'comlink';
import { sourceFromSpec, type SourceSpec } from '../browser/source-spec';
import { CancelledError, CatalogService } from '../core/service/catalog-service';
import type { CatalogSource } from '../core/source/types';
import type { EditApi, OpenedCatalog } from '../browser/write-session';
import type { CatalogProtocol } from '../protocol/catalog-protocol';

const service = new CatalogService();
/** Opens asked for so far (see open). */
let opens = 0;

/** The catalog being edited; the edit session itself is created on the first editing request. */
let opened: OpenedCatalog | undefined;
let editApi: Promise<EditApi> | undefined;
const edits = (): Promise<EditApi> =>
  (editApi ??= import('../browser/write-session').then((m) => m.createEditApi(service, () => opened)));
function openedEdits(spec: SourceSpec, source: CatalogSource): void {
  opened = { spec, source };
  if (editApi) void editApi.then((e) => e.session.reset());
}

const api: CatalogProtocol = {
  // Open, progress, cancel.
  async open(spec, onProgress) {
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
    openedEdits(spec, source); // a new catalog starts with no edits
    return summary;
  },
  cancel: () => {
    opens++;
    service.cancel();
  },
  whenBundleObjectsChecked: () => service.whenBundleObjectsChecked(),

  // Views.
  getPackageList: () => service.getPackageList(),
  getPackage: (name) => service.getPackage(name),
  getChannel: (pkg, channel) => service.getChannel(pkg, channel),
  getPackageGraph: (pkg) => service.getPackageGraph(pkg),
  getBundle: (pkg, name) => service.getBundle(pkg, name),

  // Problems.
  getDiagnosticsSlice: (start, end) => service.getDiagnosticsSlice(start, end),
  getDiagnosticsDelta: (base, limit) => service.getDiagnosticsDelta(base, limit),

  // Files.
  getFile: (path) => {
    // The editor opens files through here: their documents are parsed for the first keystroke
    // right after this answer goes out (a macrotask later, so the text is not held back).
    setTimeout(() => service.prepareEdit(path), 0);
    return service.getFile(path);
  },
  editListFiles: () => service.listFiles(),
  updateFile: (path, text) => service.updateFile(path, text),

  // Paths and questions.
  getUpgradePath: (q) => service.getUpgradePath(q),
  getWhoReaches: (pkg, channel, target) => service.getWhoReaches(pkg, channel, target),
  getSwitchMatrix: (pkg, semantics) => service.getSwitchMatrix(pkg, semantics),
  getImpact: () => service.getImpact(),

  // Export.
  exportMermaid: (opts) => service.exportMermaid(opts),

  // Editing session (src/core/service/edit-session.ts via src/browser/write-session.ts, loaded on first use).
  // The registry alone (not the edit session): menus and the palette ask for it before any edit.
  editActions: () => import('../core/edit/registry').then((m) => m.actionSpecs()),
  editState: () => edits().then((e) => e.session.state()),
  editType: (path, deltas, expectLength) => edits().then((e) => e.session.type(path, deltas, expectLength)),
  editTypeText: (path, text) => edits().then((e) => e.session.typeText(path, text)),
  editChoices: (action, args) => edits().then((e) => e.session.choices(action, args)),
  editPreview: (action, args) => edits().then((e) => e.session.preview(action, args)),
  editPerform: (action, args) => edits().then((e) => e.session.perform(action, args)),
  editUndo: () => edits().then((e) => e.session.undo()),
  editRedo: () => edits().then((e) => e.session.redo()),
  editRevert: (path) => edits().then((e) => e.session.revert(path)),
  editList: () => edits().then((e) => e.session.edits()),
  editRestore: (files, force) => edits().then((e) => e.session.restore(files, force)),
  editQuickFixes: (d) => edits().then((e) => e.session.quickFixes(d)),
  editSchemaMarkers: (path) => edits().then((e) => e.session.schemaMarkers(path)),

  // Write-back.
  editCheckWrite: () => edits().then((e) => e.checkWrite()),
  editWrite: (overwrite) => edits().then((e) => e.write(overwrite)),
  editTakeDisk: (path, disk) => edits().then((e) => e.session.takeDiskVersion(path, disk)),
  editZip: (scope) =>
    edits()
      .then((e) => e.zip(scope))
      .then((z) => Comlink.transfer(z, [z.data.buffer as ArrayBuffer])),
};

Comlink.expose(api);
