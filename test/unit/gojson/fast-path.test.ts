/**
 * goDecode's fast path (a value kept as it is, or a struct with absent fields filled with zeros,
 * without copying or sorting keys) gives what Go's decoding gives: the exact run's value and error,
 * on random JSON shaped like catalog blobs (some fields absent, some of the wrong type, keys in
 * another case, unknown keys, nulls).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { go, goDecode } from '../../../src/core/gojson';

const Property = go.struct('property', 'Property', { type: go.string, value: go.raw });
const Entry = go.struct('declcfg', 'ChannelEntry', {
  name: go.string,
  replaces: go.string,
  skips: go.slice(go.string),
  skipRange: go.string,
});
const Icon = go.struct('declcfg', 'Icon', { base64data: go.bytes, mediatype: go.string });
const Channel = go.struct('declcfg', 'Channel', {
  schema: go.string,
  name: go.string,
  package: go.string,
  icon: go.ptr(Icon),
  entries: go.slice(Entry),
  properties: go.slice(Property),
});

const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null));
/** A key of the struct, another case of it, or an unknown key. */
const key = (names: string[]) =>
  fc.oneof(
    fc.constantFrom(...names),
    fc.constantFrom(...names).map((k) => k.toUpperCase()),
    fc.constantFrom('extra', 'Name2'),
  );
const entry = fc.dictionary(
  key(['name', 'replaces', 'skips', 'skipRange']),
  fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })),
  {
    maxKeys: 4,
  },
);
const icon = fc.dictionary(
  key(['base64data', 'mediatype']),
  fc.oneof(scalar, fc.constantFrom('aGk=', 'a!')),
  {
    maxKeys: 2,
  },
);
const channel = fc.dictionary(
  key(['schema', 'name', 'package', 'icon', 'entries', 'properties']),
  fc.oneof(
    scalar,
    icon,
    fc.array(entry, { maxLength: 3 }),
    fc.array(fc.record({ type: fc.string({ maxLength: 3 }), value: scalar }, { requiredKeys: [] }), {
      maxLength: 2,
    }),
  ),
  { maxKeys: 6 },
);

describe("goDecode's fast path", () => {
  it('equals the exact decoding: value and error', () => {
    fc.assert(
      fc.property(channel, (v) => {
        const copy = structuredClone(v);
        const fast = goDecode(v, Channel);
        const exact = goDecode(copy, Channel, true);
        expect(fast.value).toEqual(exact.value);
        expect(Object.keys(fast.value as object)).toEqual(Object.keys(exact.value as object));
        expect(fast.error?.message).toBe(exact.error?.message);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a struct with every field, fills one with absent fields, and never changes its input', () => {
    const whole = { name: 'a', replaces: 'b', skips: ['c'], skipRange: '<1.0.0' };
    expect(goDecode(whole, Entry).value).toBe(whole);
    const partial = { name: 'a' };
    const out = goDecode(partial, Entry).value;
    expect(out).toEqual({ name: 'a', replaces: '', skips: [], skipRange: '' });
    expect(Object.keys(out as object)).toEqual(['name', 'replaces', 'skips', 'skipRange']);
    expect(partial).toEqual({ name: 'a' });
  });
});
