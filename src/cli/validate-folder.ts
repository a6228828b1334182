/**
 * The folder `validate` was given, checked: one catalog gives opm's verdict on it; a repository root
 * gives its discovery, for the repository report. A large catalog is parsed and validated on loader
 * threads (validate-pool.ts) when asked, or by default on a machine with more than two cores; see
 * `threadsFor`.
 */
import { checkCatalog, type CheckedCatalog } from '../core/api';
import { acceptanceOf } from '../core/repo-config/accept';
import { compareWalkOrder } from '../core/load';
import type { Verdict } from '../core/validate/incremental';
import { discoverWorkspace, type Discovery } from '../core/workspace/discover';
import type { DiscoveredCatalog } from '../core/workspace/discover';
import { checkDiscoveredCatalog, loadDiscoveredCatalog } from '../core/workspace/validate';
import {
  askedThreads,
  discoverFolder,
  discoverHere,
  listedOnce,
  threadsFor,
  type FolderScope,
} from './discover-folder';
import { NodeFsSource, type FolderListing } from './node-source';
import { tuneCompilerFor } from './compiler-tuning';
import type { SourceFile } from '../core/source/types';
import { ValidatePool } from './validate-pool';

export type FolderCheck = { verdict: Verdict } | { repository: Discovery };

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
 * `scope`: what the caller can take on threads by default (discover-folder.ts `sharesPay`), or
 * `asked` when it knows the run reads more than the verdict (templates, a policy pack by name):
 * threads only when FBC_STUDIO_THREADS asks.
 */
async function listFolder(
  dir: string,
  scope: FolderScope | 'asked',
): Promise<{ source: NodeFsSource; files: SourceFile[]; threads: number }> {
  const source = new NodeFsSource(dir);
  const files = (await source.list()).sort((a, b) => compareWalkOrder(a.path, b.path));
  const bytes = files.reduce((n, f) => n + (f.size ?? 0), 0);
  tuneCompilerFor(bytes);
  const threads = scope === 'asked' ? (askedThreads(bytes) ?? 0) : threadsFor(files, scope);
  return { source, files, threads };
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

export async function checkFolder(dir: string): Promise<FolderCheck> {
  const { source, files, threads } = await listFolder(dir, 'catalog');
  if (threads === 0) {
    const d = await discoverHere(source, files);
    if (!d.workspace.single) return { repository: d };
    return {
      verdict: withConfig(d, checkDiscoveredCatalog(d, d.catalogs[0] as Discovery['catalogs'][0]).result),
    };
  }
  const pool = new ValidatePool(threads);
  try {
    const d = await discoverHeld(pool, dir, source, files);
    // No catalog: nothing to read again.
    if (d.catalogs.length === 0) return { repository: d };
    // The repository report reads every catalog's parse: discovery runs again with the blobs here.
    if (!d.workspace.single) return { repository: await discoverFolder(dir) };
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
  validated?: (catalog: DiscoveredCatalog) => CheckedCatalog | undefined;
}

/**
 * Discovery for the CI reports (`-o github|json|sarif|junit`). With loader threads, when
 * `verdictOnly` says the report reads nothing of its catalogs but their verdicts (no templates to
 * render, no OpenShift-version catalogs to compare, no policy pack), each catalog of the folder is
 * validated where its files are held, as checkFolder does for one; otherwise, and without threads,
 * every file is parsed on this thread. (Threads that copy each parse back to this thread cost about
 * what parsing does: 1.6× one thread's time.) `shareByDefault` false: threads only when asked.
 */
export async function discoverForReport(
  dir: string,
  verdictOnly: (d: Discovery, listing: FolderListing) => Promise<boolean>,
  shareByDefault = true,
): Promise<ReportDiscovery> {
  const { source, files, threads } = await listFolder(dir, shareByDefault ? 'repository' : 'asked');
  const listing = { source, files };
  if (threads === 0) return { d: await discoverHere(source, files), listing };
  const pool = new ValidatePool(threads);
  try {
    const d = await discoverHeld(pool, dir, source, files);
    if (d.catalogs.length === 0) return { d, listing };
    if (await verdictOnly(d, listing)) {
      const held = new Map<DiscoveredCatalog, CheckedCatalog>();
      for (const catalog of d.catalogs) {
        const verdict = await pool.verdict(d, catalog);
        if (!verdict) break;
        // The stubs' merge stands for the load (names, origins); the packages' models stay on the
        // threads: the report reads neither (skew compares OpenShift versions' catalogs, which
        // verdictOnly turned down).
        held.set(catalog, {
          load: loadDiscoveredCatalog(d, catalog),
          result: { ...verdict, model: { packages: new Map() } },
        });
      }
      if (held.size === d.catalogs.length) return { d, listing, validated: (c) => held.get(c) };
    }
  } finally {
    await pool.close();
  }
  // The report reads the catalogs' blobs (or a package's files were split between threads).
  return { d: await discoverFolder(dir), listing };
}
