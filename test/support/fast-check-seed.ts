/**
 * CI runs every property on one fixed seed, so a red run is a defect it can show again, not a draw of
 * the dice; a developer's run draws new cases each time, and `npm run test:properties` many more
 * (vitest.properties.config.ts). A failure prints its seed and path either way (fast-check's report).
 * A property that names its own seed (the fuzzers) keeps it.
 */
import fc from 'fast-check';

const CI_SEED = 20261127;

if (process.env.CI) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: CI_SEED });
