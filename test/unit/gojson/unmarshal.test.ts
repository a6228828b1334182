import { describe, expect, it } from 'vitest';
import { go, goDecode, GoJsonError, goTypeName, goUnmarshal, type GoType } from '../../../src/core/gojson';

const Property = go.struct('property', 'Property', { type: go.string, value: go.raw });
const ChannelEntry = go.struct('declcfg', 'ChannelEntry', {
  name: go.string,
  replaces: go.string,
  skips: go.slice(go.string),
  skipRange: go.string,
});
const Channel = go.struct('declcfg', 'Channel', {
  schema: go.string,
  name: go.string,
  package: go.string,
  entries: go.slice(ChannelEntry),
  properties: go.slice(Property),
});
const Icon = go.struct('declcfg', 'Icon', { base64data: go.bytes, mediatype: go.string });
const Package = go.struct('declcfg', 'Package', {
  schema: go.string,
  name: go.string,
  defaultChannel: go.string,
  icon: go.ptr(Icon),
  description: go.string,
  properties: go.slice(Property),
});
const GVK = go.struct('property', 'GVK', { group: go.string, kind: go.string, version: go.string });

function err(value: unknown, type: GoType): string {
  try {
    goUnmarshal(value, type);
  } catch (e) {
    expect(e).toBeInstanceOf(GoJsonError);
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

describe('goTypeName', () => {
  it('prints reflect type names', () => {
    expect(goTypeName(go.bytes)).toBe('[]uint8');
    expect(goTypeName(go.map(go.any))).toBe('map[string]interface {}');
    expect(goTypeName(go.slice(ChannelEntry))).toBe('[]declcfg.ChannelEntry');
    expect(goTypeName(go.ptr(Icon))).toBe('*declcfg.Icon');
    expect(goTypeName(go.raw)).toBe('json.RawMessage');
  });
});

describe('goUnmarshal type errors (Go ≥ 1.20 text)', () => {
  it('names the struct field with its full json path', () => {
    expect(err({ schema: 'olm.package', defaultChannel: true }, Package)).toBe(
      'json: cannot unmarshal bool into Go struct field Package.defaultChannel of type string',
    );
    expect(err({ entries: [{ name: 'a', skips: 5 }] }, Channel)).toBe(
      'json: cannot unmarshal number into Go struct field ChannelEntry.entries.skips of type []string',
    );
    expect(err({ entries: [{ name: 'a', skips: ['x', 5] }] }, Channel)).toBe(
      'json: cannot unmarshal number into Go struct field ChannelEntry.entries.skips of type string',
    );
    expect(err({ entries: ['x'] }, Channel)).toBe(
      'json: cannot unmarshal string into Go struct field Channel.entries of type declcfg.ChannelEntry',
    );
    expect(err({ entries: {} }, Channel)).toBe(
      'json: cannot unmarshal object into Go struct field Channel.entries of type []declcfg.ChannelEntry',
    );
  });

  it('reports top-level mismatches against the package-qualified type', () => {
    expect(err([], GVK)).toBe('json: cannot unmarshal array into Go value of type property.GVK');
    expect(err('x', go.map(go.any))).toBe(
      'json: cannot unmarshal string into Go value of type map[string]interface {}',
    );
  });

  it('prints the literal for numbers that do not fit an int', () => {
    const T = go.struct('x', 'T', { n: go.int });
    expect(err({ n: 1.5 }, T)).toBe('json: cannot unmarshal number 1.5 into Go struct field T.n of type int');
    expect(err({ n: 1e21 }, T)).toBe(
      'json: cannot unmarshal number 1e+21 into Go struct field T.n of type int',
    );
    expect(goUnmarshal({ n: 42 }, T)).toEqual({ n: 42 });
  });

  it('keeps decoding after an error and reports the first one in sorted key order', () => {
    // opm decodes its re-encoded blob, whose keys are sorted: defaultChannel < name.
    const r = goDecode<{ name: string; description: string }>(
      { name: 1, description: 'kept', defaultChannel: false },
      Package,
    );
    expect(r.error?.message).toBe(
      'json: cannot unmarshal bool into Go struct field Package.defaultChannel of type string',
    );
    expect(r.error?.path).toEqual(['defaultChannel']);
    expect(r.value.description).toBe('kept');
  });

  it('records the path of the failing value', () => {
    const r = goDecode({ entries: [{ name: 'a' }, { name: 'b', replaces: 7 }] }, Channel);
    expect(r.error?.path).toEqual(['entries', 1, 'replaces']);
  });
});

describe('field matching', () => {
  it('matches case-insensitively, exact match first, and ignores unknown fields', () => {
    expect(goUnmarshal({ GROUP: 'g', Kind: 'k', version: 'v', extra: 1 }, GVK)).toEqual({
      group: 'g',
      kind: 'k',
      version: 'v',
    });
  });

  it('folds ſ to s and the Kelvin sign to k like Go', () => {
    expect(
      goUnmarshal(
        { ſchema: 'x', '\u212aind': 'K' },
        go.struct('p', 'S', { schema: go.string, kind: go.string }),
      ),
    ).toEqual({
      schema: 'x',
      kind: 'K',
    });
  });

  it('lets the last key in sorted order win when two spellings hit one field', () => {
    // Sorted: "NAME" < "name", so "name" is decoded last.
    expect(
      goUnmarshal(
        { name: 'lower', NAME: 'upper' },
        GVK.kind === 'struct' ? go.struct('p', 'N', { name: go.string }) : GVK,
      ),
    ).toEqual({
      name: 'lower',
    });
  });

  it('merges slices of structs element-wise when a field is decoded twice', () => {
    const v = goUnmarshal<{ entries: { name: string; replaces: string }[] }>(
      { Entries: [{ name: 'a', replaces: 'z' }], entries: [{ name: 'b' }] },
      Channel,
    );
    expect(v.entries).toEqual([{ name: 'b', replaces: 'z', skips: [], skipRange: '' }]);
  });
});

describe('values already in their Go shape', () => {
  it('are kept, not copied, item by item, when one item of a slice must be decoded', () => {
    const whole = { name: 'a', replaces: '', skips: [], skipRange: '' };
    const folded = { NAME: 'b', replaces: 'a', skips: [], skipRange: '' };
    const after = { name: 'c', replaces: 'b', skips: ['a'], skipRange: '' };
    const entries = [whole, folded, after];
    const v = goUnmarshal<{ entries: object[] }>(
      { schema: 'olm.channel', name: 'stable', package: 'p', entries, properties: [] },
      Channel,
    );
    expect(v.entries).not.toBe(entries);
    expect(v.entries[0]).toBe(whole);
    expect(v.entries[1]).toEqual({ name: 'b', replaces: 'a', skips: [], skipRange: '' });
    expect(v.entries[2]).toBe(after);
    expect(v.entries).toHaveLength(3);
  });
});

describe('null and missing values', () => {
  it('fills zero values and leaves fields untouched on null', () => {
    expect(goUnmarshal({ name: null, entries: null }, Channel)).toEqual({
      schema: '',
      name: '',
      package: '',
      entries: [],
      properties: [],
    });
  });

  it('keeps raw values as they are, undefined when absent', () => {
    const v = goUnmarshal<{ properties: { type: string; value: unknown }[] }>(
      { properties: [{ type: 'a', value: { x: [1] } }, { type: 'b' }, { type: 'c', value: null }] },
      Package,
    );
    expect(v.properties).toEqual([
      { type: 'a', value: { x: [1] } },
      { type: 'b', value: undefined },
      { type: 'c', value: null },
    ]);
  });

  it('decodes a nil pointer as undefined', () => {
    expect(goUnmarshal<{ icon: unknown }>({ icon: null }, Package).icon).toBeUndefined();
    expect(goUnmarshal<{ icon: unknown }>({ icon: { mediatype: 'image/png' } }, Package).icon).toEqual({
      base64data: '',
      mediatype: 'image/png',
    });
  });
});

describe('[]byte (base64)', () => {
  const B = go.struct('property', 'BundleObject', { data: go.bytes });
  it('accepts padded std base64 with CR/LF anywhere', () => {
    expect(goUnmarshal({ data: 'aGVs\nbG8=' }, B)).toEqual({ data: 'aGVs\nbG8=' });
    expect(goUnmarshal({ data: '' }, B)).toEqual({ data: '' });
  });

  it("reports Go's byte offset", () => {
    expect(err({ data: 'aGVsbG8' }, B)).toBe('illegal base64 data at input byte 4');
    expect(err({ data: 'aGV!bG8=' }, B)).toBe('illegal base64 data at input byte 3');
    expect(err({ data: 'aGVsbG8=x' }, B)).toBe('illegal base64 data at input byte 8');
    expect(err({ data: 'aG==' + 'aa' }, B)).toBe('illegal base64 data at input byte 4');
    expect(err({ data: 'a===' }, B)).toBe('illegal base64 data at input byte 1');
    expect(err({ data: 'aGVsbA=' }, B)).toBe('illegal base64 data at input byte 7');
    expect(err({ data: 'not base64' }, B)).toBe('illegal base64 data at input byte 3');
  });

  it('reports a wrong JSON type against []uint8', () => {
    expect(err({ data: 5 }, B)).toBe(
      'json: cannot unmarshal number into Go struct field BundleObject.data of type []uint8',
    );
    expect(err('x', B)).toBe('json: cannot unmarshal string into Go value of type property.BundleObject');
  });
});
