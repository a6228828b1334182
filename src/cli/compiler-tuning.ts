/**
 * V8 tuning for one large validation run. On a 2-vCPU CI runner V8's optimizing compiler runs on
 * helper threads that share the cores with the run: with inlining, compiling the hot loading,
 * validation and report code of a 200 MB catalog took ~430 ms of helper CPU in a 0.7 s run, and the
 * main thread waited for a core. Without inlining: 130 ms less CPU, the run 6–9% shorter (bench:cli),
 * the main thread's own time unchanged (the inlined code came too late in so short a run to pay).
 * Small catalogs are left alone: few functions get that hot, and loading node:v8 costs 1–2 ms.
 */
import { createRequire } from 'node:module';

/** From this many bytes of catalog files a run compiles enough to be worth the setting. */
export const TUNE_MIN_BYTES = 8 * 1024 * 1024;

let tuned = false;

/** Before a run reads `bytes` of catalog files: set once, before the code it concerns gets hot. */
export function tuneCompilerFor(bytes: number): void {
  if (tuned || bytes < TUNE_MIN_BYTES) return;
  tuned = true;
  const { setFlagsFromString } = createRequire(import.meta.url)('node:v8') as typeof import('node:v8');
  setFlagsFromString('--no-turbo-inlining');
}
