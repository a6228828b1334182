import { memoByString } from './memo';
import { parseRange, SemverError, type BlangRange } from '../semver';

/**
 * The parsed skipRange, or the SemverError blang's `ParseRange` returns (stage C R63 and the warnings).
 * Memoised by text: both read every entry's skipRange, and ranges repeat across a catalog.
 */
export const parseSkipRange: (s: string) => BlangRange | SemverError = memoByString((s) => {
  try {
    return parseRange(s);
  } catch (e) {
    if (e instanceof SemverError) return e;
    throw e;
  }
});
