/**
 * The folder `validate` was given, checked: one catalog gives opm's verdict on it; a repository root
 * gives its discovery, for the repository report. A large catalog is parsed and validated on loader
 * threads (validate-pool.ts) when asked; see `validateThreads`.
 */
import { availableParallelism } from 'node:os';
import { resolveDiagnosticLocations } from '../core/api';
import { compareWalkOrder, loadCatalog } from '../core/load';
import type { CatalogSource, SourceFile } from '../core/source/types';
import { validateCatalog } from '../core/validate/validate-catalog';
import type { Verdict } from '../core/validate/incremental';
import { discoverWorkspace, type Discovery } from '../core/workspace/discover';
import { loadDiscoveredCatalog } from '../core/workspace/validate';
import { discoverFolder } from './discover-folder';
import { PARALLEL_MIN_BYTES } from './load-pool';
import { NodeFsSource } from './node-source';
import { ValidatePool } from './validate-pool';

export type FolderCheck = { verdict: Verdict } | { repository: Discovery };

/**
 * Threads for validating `bytes` of catalog: `FBC_STUDIO_THREADS=N` gives N (0: none); `auto`, one
 * per core for PARALLEL_MIN_BYTES or more on a machine with two cores or more; unset, none — on this
 * project's 2-vCPU machine two threads running together each run ~40% slower, which leaves less than
 * a thread's start-up and cold JIT to gain (`npm run bench:cli` prints both ways).
 */
export function validateThreads(bytes: number, env = process.env.FBC_STUDIO_THREADS): number {
  if (env === 'auto')
    return availableParallelism() >= 2 && bytes >= PARALLEL_MIN_BYTES ? availableParallelism() : 0;
  if (env !== undefined && env !== '') return Math.max(0, Math.floor(Number(env)) || 0);
  return 0;
}

/** The source with its listing taken once (sizing the pool needs it before discovery does). */
function listedOnce(source: CatalogSource, files: SourceFile[]): CatalogSource {
  return Object.assign(Object.create(source) as CatalogSource, { list: async () => files });
}

/** opm's verdict with every finding located, on this thread. */
async function verdictHere(source: CatalogSource): Promise<Verdict> {
  const load = await loadCatalog(source, { bundleObjects: 'eager' });
  const result = validateCatalog(load);
  return { ...result, diagnostics: resolveDiagnosticLocations(load.files, result.diagnostics) };
}

export async function checkFolder(dir: string): Promise<FolderCheck> {
  const source = new NodeFsSource(dir);
  const files = (await source.list()).sort((a, b) => compareWalkOrder(a.path, b.path));
  const threads = validateThreads(files.reduce((n, f) => n + (f.size ?? 0), 0));
  if (threads === 0) {
    const d = await discoverWorkspace(listedOnce(source, files));
    if (!d.workspace.single) return { repository: d };
    const load = loadDiscoveredCatalog(d, d.catalogs[0] as Discovery['catalogs'][0]);
    const result = validateCatalog(load);
    return {
      verdict: { ...result, diagnostics: resolveDiagnosticLocations(load.files, result.diagnostics) },
    };
  }
  const pool = new ValidatePool(threads);
  pool.plan(files, { root: dir, opts: { bundleObjects: 'eager' } });
  try {
    const d = await discoverWorkspace(listedOnce(source, files), {
      loadFile: pool.hold,
      elsewhere: pool.elsewhere,
    });
    // The repository report reads every catalog's parse: discovery runs again with the blobs here.
    if (!d.workspace.single) return { repository: await discoverFolder(dir) };
    const verdict = await pool.verdict(d, d.catalogs[0] as Discovery['catalogs'][0]);
    return { verdict: verdict ?? (await verdictHere(source)) };
  } finally {
    await pool.close();
  }
}
