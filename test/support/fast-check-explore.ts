/**
 * fast-check as the property files see it under `npm run test:properties` (vitest.properties.config.ts
 * resolves their `fast-check` here): every `fc.assert` runs FC_RUNS_FACTOR times its usual cases
 * (default 10) on a fresh random seed, including the fuzzers pinned to one seed in the ordinary suite.
 * fast-check prints the seed and path of a failure, so a found case can be replayed with `{ seed, path }`.
 */
import fc from 'fast-check';

const factor = Number(process.env.FC_RUNS_FACTOR ?? 10);
const DEFAULT_RUNS = 100; // fast-check's own default when a property names none

type AssertParams = Parameters<typeof fc.assert>[1];

function explore<P extends AssertParams>(params: P): P {
  const runs = Math.ceil((params?.numRuns ?? fc.readConfigureGlobal()?.numRuns ?? DEFAULT_RUNS) * factor);
  return { ...params, numRuns: runs, seed: undefined, path: undefined } as P;
}

const assert = ((property: Parameters<typeof fc.assert>[0], params?: AssertParams) =>
  fc.assert(property, explore(params))) as typeof fc.assert;

export default { ...fc, assert };
