/**
 * Discovery of a folder for the commands that read every parse (workspace, the CI reports, a
 * repository given to validate). Files are parsed on this thread unless `FBC_STUDIO_THREADS=N` asks
 * for a pool of N loader threads (see load-pool.ts): those copy each parse back, which costs about
 * what parsing does, so one thread is the default here. `validate` of one catalog has its own
 * threaded path that keeps the parses on the threads (validate-folder.ts), used by default where it
 * pays (`threadsFor`).
 */
import { discoverWorkspace, type Discovery, type ElsewhereLoader } from '../core/workspace/discover';
import type { CatalogSource, SourceFile } from '../core/source/types';
import { LoadPool, PARALLEL_MIN_BYTES } from './load-pool';
import { elidedJsonLoader } from './elided-json';
import { hugeJsonLoader } from './huge-json';
import { NodeFsSource } from './node-source';
import { usableCores } from './cpu-quota';
import { groupFiles } from './validate-pool';
import { segmentOcpVersion } from '../core/workspace/ocp-version';

/**
 * Below this many bytes a share is not worth a thread: a thread's start (~45 ms), its cold JIT and
 * its own V8 heap (~17 MB) are then a large part of its work (`npm run bench:cli` prints both ways).
 */
export const SHARE_MIN_BYTES = 32 << 20;

/**
 * How many shares `validate` uses by default: more than one only where it may use more cores than
 * this project's 2-vCPU machine has (a container's CPU quota counts: cpu-quota.ts). Here the second
 * thread competes with V8's own compiler and collector threads, and `npm run bench:cli` measures
 * 0.96–1.34× of one thread's wall. One share per SHARE_MIN_BYTES of catalog, at most
 * MAX_DEFAULT_THREADS: each thread adds its own heap to the peak, and the model from the measured
 * per-thread cost (0.42–0.49× of one thread's time on 4 free cores for the 204.5 MB catalog, 0.70×
 * on 2 for 24 and 64 MB ones) gains little past four.
 */
export const MAX_DEFAULT_THREADS = 4;

export function defaultThreads(bytes: number, cores = usableCores()): number {
  if (cores <= 2) return 0;
  const n = Math.min(cores, MAX_DEFAULT_THREADS, Math.floor(bytes / SHARE_MIN_BYTES));
  return n >= 2 ? n : 0;
}

/**
 * `FBC_STUDIO_THREADS` as asked: a count, `auto` (one per core for a folder of PARALLEL_MIN_BYTES or
 * more), or undefined when unset.
 */
export function askedThreads(bytes: number, env = process.env.FBC_STUDIO_THREADS): number | undefined {
  if (env === 'auto') {
    const cores = usableCores();
    return cores >= 2 && bytes >= PARALLEL_MIN_BYTES ? cores : 0;
  }
  if (env !== undefined && env !== '') return Math.max(0, Math.floor(Number(env)) || 0);
  return undefined;
}

/**
 * Whether parsing on threads by default can pay, from the listing alone (a hint: the output is the
 * same either way). Threads keep their parses, so only a run that needs nothing of its catalogs but
 * their verdicts can use them (validate-folder.ts `verdictsOnly`); anything else reads every parse
 * on this thread, and threads would have parsed it twice. A listing says so of: a policy pack's files
 * (`.tekton/`, a community operator's `ci.yaml`), the repository configuration (`.fbc-studio.yaml`,
 * which may choose a pack), a folder named for an OpenShift version (its catalogs are compared
 * across versions, which reads their models). A repository's other files (a README, `.github/`,
 * templates, which are rendered only when asked) change nothing.
 */
export function sharesPay(files: readonly SourceFile[]): boolean {
  return files.every((f) => {
    const segs = f.path.split('/');
    const last = segs.length - 1;
    if (POLICY_FILE.test(segs[last] as string)) return false;
    return !segs.some((s, i) => i < last && (s === '.tekton' || segmentOcpVersion(s) !== null));
  });
}

const CATALOG_FILE = /\.(?:json|ya?ml)$/;
/** Files that choose or configure a policy pack (policy/infer.ts, repo-config). */
const POLICY_FILE = /^(?:ci\.ya?ml|\.fbc-studio\.yaml)$/;

/**
 * How many shares `validate` of one folder uses (0: this thread alone): as asked, else
 * `defaultThreads` for the bytes of its catalog files when `sharesPay`. Each share keeps its parse
 * (validate-pool.ts), so nothing is copied back.
 */
export function threadsFor(
  files: readonly SourceFile[],
  env = process.env.FBC_STUDIO_THREADS,
  cores?: number,
): number {
  const bytes = files.reduce((n, f) => n + (f.size ?? 0), 0);
  const asked = askedThreads(bytes, env);
  if (asked !== undefined) return asked;
  // A repository's other files (.git's packs, images) are not parsed into catalogs: not counted.
  const catalogBytes = files.reduce((n, f) => n + (CATALOG_FILE.test(f.path) ? (f.size ?? 0) : 0), 0);
  // Most runs stop here, before the cgroup files are read (a small catalog's run is its start-up).
  if (catalogBytes < 2 * SHARE_MIN_BYTES || !sharesPay(files)) return 0;
  const n = defaultThreads(catalogBytes, cores ?? usableCores());
  if (n === 0) return 0;
  // Shares are cut only where the folder changes (a package's files stay together): one large file,
  // or one folder of them, makes fewer shares than its bytes would, and a thread without a share
  // would cost its start and its heap for nothing.
  const formed = new Set(groupFiles(files, n).values()).size;
  return formed >= 2 ? formed : 0;
}

/** The source with its listing taken once (sizing the pool needs it before discovery does). */
export function listedOnce(source: CatalogSource, files: SourceFile[]): CatalogSource {
  return Object.assign(Object.create(source) as CatalogSource, { list: async () => files });
}

/**
 * Discovery with every file parsed on this thread, a huge JSON file in chunks (huge-json.ts) and,
 * with `elide` (a run that reads its catalogs' findings, not their texts: validate), a large one
 * with its bundle objects' base64 cut out (elided-json.ts).
 */
export function discoverHere(source: NodeFsSource, files: SourceFile[], elide = false): Promise<Discovery> {
  const absolute = (p: string) => source.absolutePath(p);
  const huge = hugeJsonLoader(files, absolute);
  const cut = elide ? elidedJsonLoader(files, absolute) : undefined;
  const elsewhere: ElsewhereLoader | undefined =
    huge && cut ? async (p) => (await huge(p)) ?? cut(p) : (huge ?? cut);
  return discoverWorkspace(listedOnce(source, files), elsewhere ? { elsewhere } : {});
}

export async function discoverFolder(dir: string): Promise<Discovery> {
  const source = new NodeFsSource(dir);
  const files = await source.list();
  // Only when asked: these threads copy every parse back, which costs about what parsing does.
  const threads = askedThreads(files.reduce((n, f) => n + (f.size ?? 0), 0)) ?? 0;
  if (threads === 0) return discoverHere(source, files);
  const pool = new LoadPool(threads);
  try {
    return await discoverWorkspace(listedOnce(source, files), { loadFile: pool.load });
  } finally {
    await pool.close();
  }
}
