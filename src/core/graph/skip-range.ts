import { RangePanicError, tryParseRange, type BlangRange, type Version } from '../semver';

/**
 * skipRange as OLM and opm read it: blang/semver v4 `ParseRange` (never npm ranges, fbc-rules §6).
 * A range that does not parse is no range at all (OLM drops it; render-graph warns and draws nothing).
 */
/**
 * Parsed ranges shared by every channel's SkipRanges: one package's channels repeat the same
 * bundles' skipRanges, and a large catalog's warnings build a context per channel (parsing was a
 * tenth of validating a 200 MB catalog's channels). A parsed range is never changed; bounded.
 */
const parsed = new Map<string, BlangRange | null>();

export class SkipRanges {
  private readonly cache = parsed;
  /** Ranges whose evaluation would crash Go (an empty `||` group was reached), with the version. */
  readonly panics: { range: string; version: Version }[] = [];

  parse(text: string): BlangRange | undefined {
    if (text === '') return undefined;
    let r = this.cache.get(text);
    if (r === undefined) {
      r = tryParseRange(text) ?? null;
      if (this.cache.size >= 50_000) this.cache.clear();
      this.cache.set(text, r);
    }
    return r ?? undefined;
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
