/**
 * Load progress as the UI sees it: the state before anything is read, and a reporter that passes
 * progress on a few times per second at most. Stateless apart from the one reporter's last report;
 * separate so that the app can start from the same idle state the worker reports from.
 */
import { now } from './clock';
import type { LoadProgress } from './views';

/** Nothing listed, nothing read: where every open starts (and what the UI shows before one). */
export const IDLE_PROGRESS: Readonly<LoadProgress> = Object.freeze({
  phase: 'listing',
  filesRead: 0,
  filesTotal: 0,
  bytesRead: 0,
  bytesTotal: 0,
  currentFile: '',
});

/** Progress is reported at most this often (ms); the final state is always reported. */
const PROGRESS_INTERVAL = 50;

/** Merges each patch into the progress state; reports it when `force` or PROGRESS_INTERVAL passed. */
export function progressReporter(onProgress: ((p: LoadProgress) => void) | undefined) {
  let last = -Infinity;
  let state: LoadProgress = { ...IDLE_PROGRESS };
  return (patch: Partial<LoadProgress>, force = false): void => {
    state = { ...state, ...patch };
    if (!onProgress) return;
    const t = now();
    if (!force && t - last < PROGRESS_INTERVAL) return;
    last = t;
    onProgress(state);
  };
}

export type ProgressReport = ReturnType<typeof progressReporter>;
