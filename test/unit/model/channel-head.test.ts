import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeChannel, channelHead, validateReplacesChain } from '../../../src/core/model/channel-head';
import type { ModelBundle, ModelChannel } from '../../../src/core/model/types';

type Entry = { name: string; replaces?: string; skips?: string[]; skipRange?: string };

function channel(entries: Entry[]): ModelChannel {
  const bundles = new Map<string, ModelBundle>();
  entries.forEach((e, i) => {
    if (bundles.has(e.name)) return;
    bundles.set(e.name, {
      package: 'p',
      channel: 'c',
      name: e.name,
      image: 'img',
      replaces: e.replaces ?? '',
      skips: e.skips ?? [],
      skipRange: e.skipRange ?? '',
      properties: [],
      relatedImages: [],
      release: '',
      entryIndex: i,
    });
  });
  return { package: 'p', name: 'c', bundles };
}

/** opm's model.go algorithm, transcribed literally (quadratic chainFrom bookkeeping included). */
function goValidateReplacesChain(ch: ModelChannel): string | undefined {
  const incoming = new Map<string, number>();
  for (const b of ch.bundles.values()) {
    if (b.replaces !== '') incoming.set(b.replaces, (incoming.get(b.replaces) ?? 0) + 1);
    for (const s of b.skips) incoming.set(s, (incoming.get(s) ?? 0) + 1);
  }
  const heads = [...ch.bundles.values()].filter((b) => !incoming.has(b.name));
  if (heads.length === 0) return 'no channel head found in graph';
  if (heads.length > 1)
    return `multiple channel heads found in graph: ${heads
      .map((h) => h.name)
      .sort()
      .join(', ')}`;
  const all = new Set(ch.bundles.keys());
  const skipped = new Set([...ch.bundles.values()].flatMap((b) => b.skips));
  const chainFrom = new Map<string, string[]>();
  const chain = new Set([heads[0]!.name]);
  let cur: ModelBundle | undefined = heads[0];
  while (cur) {
    if (!chainFrom.has(cur.name)) chainFrom.set(cur.name, [cur.name]);
    if (skipped.has(cur.replaces)) break;
    for (const list of chainFrom.values()) list.push(cur.replaces);
    if (chain.has(cur.replaces)) {
      return `detected cycle in replaces chain of upgrade graph: ${chainFrom.get(cur.replaces)!.join(' -> ')}`;
    }
    chain.add(cur.replaces);
    cur = ch.bundles.get(cur.replaces);
  }
  const stranded = [...all].filter((n) => !chain.has(n) && !skipped.has(n)).sort();
  return stranded.length
    ? `channel contains one or more stranded bundles: ${stranded.join(', ')}`
    : undefined;
}

describe('channelHead', () => {
  it('ignores skipRange entirely (G18)', () => {
    expect(channelHead(channel([{ name: 'a' }, { name: 'b', skipRange: '<1.0.0' }])).heads).toEqual([
      'a',
      'b',
    ]);
    expect(validateReplacesChain(channel([{ name: 'b' }, { name: 'a', skipRange: '<1.0.0' }]))).toBe(
      'multiple channel heads found in graph: a, b',
    );
  });

  it('counts targets that are not entries and self-references', () => {
    expect(channelHead(channel([{ name: 'a', replaces: 'a' }])).heads).toEqual([]);
    expect(channelHead(channel([{ name: 'a', replaces: 'zzz', skips: ['yyy'] }])).heads).toEqual(['a']);
  });
});

describe('validateReplacesChain', () => {
  it('reports a longer cycle from the repeating node', () => {
    const ch = channel([
      { name: 'a.v4', replaces: 'a.v3' },
      { name: 'a.v3', replaces: 'a.v2' },
      { name: 'a.v2', replaces: 'a.v1' },
      { name: 'a.v1', replaces: 'a.v3' },
    ]);
    expect(validateReplacesChain(ch)).toBe(
      'detected cycle in replaces chain of upgrade graph: a.v3 -> a.v2 -> a.v1 -> a.v3',
    );
    expect(analyzeChannel(ch).cycle).toEqual(['a.v3', 'a.v2', 'a.v1', 'a.v3']);
  });

  it('every entry on cycles gives "no channel head" (G02/G20)', () => {
    const ch = channel([
      { name: 'a', replaces: 'b' },
      { name: 'b', replaces: 'a' },
    ]);
    expect(validateReplacesChain(ch)).toBe('no channel head found in graph');
  });

  it('a cycle off the head chain shows up as stranded bundles', () => {
    const ch = channel([
      { name: 'h', replaces: 'x' },
      { name: 'a', replaces: 'b' },
      { name: 'b', replaces: 'a' },
    ]);
    expect(validateReplacesChain(ch)).toBe('channel contains one or more stranded bundles: a, b');
  });

  it('stops the walk at a skipped replaces target: what it replaces is stranded (G08)', () => {
    const ch = channel([
      { name: 'v4', replaces: 'v3', skips: ['x'] },
      { name: 'v3', replaces: 'v2' },
      { name: 'v2', replaces: 'v1' },
      { name: 'v1' },
      { name: 'x' },
      { name: 'o', skips: ['v2'] },
    ]);
    // 'o' is a second head; drop it to see the walk rule.
    expect(validateReplacesChain(ch)).toBe('multiple channel heads found in graph: o, v4');
    const single = channel([
      { name: 'v4', replaces: 'v3', skips: ['v2'] },
      { name: 'v3', replaces: 'v2' },
      { name: 'v2', replaces: 'v1' },
      { name: 'v1' },
    ]);
    const a = analyzeChannel(single);
    expect(a.chain).toEqual(['v4', 'v3']);
    expect(a.message).toBe('channel contains one or more stranded bundles: v1');
  });

  it('an empty string in skips also stops the walk at an empty replaces', () => {
    const ch = channel([{ name: 'a', skips: [''] }]);
    expect(analyzeChannel(ch).chain).toEqual(['a']);
    expect(validateReplacesChain(ch)).toBeUndefined();
  });

  it('an entry named "" gives the odd empty cycle (D37)', () => {
    expect(validateReplacesChain(channel([{ name: '' }]))).toBe(
      'detected cycle in replaces chain of upgrade graph:  -> ',
    );
  });

  it('agrees with a literal transcription of opm on random channels', () => {
    const name = fc.constantFrom('a', 'b', 'c', 'd', 'e', '');
    const entry = fc.record({
      name,
      replaces: fc.option(name, { nil: undefined }),
      skips: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'zz', ''), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 6 }), (entries) => {
        const ch = channel(entries);
        expect(validateReplacesChain(ch)).toBe(goValidateReplacesChain(ch));
      }),
      { numRuns: 2000 },
    );
  });

  it('walks a 20,000-entry chain in linear time', () => {
    const entries: Entry[] = [];
    for (let i = 0; i < 20000; i++) entries.push({ name: `v${i}`, replaces: i > 0 ? `v${i - 1}` : '' });
    const a = analyzeChannel(channel(entries));
    expect(a.outcome).toBe('ok');
    expect(a.chain.length).toBe(20001); // ends with the tail's '' predecessor
  });
});
