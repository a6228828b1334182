/**
 * A policy pack run over what a command checked: the pack chosen (--policy, the repository
 * configuration, the repository's pipelines), its inputs read from the repository (a Containerfile's
 * FROM, config.yaml's allowed_bundle_registries, the released catalogs of --released), and its
 * findings per catalog, repository-relative. Loaded only when a command runs a pack.
 */
import { checkCatalog, type CheckedCatalog } from '../core/api';
import type { DeclarativeConfig } from '../core/declcfg/types';
import type { Diagnostic } from '../core/diagnostics';
import type { PolicyDecision } from '../core/policy/infer';
import { preparePolicy, type PreparedPolicy } from '../core/policy/prepare';
import type { PolicyInputs } from '../core/policy/run';
import type { CatalogSource } from '../core/source/types';
import { REPO_CONFIG_FILE, type RepoConfig } from '../core/repo-config/types';
import {
  checkWorkspace,
  repoRelative,
  subSource,
  type DiscoveredCatalog,
  type Discovery,
} from '../core/workspace';
import { discoverFolder } from './discover-folder';
import { NodeFsSource, type FolderListing } from './node-source';
import { OptionValueError } from './report/fail-on';
import { isImageArgument, pullImageArguments, type RegistryCommandFlags } from './image-args';
import { ocpVersionOf, type PolicyOptions } from './policy-options';

export interface PolicyOutcome {
  decision: PolicyDecision;
  /** Catalogs the pack did not judge: no PipelineRun of the repository builds them. */
  skipped?: string[];
  /** Findings by catalog path, repository-relative. */
  byCatalog: Map<string, Diagnostic[]>;
  /** Findings about the repository's other files (community: ci.yaml, release-config.yaml). */
  repository: Diagnostic[];
  all: Diagnostic[];
}

const decoder = new TextDecoder();

async function readText(source: CatalogSource, path: string): Promise<string | undefined> {
  try {
    return decoder.decode(await source.read(path));
  } catch {
    return undefined;
  }
}

/** config.yaml at the root: the community repository's configuration (registries, waivers). */
async function repoConfigYaml(source: CatalogSource): Promise<unknown> {
  const text = await readText(source, 'config.yaml');
  if (text === undefined) return undefined;
  try {
    // Loaded only when the file is there: most runs never read YAML here (start-up).
    const { parse: parseYaml } = await import('yaml');
    return parseYaml(text) as unknown;
  } catch {
    return undefined;
  }
}

/** config.yaml's `allowed_bundle_registries`. */
function allowedRegistries(config: unknown): string[] | undefined {
  const list = (config as { allowed_bundle_registries?: unknown } | null)?.allowed_bundle_registries;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : undefined;
}

/**
 * --base: the pull request from REF to the working tree, judged as the pipeline's detect-changes step
 * judges it; the operators it touches are those whose files the static checks then read.
 */
async function pullRequest(
  dir: string,
  ref: string,
  head: NodeFsSource,
  headPaths: readonly string[],
): Promise<{ findings: Diagnostic[]; operators: Set<string>; catalogOperators: Set<string> }> {
  // isomorphic-git and node:crypto (policy-base) load only when a REF is asked for, not at every start.
  const { changedFiles, sourceAtRef } = await import('./policy-base');
  const base = await sourceAtRef(dir, ref, '--base');
  const basePaths = (await base.source.list()).map((f) => f.path);
  const changed = await changedFiles(dir, headPaths, base, basePaths);
  const { checkPullRequestShape } = await import('../core/policy/pr-shape');
  const { findings, affected } = await checkPullRequestShape(
    changed,
    { paths: headPaths, read: (p) => readText(head, p) },
    { paths: basePaths, read: (p) => readText(base.source, p) },
  );
  const names = [
    ...affected.operators.added,
    ...affected.operators.modified,
    ...affected.operators.deleted,
    ...[...affected.catalogOperators].map((c) => c.split('/')[1] as string),
  ];
  return {
    findings,
    operators: new Set(names.map((n) => `operators/${n}`)),
    catalogOperators: affected.catalogOperators,
  };
}

/** --released IMAGE: the catalog image pulled with the command's registry flags; its folder. */
async function pullReleased(ref: string, flags: RegistryCommandFlags): Promise<string> {
  // Its notices (a mirror used) are not the pack's findings: the pull is said by what it finds.
  try {
    const { paths } = await pullImageArguments([ref], flags, () => {});
    return paths[0] as string;
  } catch (e) {
    throw new OptionValueError(`--released ${ref}: ${(e as Error).message}`, { cause: e });
  }
}

/** --released: a folder (the catalog at the same path in it, else the folder as the whole index) or a Git revision. */
async function releasedCatalogs(
  dir: string,
  ref: string,
  catalogs: readonly DiscoveredCatalog[],
  flags: RegistryCommandFlags,
): Promise<Map<string, DeclarativeConfig>> {
  // A catalog image (not a folder here, and it reads as a reference) is pulled and read as the index.
  const { source, isFolder: wholeIsIndex } = isImageArgument(ref)
    ? { source: new NodeFsSource(await pullReleased(ref, flags)), isFolder: true }
    : await (await import('./policy-base')).sourceAtRef(dir, ref, '--released');
  const listed = (await source.list()).map((f) => f.path);
  const out = new Map<string, DeclarativeConfig>();
  let whole: DeclarativeConfig | undefined;
  for (const c of catalogs) {
    const at = c.path === '.' ? '' : c.path;
    const there = at === '' ? listed.length > 0 : listed.some((p) => p === at || p.startsWith(`${at}/`));
    if (there) out.set(c.path, (await checkCatalog(at === '' ? source : subSource(source, at))).load.dc);
    else if (wholeIsIndex) out.set(c.path, (whole ??= (await checkCatalog(source)).load.dc));
  }
  return out;
}

/** Which pack, and why: --policy, else the repository configuration's `policy:`, else the pipelines. */
export async function decidePolicy(
  dir: string,
  opts: PolicyOptions,
  catalogs: readonly string[],
  config?: RepoConfig,
  listing?: FolderListing,
): Promise<PreparedPolicy & { source: NodeFsSource; paths: string[] }> {
  const source = listing?.source ?? new NodeFsSource(dir);
  const paths = (listing?.files ?? (await source.list())).map((f) => f.path);
  let cfg = config;
  if (!cfg && !opts.policy && paths.includes(REPO_CONFIG_FILE)) {
    const text = await readText(source, REPO_CONFIG_FILE);
    // Loaded with the file (it carries the YAML library and the rule catalogue).
    if (text !== undefined)
      cfg = (await import('../core/repo-config/parse')).parseRepoConfig(REPO_CONFIG_FILE, text);
  }
  const prepared = await preparePolicy({
    ...(opts.policy ? { explicit: opts.policy } : {}),
    ...(cfg ? { config: cfg } : {}),
    paths,
    catalogs,
    read: (p) => readText(source, p),
  });
  return { ...prepared, source, paths };
}

/** A pack decided once for a run (decidePolicy), handed on so it is not decided again. */
export type PolicyDecided = Awaited<ReturnType<typeof decidePolicy>>;

export async function runPolicy(
  dir: string,
  d: Discovery,
  checked: readonly { catalog: DiscoveredCatalog; checked: CheckedCatalog }[],
  opts: PolicyOptions,
  decided?: PolicyDecided,
  listing?: FolderListing,
): Promise<PolicyOutcome> {
  const prepared =
    decided ??
    (await decidePolicy(
      dir,
      opts,
      checked.map((c) => c.catalog.path),
      d.workspace.config,
      listing,
    ));
  const { decision, source, built } = prepared;
  const byCatalog = new Map<string, Diagnostic[]>();
  const all: Diagnostic[] = [];
  if (decision.pack === 'none') return { decision, byCatalog, repository: [], all };
  // The packs are loaded when one runs: most runs decide `none` (start-up).
  const [{ runPack }, { communityCatalogName }, { checkCommunityRepository }, { applyWaivers, readWaivers }] =
    await Promise.all([
      import('../core/policy/run'),
      import('../core/policy/community'),
      import('../core/policy/community-repo'),
      import('../core/policy/waivers'),
    ]);
  const pack = decision.pack;
  const inputs: PolicyInputs = { ...prepared.inputs };
  const ocpVersion = ocpVersionOf(opts);
  if (ocpVersion) inputs.ocpVersion = ocpVersion;
  const communityConfig = pack === 'community' ? await repoConfigYaml(source) : undefined;
  const allowed = allowedRegistries(communityConfig);
  if (allowed) inputs.allowedRegistries = allowed;
  if (opts.released && pack === 'konflux') {
    const released = await releasedCatalogs(
      dir,
      opts.released,
      checked.map((c) => c.catalog),
      opts as RegistryCommandFlags,
    );
    inputs.released = (c) => released.get(c.path);
  }
  // Konflux judges what its PipelineRuns build: when their parameters name catalogs, only those.
  for (const { catalog, checked: c } of checked) {
    if (built && !built.has(catalog.path)) continue;
    const found = runPack(pack, catalog, c, inputs).map((x) => repoRelative(catalog, x));
    byCatalog.set(catalog.path, found);
    all.push(...found);
  }
  let repository: Diagnostic[] = [];
  if (pack === 'community') {
    const pr = opts.base ? await pullRequest(dir, opts.base, source, prepared.paths) : undefined;
    repository = [
      ...(pr?.findings ?? []),
      ...(await checkCommunityRepository(prepared.paths, (p) => readText(source, p), pr?.operators)),
    ];
    // With --base the pipeline tests the pull request's catalogs only: opm validate per changed
    // catalog, the catalog checks per changed operator catalog (catalogs/<catalog>/<operator>).
    if (pr)
      for (const [path, found] of byCatalog)
        byCatalog.set(
          path,
          found.filter((d) => {
            const name = d.package === undefined ? undefined : communityCatalogName(path, d.package);
            if (name !== undefined && d.rule !== 'community-opm-validate')
              return pr.catalogOperators.has(name);
            return [...pr.catalogOperators].some(
              (c) => communityCatalogName(path, c.split('/')[1] as string) === c,
            );
          }),
        );
    // The repository's waivers (config.yaml tests:) skip static checks for the operators they name.
    const waivers = readWaivers(communityConfig);
    repository = applyWaivers(repository, waivers);
    for (const [path, found] of byCatalog) byCatalog.set(path, applyWaivers(found, waivers));
  }
  all.splice(0, all.length, ...[...byCatalog.values()].flat(), ...repository);
  const skipped = built ? checked.filter((c) => !built.has(c.catalog.path)).map((c) => c.catalog.path) : [];
  return { decision, byCatalog, repository, all, ...(skipped.length > 0 && { skipped }) };
}

/**
 * For `validate` of one catalog, which has no discovery: decided first (cheap), and only when a pack
 * runs is the folder discovered and checked again for it.
 */
export async function policyForFolder(dir: string, opts: PolicyOptions): Promise<PolicyOutcome> {
  const decided = await decidePolicy(dir, opts, ['.']);
  if (decided.decision.pack === 'none')
    return { decision: decided.decision, byCatalog: new Map(), repository: [], all: [] };
  const d = await discoverFolder(dir);
  const checked = checkWorkspace(d).catalogs;
  // The PipelineRuns' catalogs are known only now: decided again on them (the listing is cheap).
  return runPolicy(dir, d, checked, opts);
}

/** The line that says which pack ran and why. */
export function policyLine(o: PolicyOutcome): string {
  const n = o.all.length;
  const errors = o.all.filter((x) => x.severity === 'error' && !x.accepted).length;
  const waived = o.all.filter((x) => x.accepted?.by === 'config.yaml').length;
  if (o.decision.pack === 'none') return `Policy: none (${o.decision.why})`;
  const skipped = o.skipped?.length
    ? `; not judged, no PipelineRun builds them: ${o.skipped.join(', ')}`
    : '';
  return `Policy: ${o.decision.pack} (${o.decision.why}): ${errors > 0 ? 'failed' : 'passed'}, ${n} finding${n === 1 ? '' : 's'}${waived > 0 ? ` (${waived} waived by config.yaml)` : ''}${skipped}`;
}

/** Whether to say anything: a pack ran, or --policy was given (then even `none` is said). */
export function policyShown(o: PolicyOutcome): boolean {
  return o.decision.pack !== 'none' || o.decision.why === '--policy';
}

/** The `policy` member of a JSON report. */
export function policyJson(o: PolicyOutcome, strip: (d: Diagnostic) => unknown): Record<string, unknown> {
  return { pack: o.decision.pack, why: o.decision.why, findings: o.all.map(strip) };
}
