/**
 * How many cases each fuzzer runs: a few hundred in the ordinary suite (seeded, so a run is
 * repeatable), thousands with `npm run fuzz` (FUZZ_RUNS; FUZZ_SEED picks another seed).
 */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

export function fuzzRuns(ci: number): number {
  const n = Number(env.FUZZ_RUNS);
  return Number.isFinite(n) && n > 0 ? n : ci;
}

export const FUZZ_SEED = Number(env.FUZZ_SEED ?? 19);
