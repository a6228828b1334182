/**
 * The problems list, fetched from the worker a slice at a time. A catalog with 10,000 problems is a
 * few MB of small objects: received as one message, decoding it blocks the UI thread for well over
 * 100 ms; in slices of at most 2,000 each message is a short task and frames keep coming in between
 * (the worker ends a slice sooner when its problems name many bundles: session-diagnostics.ts).
 * After an edit, only the change since the list last fetched comes over (a splice).
 */
import type { DiagnosticView } from '../../core/service/views';
import { catalogClient } from '../../worker/client';

export const DIAGNOSTICS_SLICE = 2000;

/** Thrown when the catalog changed while the slices were fetched (a newer query takes over). */
export class StaleGenerationError extends Error {
  override name = 'StaleGenerationError';
}

/** The last list fetched: after an edit only the change to it is fetched (diagnostics-delta.ts). */
let last: { generation: number; list: DiagnosticView[] } | undefined;

export async function fetchDiagnostics(generation: number): Promise<DiagnosticView[]> {
  if (last && last.generation < generation) {
    const delta = await catalogClient().getDiagnosticsDelta(last.generation, DIAGNOSTICS_SLICE);
    if (delta && delta.generation === generation && delta.base === last.generation) {
      const { applyDiagnosticsDelta } = await import('../../core/service/diagnostics-delta');
      last = { generation, list: applyDiagnosticsDelta(last.list, delta) };
      return last.list;
    }
    if (delta && delta.generation !== generation)
      throw new StaleGenerationError(`generation ${generation} is gone`);
  }
  const list = await fetchSlices(generation);
  last = { generation, list };
  return list;
}

/**
 * Loads the code that applies deltas. Called when editing starts (edit-client.ts), so the first
 * edit does not wait for it and a catalog only looked at never loads it.
 */
export function prepareDeltas(): void {
  void import('../../core/service/diagnostics-delta').catch(() => undefined);
}

async function fetchSlices(generation: number): Promise<DiagnosticView[]> {
  const out: DiagnosticView[] = [];
  for (;;) {
    const part = await catalogClient().getDiagnosticsSlice(out.length, out.length + DIAGNOSTICS_SLICE);
    if (part.generation !== generation) throw new StaleGenerationError(`generation ${generation} is gone`);
    for (const d of part.items) out.push(d);
    if (out.length >= part.total || part.items.length === 0) return out;
  }
}

/** The whole message of problem `id` (the list carries long ones capped): "show all". */
export const fetchFullMessage = (id: number) => catalogClient().getDiagnosticMessage(id);
