import { parseSkipRange } from '../model/skip-range';
import { RangePanicError, SemverError, type BlangRange, type Version } from '../semver';

/**
 * skipRange as OLM and opm read it: blang/semver v4 `ParseRange` (never npm ranges, fbc-rules §6).
 * A range that does not parse is no range at all (OLM drops it; render-graph warns and draws nothing).
 */
export class SkipRanges {
  /** Ranges whose evaluation would crash Go (an empty `||` group was reached), with the version. */
  readonly panics: { range: string; version: Version }[] = [];

  /**
   * Parsed once per text for the whole run, shared with stage C's R63 check (model/skip-range.ts):
   * one package's channels repeat the same bundles' skipRanges, and a large catalog's warnings build
   * a context per channel (parsing was a tenth of validating a 200 MB catalog's channels).
   */
  parse(text: string): BlangRange | undefined {
    if (text === '') return undefined;
    const r = parseSkipRange(text);
    return r instanceof SemverError ? undefined : r;
  }

  /**
   * Does the range contain `v`? False for an empty or unparsable range. A range whose evaluation
   * would panic in Go counts as not containing `v` here, and is recorded in `panics`.
   */
  contains(text: string, v: Version | undefined): boolean {
    if (v === undefined) return false;
    const r = this.parse(text);
    if (!r) return false;
    try {
      return r.test(v);
    } catch (e) {
      if (!(e instanceof RangePanicError)) throw e;
      this.panics.push({ range: text, version: v });
      return false;
    }
  }
}
