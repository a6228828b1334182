/**
 * The catalog worker's requests for features used after the first view — compare, adding a bundle
 * folder, the formats beside OLM, the versions matrix — loaded on the first of them, so the
 * worker's start-up code (the initial-JS budget) carries only their one-line entries. Each reads
 * the worker's state through `WorkerHost` when asked.
 */
import { sourceFromSpec, type SourceSpec } from '../browser/source-spec';
import type { EditApi } from '../browser/write-session';
import type { RepositoryView } from '../core/repository/open-repository';
import { DEFAULT_CATALOG_ID, type CatalogService } from '../core/service/catalog-service';
import type { CatalogSource } from '../core/source/types';
import type { CatalogProtocol, CompareRequest, PendingCatalog } from '../protocol/catalog-protocol';

export interface WorkerHost {
  service: CatalogService;
  edits(id?: string): Promise<EditApi>;
  /** The catalogs that have an edit session (only those can have pending edits). */
  editing(): string[];
  opened(): { spec: SourceSpec; source: CatalogSource } | undefined;
  repository(): RepositoryView | undefined;
}

type Args<K extends keyof CatalogProtocol> = Parameters<CatalogProtocol[K]>;

/** What the Compare view needs: the opened folder and the catalogs' models now. */
function compareContext(host: WorkerHost) {
  const opened = host.opened();
  if (!opened) return undefined;
  const { service } = host;
  const repository = host.repository();
  const current = service.currentCatalogId ?? DEFAULT_CATALOG_ID;
  const id = (c: string) => (repository ? c : c === DEFAULT_CATALOG_ID ? '' : c);
  return {
    source: opened.source,
    current: id(current),
    catalogs: repository ? repository.catalogs.map((c) => c.id) : [],
    model: (c: string) => service.session(c === '' ? DEFAULT_CATALOG_ID : c)?.editContext().model,
  };
}

// Compare: the diff and Git reading load with the first question (src/core/diff/compare-service.ts).
export async function compareTargets(host: WorkerHost) {
  const ctx = compareContext(host);
  const m = await import('../core/diff/compare-service');
  return ctx ? m.compareTargets(ctx) : { current: '', catalogs: [], revisions: null };
}

export async function compare(host: WorkerHost, against: CompareRequest, swap: boolean) {
  const ctx = compareContext(host);
  if (!ctx) return { error: 'No catalog is open' };
  const m = await import('../core/diff/compare-service');
  if (against.kind !== 'picked') return m.compareWith(ctx, against, swap);
  const picked = await pickedSource(against.spec);
  return m.compareWith(ctx, { kind: 'source', ...picked }, swap);
}

/** A picked or dropped folder as it is, or the catalog inside a picked or dropped .zip. */
async function pickedSource(spec: SourceSpec): Promise<{ source: CatalogSource; label: string }> {
  const only = spec.kind === 'files' && spec.files.length === 1 ? spec.files[0] : undefined;
  if (only && /\.zip$/i.test(only.path)) {
    const { zipSource } = await import('../core/source/zip');
    const name = only.path.split('/').pop() ?? only.path;
    return { source: zipSource(new Uint8Array(await only.file.arrayBuffer()), name), label: name };
  }
  const source = await sourceFromSpec(spec);
  return { source, label: spec.kind === 'handle' ? spec.handle.name : source.name };
}

// Adding a bundle folder.
export async function bundleLooksLike(spec: SourceSpec) {
  const [source, { looksLikeBundle }] = await Promise.all([
    sourceFromSpec(spec),
    import('../core/bundle/inspect'),
  ]);
  return looksLikeBundle((await source.list()).map((f) => f.path));
}

export async function bundleInspect(host: WorkerHost, spec: SourceSpec, image: string) {
  const [source, { inspectBundle }] = await Promise.all([
    sourceFromSpec(spec),
    import('../core/bundle/inspect'),
  ]);
  return inspectBundle(source, image, host.service.editContext());
}

export async function bundlePreviewGraphs(host: WorkerHost, ...[blob, entries]: Args<'bundlePreviewGraphs'>) {
  const { previewGraphs } = await import('../core/bundle/preview-graph');
  return previewGraphs(host.service.editContext(), blob, entries);
}

export async function bundleDependencies(host: WorkerHost, ...[pkg, name]: Args<'bundleDependencies'>) {
  const { packageDependencies } = await import('../core/bundle/dependencies');
  return packageDependencies(host.service.editContext().dc, pkg, name)[0] ?? null;
}

// OLM v1 answers for the open catalog: a pasted ClusterExtension, or a bundle's section.
export async function olmv1(host: WorkerHost, ...[q]: Args<'olmv1'>) {
  const { dc } = host.service.editContext();
  if (q.kind === 'preview')
    return (await import('../core/olmv1/in-catalog')).previewInCatalog(dc, q.yaml, q.installed);
  return (await import('../core/olmv1/bundle-in-catalog')).bundleOlmV1(dc, q.pkg, q.name, q.channel);
}

// The Mirror plan of the open catalog (src/core/mirror), or its suggestion applied to the ISC text.
export async function mirror(host: WorkerHost, ...[q]: Args<'mirror'>) {
  if (q.kind === 'apply') return (await import('../core/mirror/apply-patch')).applyIscPatch(q.isc, q.patch);
  const { planInCatalog } = await import('../core/mirror/in-catalog');
  return planInCatalog(host.service.editContext().dc, q);
}

/** The repository's catalogs with their models as they are now (edits included). */
const matrixCatalogs = (host: WorkerHost) =>
  (host.repository()?.catalogs ?? []).flatMap((c) => {
    const s = host.service.session(c.id);
    return s ? [{ id: c.id, ocpVersion: c.ocpVersion, context: s.editContext() }] : [];
  });

// A repository's package across its OpenShift versions.
export async function getVersionsMatrix(host: WorkerHost, pkg: string) {
  const { versionsMatrix } = await import('../core/repository/versions-matrix');
  return versionsMatrix(pkg, matrixCatalogs(host));
}

// Every package across the versions: the repository overview's matrix.
export async function getPackagesAcross(host: WorkerHost) {
  const { packagesAcross } = await import('../core/repository/packages-across');
  return packagesAcross(matrixCatalogs(host));
}

// Formats beside OLM: decided from the paths; the readers load only for such a folder.
export async function getBeside(host: WorkerHost) {
  const opened = host.opened();
  if (!opened || host.repository()) return null;
  const { source } = opened;
  const { detectBeside } = await import('../core/beside/detect');
  const kind = detectBeside((await source.list()).map((f) => f.path));
  if (!kind) return null;
  const { besideView } = await import('../core/beside/beside-view');
  // What is shown follows the edits (an added dependency): edited files are read as they are now.
  const now = (path: string) => host.service.getFile(path)?.text;
  return besideView(kind, {
    ...source,
    name: source.name,
    list: () => source.list(),
    read: async (path) => {
      const text = now(path);
      return text == null ? source.read(path) : new TextEncoder().encode(text);
    },
  });
}

export async function editCrossplane(host: WorkerHost, ...[edit]: Args<'editCrossplane'>) {
  const e = await host.edits();
  const { crossplaneEdit } = await import('../core/crossplane/edit-deps');
  const text = host.service.getFile(edit.file)?.text;
  const result =
    text == null
      ? { changes: [], warnings: [], error: `${edit.file} is not open`, label: '' }
      : crossplaneEdit(edit, text);
  if (result.error || result.changes.length === 0) return { result, state: e.session.state(), changes: [] };
  return { result, ...e.session.applyChanges(result.changes, result.label) };
}

/** The catalogs other than the current one with pending edits, by name, in the repository's order. */
export async function pendingElsewhere(host: WorkerHost): Promise<string[]> {
  const { pendingIds } = await import('./write-across');
  return (await pendingIds(host)).filter((p) => !p.current).map((p) => p.catalog);
}

/**
 * Every catalog's pending edits (Review): its changed files and the impact the side panel computes,
 * the current catalog first. In a repository, an action applied to other versions edits them too.
 */
export async function pendingEdits(host: WorkerHost): Promise<PendingCatalog[]> {
  const { pendingHeader, pendingIds } = await import('./write-across');
  const out: PendingCatalog[] = [];
  for (const p of await pendingIds(host)) {
    out.push({
      ...pendingHeader(p),
      files: p.api.session.state().dirty,
      impact: await (host.service.session(p.id) ?? host.service).getImpact(),
    });
  }
  return out;
}
