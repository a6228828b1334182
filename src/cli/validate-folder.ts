/**
 * The folder `validate` was given, checked: one catalog gives opm's verdict on it; a repository root
 * gives its discovery, for the repository report. A large folder is parsed and validated on loader
 * threads (validate-pool.ts) when asked, or by default on a machine with more than two cores; see
 * `threadsFor`. Threads keep their parses: a repository's catalogs are validated there when its
 * report needs only their verdicts (`verdictsOnly`), else the folder is read again on this thread.
 */
import { checkCatalog, type CheckedCatalog } from '../core/api';
import { acceptanceOf } from '../core/repo-config/accept';
import { compareWalkOrder } from '../core/load';
import type { Verdict } from '../core/validate/incremental';
import { discoverWorkspace, type Discovery } from '../core/workspace/discover';
import type { DiscoveredCatalog } from '../core/workspace/discover';
import { checkDiscoveredCatalog, loadDiscoveredCatalog } from '../core/workspace/validate';
import { askedThreads, discoverFolder, discoverHere, listedOnce, threadsFor } from './discover-folder';
import { packByName, type PolicyOptions } from './policy-options';
import type { PolicyDecided } from './policy-run';
import { NodeFsSource, type FolderListing } from './node-source';
import { tuneCompilerFor } from './compiler-tuning';
import type { SourceFile } from '../core/source/types';
import { ValidatePool } from './validate-pool';

/** A check's catalogs validated where their files were held (undefined: validate here). */
export type HeldCatalogs = (catalog: DiscoveredCatalog) => CheckedCatalog | undefined;

/**
 * A repository root's check: its discovery, the listing it was read from and, when its catalogs
 * were validated on the threads that hold them, their verdicts and the policy pack decided on the
 * way, so that the report neither lists the folder nor decides the pack again.
 */
export interface RepositoryCheck {
  repository: Discovery;
  listing: FolderListing;
  validated?: HeldCatalogs;
  decided?: PolicyDecided;
}

export type FolderCheck = { verdict: Verdict } | RepositoryCheck;

/**
 * A catalog at the root of a repository with a configuration: its mistakes first, then the
 * verdict's findings, those of ours it accepts marked (opm's verdict itself is untouched).
 */
function withConfig(d: Discovery, v: Verdict): Verdict {
  const config = d.workspace.config;
  if (!config) return v;
  const diagnostics = v.diagnostics.map((x) => {
    const accepted = acceptanceOf(config, x, '.');
    return accepted ? { ...x, accepted } : x;
  });
  return { ...v, diagnostics: [...config.findings, ...diagnostics] };
}

/**
 * The folder's files in walk order, and how many shares to validate them in (0: this thread alone).
 * `byDefault` false: the caller knows the run reads more than the verdicts (templates, a policy pack
 * by name), so threads only when FBC_STUDIO_THREADS asks.
 */
async function listFolder(
  dir: string,
  byDefault: boolean,
): Promise<{ source: NodeFsSource; files: SourceFile[]; threads: number }> {
  const source = new NodeFsSource(dir);
  const files = (await source.list()).sort((a, b) => compareWalkOrder(a.path, b.path));
  const bytes = files.reduce((n, f) => n + (f.size ?? 0), 0);
  tuneCompilerFor(bytes);
  return { source, files, threads: byDefault ? threadsFor(files) : (askedThreads(bytes) ?? 0) };
}

/**
 * Whether a repository's report reads nothing of its catalogs but their verdicts: none is built
 * for an OpenShift version (skew and lifecycle compare their models and bundles) and no policy pack
 * runs (it reads their blobs). Templates are rendered only when the caller asks (it then never
 * takes threads by default). The pack decided is kept for the run.
 */
export async function verdictsOnly(
  dir: string,
  d: Discovery,
  listing: FolderListing,
  policy: PolicyOptions,
): Promise<{ ok: boolean; decided?: PolicyDecided }> {
  if (d.catalogs.some((c) => c.ocpVersion !== null)) return { ok: false };
  const { decidePolicy } = await import('./policy-run');
  const paths = d.catalogs.map((c) => c.path);
  const decided = await decidePolicy(dir, policy, paths, d.workspace.config, listing);
  return { ok: decided.decision.pack === 'none', decided };
}

/**
 * Every catalog of `d` validated where its files are held, or undefined when one declines (a
 * package's files in two shares). The stubs' merge stands for each load (names, origins); the
 * packages' models stay on the threads: a report of verdicts reads neither.
 */
async function heldCatalogs(pool: ValidatePool, d: Discovery): Promise<HeldCatalogs | undefined> {
  const held = new Map<DiscoveredCatalog, CheckedCatalog>();
  for (const catalog of d.catalogs) {
    const verdict = await pool.verdict(d, catalog);
    if (!verdict) return undefined;
    held.set(catalog, {
      load: loadDiscoveredCatalog(d, catalog),
      result: { ...verdict, model: { packages: new Map() } },
    });
  }
  return (c) => held.get(c);
}

/** Discovery with each file parsed and kept by its share of `pool` (each thread reads its own files). */
function discoverHeld(
  pool: ValidatePool,
  dir: string,
  source: NodeFsSource,
  files: SourceFile[],
): Promise<Discovery> {
  pool.plan(files, { root: dir, opts: { bundleObjects: 'eager' } });
  return discoverWorkspace(listedOnce(source, files), { loadFile: pool.hold, elsewhere: pool.elsewhere });
}

export async function checkFolder(dir: string, policy: PolicyOptions = {}): Promise<FolderCheck> {
  const byDefault = !packByName(policy);
  const { source, files, threads } = await listFolder(dir, byDefault);
  const listing = { source, files };
  if (threads === 0) {
    const d = await discoverHere(source, files, byDefault);
    if (!d.workspace.single) return { repository: d, listing };
    return {
      verdict: withConfig(d, checkDiscoveredCatalog(d, d.catalogs[0] as Discovery['catalogs'][0]).result),
    };
  }
  const pool = new ValidatePool(threads);
  try {
    const d = await discoverHeld(pool, dir, source, files);
    // No catalog: nothing to read again.
    if (d.catalogs.length === 0) return { repository: d, listing };
    if (!d.workspace.single) {
      const { ok, decided } = await verdictsOnly(dir, d, listing, policy);
      if (ok) {
        const validated = await heldCatalogs(pool, d);
        if (validated) return { repository: d, listing, validated, decided };
      }
      // The repository report reads every catalog's parse: discovery runs again with the blobs here.
      return { repository: await discoverFolder(dir), listing };
    }
    const verdict = await pool.verdict(d, d.catalogs[0] as Discovery['catalogs'][0]);
    // Declined (a package's files in two shares): validated here, read again.
    return { verdict: withConfig(d, verdict ?? (await checkCatalog(source)).result) };
  } finally {
    await pool.close();
  }
}

/** A folder discovered for a CI report, with its one catalog's verdict when threads made it already. */
export interface ReportDiscovery {
  d: Discovery;
  /** The folder as listed for discovery (the policy decision reads the same listing). */
  listing: FolderListing;
  /** For checkWorkspace: the catalog validated where its files were held (undefined: validate here). */
  validated?: HeldCatalogs;
}

/**
 * Discovery for the CI reports (`-o github|json|sarif|junit`). With loader threads, when
 * `verdictOnly` says the report reads nothing of its catalogs but their verdicts, each catalog of
 * the folder is validated where its files are held, as checkFolder does; otherwise, and without
 * threads, every file is parsed on this thread. (Threads that copy each parse back to this thread
 * cost about what parsing does: 1.6× one thread's time.) `byDefault` false: threads only when asked.
 */
export async function discoverForReport(
  dir: string,
  verdictOnly: (d: Discovery, listing: FolderListing) => Promise<boolean>,
  byDefault = true,
): Promise<ReportDiscovery> {
  const { source, files, threads } = await listFolder(dir, byDefault);
  const listing = { source, files };
  if (threads === 0) return { d: await discoverHere(source, files, byDefault), listing };
  const pool = new ValidatePool(threads);
  try {
    const d = await discoverHeld(pool, dir, source, files);
    if (d.catalogs.length === 0) return { d, listing };
    if (await verdictOnly(d, listing)) {
      const validated = await heldCatalogs(pool, d);
      if (validated) return { d, listing, validated };
    }
  } finally {
    await pool.close();
  }
  // The report reads the catalogs' blobs (or a package's files were split between threads).
  return { d: await discoverFolder(dir), listing };
}
