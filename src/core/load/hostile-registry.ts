/**
 * The checks for hostile input (go-yaml's alias budget and nesting limit, the diagnosis of bytes
 * that are not UTF-8) and for unknown schemas (a near miss of a known one) run only when a file
 * needs them, so they are loaded on demand: the browser's
 * catalog worker keeps them out of its start-up code (the initial-JS budget). Node entry points
 * and the tests provide them up front; an async loader retries a file once they are loaded.
 */
import type * as Hostile from './hostile';

export type HostileChecks = typeof Hostile;

let checks: HostileChecks | undefined;

/** Thrown (and never reported) when a file needs the checks before they are loaded. */
export class NeedsHostileChecks extends Error {
  constructor() {
    super('the hostile-input checks are not loaded yet');
    this.name = 'NeedsHostileChecks';
  }
}

export function hostile(): HostileChecks {
  if (!checks) throw new NeedsHostileChecks();
  return checks;
}

/**
 * The checks when loaded; else undefined, and they start loading. For what only warns (a schema
 * one slip from a known one): a catalog opened with such a blob has them loaded before it is
 * validated; one typed later is warned about from the next validation on.
 */
export function hostileIfLoaded(): HostileChecks | undefined {
  if (!checks) void loadHostileChecks().catch(() => undefined);
  return checks;
}

export function provideHostileChecks(c: HostileChecks): void {
  checks = c;
}

export async function loadHostileChecks(): Promise<void> {
  checks ??= await import('./hostile');
}

/** Runs `f` (a file load); when it needs the checks, loads them and runs it again. */
export async function withHostileChecks<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    // Awaited here, so a loader that is itself async (worker threads) is retried too.
    return await f();
  } catch (e) {
    if (!(e instanceof NeedsHostileChecks)) throw e;
    await loadHostileChecks();
    return await f();
  }
}
