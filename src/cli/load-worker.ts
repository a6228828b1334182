/**
 * A loader thread, started by load-pool.ts. Two ways to use it:
 * - `load`: `loadFile` on the bytes it is sent, the FileLoad posted back whole (structured clone
 *   keeps shared references, so blobs and the errors pointing at them stay linked);
 * - `hold` then `validate` (validate-pool.ts): the parse stays here and only a stub of it goes back
 *   (what discovery reads to classify the file); `validate` then runs the checks of the packages
 *   whose blobs this thread holds and posts back their findings, located. Copying parsed blobs
 *   between threads costs about what parsing them does, so this is what makes threads pay.
 */
import { parentPort } from 'node:worker_threads';
import { resolveDiagnosticLocations } from '../core/api';
import type { Diagnostic } from '../core/diagnostics';
import { loadFile, mergeFileLoads, type FileLoad, type LoadOptions } from '../core/load';
import * as hostileChecks from '../core/load/hostile';
import { provideHostileChecks } from '../core/load/hostile-registry';
import {
  IncrementalValidator,
  shiftParts,
  type PartOffsets,
  type ValidationParts,
} from '../core/validate/incremental';
import { rebaseFileLoad } from '../core/workspace/discover';
import { heldStub } from './held-stub';

// Files are loaded synchronously here: the on-demand checks are there from the start.
provideHostileChecks(hostileChecks);

export type WorkerJob =
  | { type: 'forget'; id: number }
  | {
      type: 'load' | 'hold';
      id: number;
      path: string;
      bytes: Uint8Array | string;
      opts: Pick<LoadOptions, 'bundleObjects'> & { byteLength?: number };
    }
  | {
      type: 'validate';
      id: number;
      /** Held paths in the catalog's file order, each with its name in the catalog (discovery's). */
      files: { path: string; as: string }[];
      offsets: PartOffsets;
    };

const held = new Map<string, FileLoad>();

/** Every finding located in this thread's files, without its reference (the other side has no blobs). */
function located(files: Parameters<typeof resolveDiagnosticLocations>[0], ds: Diagnostic[]): Diagnostic[] {
  return resolveDiagnosticLocations(files, ds).map(({ ref: _ref, ...d }) => d);
}

function validate(job: Extract<WorkerJob, { type: 'validate' }>): ValidationParts {
  const loads = job.files.map(({ path, as }) => {
    const fl = held.get(path);
    if (!fl) throw new Error(`loader thread: ${path} is not held here`);
    rebaseFileLoad(fl, as);
    return fl;
  });
  const load = mergeFileLoads(loads);
  const { parts } = new IncrementalValidator().parts(load);
  const at = (ds: Diagnostic[]) => located(load.files, ds);
  return shiftParts(
    {
      loadDiagnostics: at(parts.loadDiagnostics),
      placed: parts.placed.map((e) => ({ ...e, diagnostics: at(e.diagnostics) })),
      packages: parts.packages.map((o) => ({
        tree: o.tree,
        treeDiagnostics: at(o.treeDiagnostics),
        warnings: at(o.warnings),
      })),
      others: at(parts.others),
    },
    job.offsets,
  );
}

parentPort?.on('message', (job: WorkerJob) => {
  try {
    if (job.type === 'forget') {
      held.clear();
      return;
    }
    if (job.type === 'validate') {
      parentPort?.postMessage({ id: job.id, parts: validate(job) });
      return;
    }
    const fl = loadFile(job.path, job.bytes, job.opts);
    if (job.type === 'load') {
      parentPort?.postMessage({ id: job.id, load: fl });
      return;
    }
    held.set(job.path, fl);
    parentPort?.postMessage({ id: job.id, load: heldStub(fl) });
  } catch (e) {
    parentPort?.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) });
  }
});
