import { describe, expect, it } from 'vitest';
import { parseSemverTemplate } from '../../../src/core/template';
import { errorOf } from './helpers';

/**
 * Reading the template the way opm's readFile does (sigs.k8s.io/yaml UnmarshalStrict), fbc-rules
 * §8.2. Texts marked "Go-library text" come from encoding/json or go-yaml (fbc-cases conventions).
 */

const READ = 'render: unable to read file: ';
const JSON_ERR = READ + 'error unmarshaling JSON: while decoding JSON: ';

describe('strict decoding', () => {
  it('rejects an unknown top-level field (upstream TestReadFile "unknown channel prefix")', () => {
    const text =
      'schema: olm.semver\nstable:\n  bundles:\n    - image: img/a-v1.0.0\ninvalid:\n  bundles: []\n';
    expect(errorOf(() => parseSemverTemplate(text))).toBe(JSON_ERR + 'json: unknown field "invalid"');
  });

  it('rejects unknown fields inside the lists and their entries', () => {
    expect(
      errorOf(() => parseSemverTemplate('schema: olm.semver\nfast:\n  bundles: []\n  channel: x\n')),
    ).toBe(JSON_ERR + 'json: unknown field "channel"');
    expect(
      errorOf(() =>
        parseSemverTemplate('schema: olm.semver\nfast:\n  bundles:\n    - {image: a, name: b}\n'),
      ),
    ).toBe(JSON_ERR + 'json: unknown field "name"');
  });

  it('reports the first problem in sorted key order, as Go decodes the re-encoded JSON', () => {
    expect(errorOf(() => parseSemverTemplate('zzz: 1\nschema: olm.semver\naaa: 1\n'))).toBe(
      JSON_ERR + 'json: unknown field "aaa"',
    );
  });

  it('rejects duplicate YAML keys with the go-yaml line', () => {
    const text = 'schema: olm.semver\nstable:\n  bundles: []\nschema: olm.semver\n';
    expect(errorOf(() => parseSemverTemplate(text))).toBe(
      READ +
        'error converting YAML to JSON: yaml: unmarshal errors:\n  line 4: key "schema" already set in map',
    );
  });

  it('rejects duplicate keys in nested maps and in JSON input too', () => {
    expect(
      errorOf(() => parseSemverTemplate('schema: olm.semver\nstable:\n  bundles: []\n  bundles: []\n')),
    ).toBe(
      READ +
        'error converting YAML to JSON: yaml: unmarshal errors:\n  line 4: key "bundles" already set in map',
    );
    expect(errorOf(() => parseSemverTemplate('{"schema": "olm.semver", "schema": "olm.semver"}'))).toBe(
      READ +
        'error converting YAML to JSON: yaml: unmarshal errors:\n  line 1: key "schema" already set in map',
    );
  });

  it('reports a value of the wrong type (Go-library text)', () => {
    expect(errorOf(() => parseSemverTemplate('schema: olm.semver\ngenerateMajorChannels: "true"\n'))).toBe(
      JSON_ERR +
        'json: cannot unmarshal string into Go struct field SemverTemplateData.generateMajorChannels of type bool',
    );
    expect(
      errorOf(() => parseSemverTemplate('schema: olm.semver\nstable:\n  bundles: [img/a-v1.0.0]\n')),
    ).toBe(
      JSON_ERR +
        'json: cannot unmarshal string into Go struct field channelBundles.stable.bundles of type semver.bundleEntry',
    );
    expect(errorOf(() => parseSemverTemplate('- schema: olm.semver\n'))).toBe(
      JSON_ERR + 'json: cannot unmarshal array into Go value of type semver.SemverTemplateData',
    );
  });

  it('reports YAML syntax errors with a line number (Go-library text)', () => {
    expect(errorOf(() => parseSemverTemplate('schema: olm.semver\nstable: [\n'))).toMatch(
      /^render: unable to read file: error converting YAML to JSON: yaml: line \d+: /,
    );
  });
});

describe('Go field matching and YAML 1.1 values', () => {
  it('accepts the README spellings (field names match case-insensitively)', () => {
    const t = parseSemverTemplate(
      'Schema: olm.semver\nGenerateMajorChannels: true\nCandidate:\n  Bundles:\n    - Image: img/a-v1.0.0\n',
    );
    expect(t.generateMajorChannels).toBe(true);
    expect(t.candidate.bundles).toEqual([{ image: 'img/a-v1.0.0' }]);
  });

  it('lets the spelling that sorts last win when two spellings of one field are given', () => {
    // "Schema" < "schema" in byte order, so the lower-case value is decoded last.
    expect(parseSemverTemplate('Schema: wrong\nschema: olm.semver\n').schema).toBe('olm.semver');
    expect(errorOf(() => parseSemverTemplate('Schema: olm.semver\nschema: wrong\n'))).toBe(
      READ + 'readFile: input file has unknown schema, should be "olm.semver"',
    );
  });

  it('reads yes/on as booleans, as YAML 1.1 does', () => {
    const t = parseSemverTemplate(
      'schema: olm.semver\ngenerateMajorChannels: yes\ngenerateMinorChannels: on\n',
    );
    expect(t.generateMajorChannels).toBe(true);
    expect(t.generateMinorChannels).toBe(true);
  });

  it('turns numbers and booleans into strings where a string is expected', () => {
    const t = parseSemverTemplate(
      'schema: olm.semver\nstable:\n  bundles:\n    - image: 1.0\n    - image: yes\n',
    );
    expect(t.stable.bundles).toEqual([{ image: '1' }, { image: 'true' }]);
  });

  it('reads JSON input', () => {
    const t = parseSemverTemplate('{"schema":"olm.semver","stable":{"bundles":[{"image":"img/a-v1.0.0"}]}}');
    expect(t.stable.bundles).toEqual([{ image: 'img/a-v1.0.0' }]);
  });

  it('reads only the first YAML document', () => {
    expect(parseSemverTemplate('schema: olm.semver\n---\nnot: part of it\n').schema).toBe('olm.semver');
  });

  it('treats null values as absent', () => {
    const t = parseSemverTemplate('schema: olm.semver\ncandidate:\nfast:\n  bundles: ~\n');
    expect(t.candidate.bundles).toEqual([]);
    expect(t.fast.bundles).toEqual([]);
  });
});

describe('schema and defaults (readFile)', () => {
  it('requires schema olm.semver', () => {
    const msg = READ + 'readFile: input file has unknown schema, should be "olm.semver"';
    expect(errorOf(() => parseSemverTemplate(''))).toBe(msg);
    expect(errorOf(() => parseSemverTemplate('schema: olm.template.basic\n'))).toBe(msg);
  });

  it('generates minor channels when neither kind is asked for, and prefers the generated kind', () => {
    expect(parseSemverTemplate('schema: olm.semver\n')).toEqual({
      schema: 'olm.semver',
      generateMajorChannels: false,
      generateMinorChannels: true,
      defaultChannelTypePreference: 'minor',
      candidate: { bundles: [] },
      fast: { bundles: [] },
      stable: { bundles: [] },
    });
    const majorOnly = parseSemverTemplate('schema: olm.semver\ngenerateMajorChannels: true\n');
    expect(majorOnly.generateMinorChannels).toBe(false);
    expect(majorOnly.defaultChannelTypePreference).toBe('major');
    const both = parseSemverTemplate(
      'schema: olm.semver\ngenerateMajorChannels: true\ngenerateMinorChannels: true\n',
    );
    expect(both.defaultChannelTypePreference).toBe('minor');
  });
});
