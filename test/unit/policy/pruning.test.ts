/**
 * fbc-target-index-pruning-check against a released index (--released): released channels and
 * entries may vanish only from channels named dev-preview, pre-ga or candidate; the task's word
 * match (grep -Fw) lets some vanish unseen, which we warn about beside its verdict.
 */
import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../../src/core/api';
import { grepWord } from '../../../src/core/policy';
import { MemorySource } from '../../../src/core/source/memory';
import { fragment, packLines } from './fixtures';

const CSV = ['olm.csv.metadata'];
const AT = 'v4.18/catalog/foo/catalog.yaml';

async function released(text: string) {
  return (await checkCatalog(new MemorySource({ 'catalog.yaml': text }))).load.dc;
}

async function prune(now: string, before: string): Promise<string[]> {
  const dc = await released(before);
  const lines = await packLines({ [AT]: now }, 'konflux', { released: () => dc });
  return lines.filter((l) => l.includes('prune'));
}

const b = (version: string) => ({ version, props: CSV });

describe('konflux pack: pruning against the released index', () => {
  it('an entry gone from stable fails, at the fragment channel’s entries; kept entries pass', async () => {
    const before = fragment([b('1.0.0'), b('1.1.0'), b('1.2.0')]);
    expect(await prune(fragment([b('1.1.0'), b('1.2.0')]), before)).toEqual([
      `error konflux-prunes-entry ${AT}:10:3 FBC fragment prunes foo.v1.0.0 from foo.stable channel.`,
    ]);
    expect(await prune(fragment([b('1.0.0'), b('1.1.0'), b('1.2.0'), b('1.3.0')]), before)).toEqual([]);
  });

  it('pruning in a candidate (or dev-preview, pre-ga) channel is allowed', async () => {
    const before = fragment([b('1.0.0'), b('1.1.0')], 'candidate-v1');
    expect(await prune(fragment([b('1.1.0')], 'candidate-v1'), before)).toEqual([]);
  });

  it('a whole released channel gone fails, at the package', async () => {
    const before = fragment([b('1.0.0')], 'fast');
    expect(await prune(fragment([b('1.0.0')], 'stable'), before)).toEqual([
      `error konflux-prunes-channel ${AT}:2:1 FBC fragment prunes entire foo.fast channel.`,
    ]);
  });

  it('the task’s word match: foo.v1.0 is “found” in foo.v1.0.1, so it passes; we warn', async () => {
    const before = fragment([b('1.0'), b('1.0.1')]);
    expect(await prune(fragment([b('1.0.1')]), before)).toEqual([
      `warning konflux-prune-hidden ${AT}:10:3 foo.v1.0 is gone from foo.stable; the task finds it as a word in another entry's name`,
    ]);
  });

  it('a package the released index does not have is not compared', async () => {
    const before = fragment([b('1.0.0')], 'stable', 'bar');
    expect(await prune(fragment([b('1.1.0')]), before)).toEqual([]);
  });
});

describe('grep -Fwq as the task runs it', () => {
  it('matches a needle bounded by non-word characters anywhere in the joined list', () => {
    expect(grepWord(['stable-v2'], 'stable')).toBe(true);
    expect(grepWord(['stablev2'], 'stable')).toBe(false);
    expect(grepWord(['op.v1.0.1'], 'op.v1.0')).toBe(true);
    expect(grepWord(['op.v1.01'], 'op.v1.0')).toBe(false);
    expect(grepWord(['a', 'b'], 'a b')).toBe(true);
  });
});
