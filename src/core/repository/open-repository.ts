/**
 * Opening a repository in the service: discovery (src/core/workspace) finds its catalogs, each is
 * opened as a catalog of its own (id = its path in the repository), exactly as `opm validate` of its
 * root; the newest OpenShift version's catalog becomes current. What only the repository as a whole
 * shows — version skew, unparseable files outside every catalog, templates and their links — is
 * kept in the RepositoryView beside the catalogs.
 */
import type { Diagnostic } from '../diagnostics';
import type { CatalogService } from '../service/catalog-service';
import { now } from '../service/clock';
import type { OpenOptions } from '../service/session-loading';
import type { CatalogSummary, LoadProgress } from '../service/views';
import { listedOnce } from '../source/listed-once';
import type { CatalogSource } from '../source/types';
import { acceptanceOf } from '../repo-config/accept';
import type { PolicyChoice } from '../policy/types';
import type { PolicyCheck } from '../service/session-snapshot';
import {
  acceptedRepositoryFinding,
  checkWorkspace,
  judgeTemplates,
  loadRepositoryJudging,
  statusCatalogsOf,
} from '../workspace/check';
import { discoverWorkspace, type DiscoveredCatalog, type Discovery } from '../workspace/discover';
import type { FileLoad } from '../load';
import type { ReadFiles } from '../service/session-read';
import { byOcpVersion } from '../workspace/ocp-version';
import { fileSubSource, subSource } from '../workspace/sub-source';
import type { TemplateSchema } from '../workspace/types';
import type { ResolverCatalog } from '../template/bundle-resolver';
import { repositoryResolver, templateDriftDiff, type TemplateStatus } from '../workspace/template-status';

export interface RepositoryCatalogView {
  /** The catalog's id in the service: its path in the repository. */
  id: string;
  path: string;
  ocpVersion: string | null;
  /** opm's verdict for this root. */
  passed: boolean;
  errors: number;
  warnings: number;
  packages: number;
}

export interface RepositoryView {
  name: string;
  /** In OpenShift version order (catalogs without one last, by path). */
  catalogs: RepositoryCatalogView[];
  /** Each template with its render against the catalogs it is rendered into. */
  templates: RepositoryTemplateView[];
  /** Files in no catalog that are not templates: listed, never errors. */
  other: string[];
  /** Repository-level findings (our own: skew across versions, unparseable files), paths repo-relative. */
  findings: Diagnostic[];
  /** The repository configuration file as read (the editor opens it beside the catalog's files). */
  config?: { path: string; text: string };
  /** The pipeline policy pack whose findings the catalogs show, and why it was chosen (core/policy). */
  policy?: { pack: PolicyChoice; why: string };
  /** How long opening took, reading to the last catalog's verdict (each catalog's own figure omits the shared read). */
  loadMs: number;
}

export interface RepositoryTemplateView {
  path: string;
  schema: TemplateSchema;
  catalogs: string[];
  status: TemplateStatus;
  /** Its images no catalog holds, asked of `fbc-studio open`'s server: which were pulled, which not and why. */
  pulls?: TemplatePulls;
}

export interface TemplatePulls {
  /** As the server says them (`IMAGE`, `IMAGE from the mirror M`, `IMAGE (cached)`). */
  pulled: string[];
  failed: { image: string; message: string }[];
}

/** The templates judged again with bundles pulled from registries, and what that changes. */
export interface Rejudged {
  templates: RepositoryTemplateView[];
  /** The repository's findings with the drift findings of the new judgement. */
  findings: Diagnostic[];
  templateDiff: (template: string, catalog: string) => string | undefined;
}

/**
 * A catalog's files as discovery parsed them (paths relative to the catalog, walk order): the
 * session takes them instead of reading and parsing the catalog a second time.
 */
function preloaded(d: Discovery, c: DiscoveredCatalog): ReadFiles {
  const loads = new Map<string, FileLoad>();
  let bytes = 0;
  for (const f of c.files) {
    const fl = d.loads.get(f);
    if (!fl) continue;
    loads.set(fl.file.path, fl);
    bytes += fl.file.bytes;
  }
  return {
    loads,
    ignored: c.ignored,
    filesRead: loads.size,
    filesTotal: loads.size,
    bytesRead: bytes,
    bytesTotal: bytes,
  };
}

type Verdict = Pick<RepositoryCatalogView, 'passed' | 'errors' | 'warnings' | 'packages'>;

/** A catalog's verdict and counts as its session has them now (an edit changes them). */
function verdictOf(service: CatalogService, id: string): Verdict {
  const s = service.session(id)?.getSummary();
  return {
    passed: s?.passed ?? false,
    errors: s?.errors ?? 0,
    warnings: s?.warnings ?? 0,
    packages: s?.packages ?? 0,
  };
}

/** The repository with each catalog's verdict and counts as they are now, not as opened. */
export function repositoryNow(service: CatalogService, r: RepositoryView): RepositoryView {
  return {
    ...r,
    catalogs: r.catalogs.map((c) => (service.session(c.id) ? { ...c, ...verdictOf(service, c.id) } : c)),
  };
}

const decoder = new TextDecoder();

/**
 * The repository's policy pack (its configuration's `policy:`, else its pipelines): for each catalog
 * the check its session runs on every generation (so the pack's findings follow each edit, beside
 * opm's and ours, never in opm's verdict), and the findings about the repository's other files (the
 * community pack's ci.yaml and release-config.yaml). The policy code loads only for a repository,
 * outside the worker's start-up chunk.
 */
async function repositoryPolicy(
  src: CatalogSource,
  d: Discovery,
): Promise<{
  decision: { pack: PolicyChoice; why: string };
  check: (c: DiscoveredCatalog) => PolicyCheck | undefined;
  findings: Diagnostic[];
}> {
  const [{ preparePolicy }, { packFindings }] = await Promise.all([
    import('../policy/prepare'),
    import('../policy/run'),
  ]);
  const paths = (await src.list()).map((f) => f.path);
  const read = async (p: string): Promise<string | undefined> => {
    try {
      return decoder.decode(await src.read(p));
    } catch {
      return undefined;
    }
  };
  const config = d.workspace.config;
  const { decision, inputs, built } = await preparePolicy({
    ...(config && { config }),
    paths,
    catalogs: d.catalogs.map((c) => c.path),
    read,
  });
  const pack = decision.pack;
  if (pack === 'none') return { decision, check: () => undefined, findings: [] };
  const judged = (c: DiscoveredCatalog) => !built || built.has(c.path);
  if (pack === 'konflux')
    return {
      decision,
      check: (c) => (judged(c) ? (load, passed) => packFindings(pack, c, load, passed, inputs) : undefined),
      findings: [],
    };
  // The community pack also judges each operator's ci.yaml and its bundles' release-config.yaml,
  // and honours the repository's waivers (config.yaml tests:) as its pipeline does.
  const [{ checkCommunityRepository }, { applyWaivers, readWaivers }, { parse }] = await Promise.all([
    import('../policy/community-repo'),
    import('../policy/waivers'),
    import('yaml'),
  ]);
  let repoConfig: unknown;
  try {
    repoConfig = parse((await read('config.yaml')) ?? '') as unknown;
  } catch {
    repoConfig = undefined;
  }
  const registries = (repoConfig as { allowed_bundle_registries?: unknown } | null)
    ?.allowed_bundle_registries;
  const allowedRegistries = Array.isArray(registries) ? registries.filter((x) => typeof x === 'string') : [];
  const waivers = readWaivers(repoConfig);
  const withRegistries = { ...inputs, allowedRegistries };
  return {
    decision,
    check: (c) =>
      judged(c)
        ? (load, passed) => applyWaivers(packFindings(pack, c, load, passed, withRegistries), waivers)
        : undefined,
    findings: applyWaivers(await checkCommunityRepository(paths, read), waivers),
  };
}

export interface OpenRepositoryOptions extends OpenOptions {
  signal?: AbortSignal;
}

export async function openRepository(
  service: CatalogService,
  source: CatalogSource,
  opts: OpenRepositoryOptions,
): Promise<{
  summary: CatalogSummary;
  repository: RepositoryView;
  /** The unified diff committed → render of one template's catalog, as opened; computed when asked. */
  templateDiff: (template: string, catalog: string) => string | undefined;
  /** The templates judged again, their images no catalog holds resolved from `pulled` too. */
  rejudge: (pulled: ResolverCatalog) => Rejudged;
}> {
  const started = now();
  const src = listedOnce(source);
  const progress = (p: {
    filesDone: number;
    filesTotal: number;
    bytesDone: number;
    bytesTotal: number;
    currentFile: string;
  }) =>
    opts.onProgress?.({
      phase: 'reading',
      filesRead: p.filesDone,
      filesTotal: p.filesTotal,
      bytesRead: p.bytesDone,
      bytesTotal: p.bytesTotal,
      currentFile: p.currentFile,
    } satisfies LoadProgress);
  const discovery = await discoverWorkspace(src, {
    bundleObjects: 'lazy',
    signal: opts.signal,
    onProgress: progress,
  });
  const catalogs = [...discovery.catalogs].sort(byOcpVersion);
  const config = discovery.workspace.config;
  const policy = await repositoryPolicy(src, discovery);
  for (const c of catalogs) {
    opts.signal?.throwIfAborted();
    const check = policy.check(c);
    const sub = c.isFile ? fileSubSource(src, c.path) : subSource(src, c.dir);
    // Named by its place in the repository: every version's folder is often just `catalog`.
    await service.open(
      { ...sub, name: `${source.name}/${c.path}` },
      {
        id: c.path,
        select: false,
        kind: opts.kind,
        readOnly: opts.readOnly,
        preloaded: preloaded(discovery, c),
        ...(config && { accept: (d: Diagnostic) => acceptanceOf(config, d, c.path) }),
        ...(check && { policy: check }),
      },
    );
  }
  const views: RepositoryCatalogView[] = catalogs.map((c) => ({
    id: c.path,
    path: c.path,
    ocpVersion: c.ocpVersion,
    ...verdictOf(service, c.path),
  }));
  // What only the repository as a whole shows (skew, drift), from the sessions' validations.
  await loadRepositoryJudging(discovery);
  const checked = checkWorkspace(discovery, {
    templates: true,
    validated: (c) => {
      const s = service.session(c.path)?.current;
      return s && { load: s.load, result: s.validation };
    },
  });
  const newest = views[views.length - 1];
  if (!newest) throw new Error(`${source.name} holds no catalog`);
  service.select(newest.id);
  // Catalogs of an earlier open that this repository does not have are closed.
  for (const id of service.ids()) if (!views.some((v) => v.id === id)) service.close(id);
  const repository: RepositoryView = {
    name: source.name,
    catalogs: views,
    templates: [],
    other: discovery.workspace.other,
    findings: [...checked.findings, ...policy.findings],
    // Only a pack that runs is shown; `none` says nothing.
    ...(policy.decision.pack !== 'none' && { policy: policy.decision }),
    loadMs: 0,
  };
  const configText = config && discovery.loads.get(config.path)?.file.text;
  if (config && configText !== undefined) repository.config = { path: config.path, text: configText };
  for (const { template: t, status } of checked.templates)
    repository.templates.push({ path: t.path, schema: t.schema, catalogs: t.catalogs, status });
  const statusCatalogs = statusCatalogsOf(discovery, checked.catalogs);
  const diffWith =
    (pulled?: ResolverCatalog) =>
    (path: string, catalog: string): string | undefined => {
      const t = discovery.workspace.templates.find((x) => x.path === path);
      const text = discovery.loads.get(path)?.file.text;
      if (!t || text === undefined) return undefined;
      const own = repositoryResolver(statusCatalogs);
      return templateDriftDiff(t, text, statusCatalogs, catalog, pulled ? own.withCatalog(pulled) : own);
    };
  const rejudge = (pulled: ResolverCatalog): Rejudged => {
    const judged = judgeTemplates(discovery, statusCatalogs, pulled);
    const paths = checked.catalogs.map((c) => c.catalog.path);
    return {
      templates: judged.templates.map(({ template: t, status }) => ({
        path: t.path,
        schema: t.schema,
        catalogs: t.catalogs,
        status,
      })),
      findings: [
        ...repository.findings.filter((f) => f.rule !== 'template-drift'),
        ...judged.findings.map((x) => (config ? acceptedRepositoryFinding(config, paths, x) : x)),
      ],
      templateDiff: diffWith(pulled),
    };
  };
  repository.loadMs = Math.round(now() - started);
  return { summary: service.getSummary()!, repository, templateDiff: diffWith(), rejudge };
}
