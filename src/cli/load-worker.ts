/**
 * A loader thread: `loadFile` on the bytes it is sent, the FileLoad posted back (structured clone
 * keeps shared references, so blobs and the errors pointing at them stay linked). Started by
 * load-pool.ts.
 */
import { parentPort } from 'node:worker_threads';
import { loadFile, type LoadOptions } from '../core/load';

interface Job {
  id: number;
  path: string;
  bytes: Uint8Array;
  opts: Pick<LoadOptions, 'bundleObjects'>;
}

parentPort?.on('message', ({ id, path, bytes, opts }: Job) => {
  try {
    parentPort?.postMessage({ id, load: loadFile(path, bytes, opts) });
  } catch (e) {
    parentPort?.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
