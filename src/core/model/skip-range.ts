import { parseRange, SemverError, type BlangRange } from '../semver';

/** The parsed skipRange, or the SemverError blang's `ParseRange` returns (stage C R63 and the warnings). */
export function parseSkipRange(s: string): BlangRange | SemverError {
  try {
    return parseRange(s);
  } catch (e) {
    if (e instanceof SemverError) return e;
    throw e;
  }
}
