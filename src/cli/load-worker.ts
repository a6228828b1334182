/**
 * A loader thread, started by load-pool.ts. Two ways to use it:
 * - `load`: `loadFile` on the content it is sent, the FileLoad posted back whole (structured clone
 *   keeps shared references, so blobs and the errors pointing at them stay linked);
 * - `hold` then `validate` (validate-pool.ts, holder.ts): the parse stays here and only a stub of it
 *   goes back; `validate` then checks the packages of a run of held files and posts back their
 *   findings, located. Copying parsed blobs between threads costs about what parsing them does, so
 *   keeping them is what makes threads pay.
 */
import { parentPort } from 'node:worker_threads';
import { loadFile } from '../core/load';
import * as hostileChecks from '../core/load/hostile';
import { provideHostileChecks } from '../core/load/hostile-registry';
import { useBufferBase64 } from './base64-check';
import { Holder, type HoldOptions, type RunJob } from './holder';
import { readFileContent } from './read-text';

// Files are loaded synchronously here: the on-demand checks are there from the start.
provideHostileChecks(hostileChecks);
useBufferBase64();

export type WorkerJob =
  | { type: 'forget'; id: number }
  | { type: 'load' | 'hold'; id: number; path: string; bytes: Uint8Array | string; opts: HoldOptions }
  | ({ type: 'validate'; id: number } & RunJob)
  /** Read `abs` here and hold it as `path`; `load` is null when it cannot be read (the caller reads it). */
  | { type: 'holdPath'; id: number; path: string; abs: string; opts: HoldOptions };

/** The file's content, or undefined when it cannot be read (the caller reads it and says why). */
function readHere(abs: string): string | Uint8Array | undefined {
  try {
    return readFileContent(abs);
  } catch {
    return undefined;
  }
}

const holder = new Holder();

parentPort?.on('message', (job: WorkerJob) => {
  try {
    if (job.type === 'forget') holder.forget();
    else if (job.type === 'validate') parentPort?.postMessage({ id: job.id, parts: holder.validate(job) });
    else if (job.type === 'holdPath') {
      const elided = holder.holdElided(job.path, job.abs, job.opts);
      if (elided) {
        parentPort?.postMessage({ id: job.id, load: elided });
        return;
      }
      const content = readHere(job.abs);
      const load = content === undefined ? null : holder.hold(job.path, content, job.opts);
      parentPort?.postMessage({ id: job.id, load });
    } else if (job.type === 'load')
      parentPort?.postMessage({ id: job.id, load: loadFile(job.path, job.bytes, job.opts) });
    else parentPort?.postMessage({ id: job.id, load: holder.hold(job.path, job.bytes, job.opts) });
  } catch (e) {
    parentPort?.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) });
  }
});
