import { describe, expect, it } from 'vitest';
import {
  addReplaces,
  addSkip,
  createChannel,
  deprecate,
  promoteToChannel,
  removeFromChannel,
  removeReplaces,
  removeSkip,
  removeSkipRange,
  setDefaultChannel,
  setSkipRange,
} from '../../../src/core/edit';
import { afterOf, contextOf } from './helpers';
import { JSON_CATALOG as J, JSON_PATH as P, replaced } from './fixtures';

const ctx = contextOf({ [P]: J });
const pkg = 'anakin';
const DARK =
  '{"schema":"olm.channel","package":"anakin","name":"dark","entries":[{"name":"anakin.v0.2.1"},{"name":"anakin.v0.4.0","replaces":"anakin.v0.2.1"}]}';

function reloadsClean(text: string): void {
  const c = contextOf({ [P]: text });
  expect(c.loadErrors).toEqual([]);
  expect(c.modelErrors.map((e) => e.message)).toEqual([]);
}

describe('JSON fixture (4-space, 2-space and one-line blobs in one stream)', () => {
  it('starts clean', () => {
    expect(ctx.loadErrors).toEqual([]);
    expect(ctx.modelErrors).toEqual([]);
  });

  it('promoteToChannel appends an entry in the 2-space blob with 2-space indentation', () => {
    const r = promoteToChannel.perform(ctx, { package: pkg, bundle: 'anakin.v0.4.0', channel: 'light' });
    const out = afterOf(r, P);
    expect(out).toBe(
      replaced(
        J,
        '        "anakin.v0.2.1"\n      ]\n    }\n',
        '        "anakin.v0.2.1"\n      ]\n    },\n    {\n      "name": "anakin.v0.4.0",\n      "replaces": "anakin.v0.3.0"\n    }\n',
      ),
    );
    expect(r.warnings).toEqual([]);
    reloadsClean(out);
  });

  it('promoteToChannel to a new channel appends a blob styled like the last blob of the file', () => {
    const r = promoteToChannel.perform(ctx, {
      package: pkg,
      bundle: 'anakin.v0.4.0',
      channel: 'candidate',
      skipRange: '>=0.3.0 <0.4.0',
    });
    const out = afterOf(r, P);
    expect(out).toBe(
      J +
        '{\n    "schema": "olm.channel",\n    "package": "anakin",\n    "name": "candidate",\n    "entries": [\n' +
        '        {\n            "name": "anakin.v0.4.0",\n            "skipRange": ">=0.3.0 <0.4.0"\n        }\n    ]\n}\n',
    );
    reloadsClean(out);
  });

  it('setDefaultChannel rewrites the value only', () => {
    const r = setDefaultChannel.perform(ctx, { package: pkg, channel: 'dark' });
    expect(afterOf(r, P)).toBe(replaced(J, '"defaultChannel": "light"', '"defaultChannel": "dark"'));
  });

  it('addReplaces in a one-line blob stays on one line, with its separators', () => {
    const r = addReplaces.perform(ctx, {
      package: pkg,
      channel: 'dark',
      bundle: 'anakin.v0.2.1',
      replaces: 'anakin.v0.2.0',
    });
    expect(afterOf(r, P)).toBe(
      replaced(
        J,
        DARK,
        DARK.replace('{"name":"anakin.v0.2.1"}', '{"name":"anakin.v0.2.1","replaces":"anakin.v0.2.0"}'),
      ),
    );
  });

  it('addReplaces on an entry that has one rewrites it', () => {
    const r = addReplaces.perform(ctx, {
      package: pkg,
      channel: 'light',
      bundle: 'anakin.v0.3.0',
      replaces: 'anakin.v0.1.0',
    });
    expect(afterOf(r, P)).toBe(replaced(J, '"replaces": "anakin.v0.2.0",', '"replaces": "anakin.v0.1.0",'));
  });

  it('removeReplaces takes the comma with it', () => {
    const r = removeReplaces.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.2.0' });
    expect(afterOf(r, P)).toBe(replaced(J, '"replaces": "anakin.v0.1.0",\n      "skipRange"', '"skipRange"'));
    const f = removeReplaces.perform(ctx, { package: pkg, channel: 'dark', bundle: 'anakin.v0.4.0' });
    expect(afterOf(f, P)).toBe(replaced(J, DARK, DARK.replace(',"replaces":"anakin.v0.2.1"', '')));
  });

  it('addSkip appends to the list, or creates it where the catalog puts skips', () => {
    const r = addSkip.perform(ctx, {
      package: pkg,
      channel: 'light',
      bundle: 'anakin.v0.3.0',
      skip: 'anakin.v0.1.0',
    });
    expect(afterOf(r, P)).toBe(
      replaced(J, '"anakin.v0.2.1"\n', '"anakin.v0.2.1",\n        "anakin.v0.1.0"\n'),
    );
    const n = addSkip.perform(ctx, {
      package: pkg,
      channel: 'light',
      bundle: 'anakin.v0.2.0',
      skip: 'anakin.v0.1.0',
    });
    expect(afterOf(n, P)).toBe(
      replaced(
        J,
        '"replaces": "anakin.v0.1.0",\n      "skipRange"',
        '"replaces": "anakin.v0.1.0",\n      "skips": [\n        "anakin.v0.1.0"\n      ],\n      "skipRange"',
      ),
    );
    reloadsClean(afterOf(n, P));
  });

  it('removeSkip of the last name removes the key', () => {
    const r = removeSkip.perform(ctx, {
      package: pkg,
      channel: 'light',
      bundle: 'anakin.v0.3.0',
      skip: 'anakin.v0.2.1',
    });
    expect(afterOf(r, P)).toBe(
      replaced(
        J,
        '"replaces": "anakin.v0.2.0",\n      "skips": [\n        "anakin.v0.2.1"\n      ]\n',
        '"replaces": "anakin.v0.2.0"\n',
      ),
    );
  });

  it('setSkipRange and removeSkipRange', () => {
    const s = setSkipRange.perform(ctx, {
      package: pkg,
      channel: 'light',
      bundle: 'anakin.v0.3.0',
      skipRange: '>=0.2.0 <0.3.0',
    });
    expect(afterOf(s, P)).toBe(
      replaced(
        J,
        '"replaces": "anakin.v0.2.0",\n',
        '"replaces": "anakin.v0.2.0",\n      "skipRange": ">=0.2.0 <0.3.0",\n',
      ),
    );
    const d = setSkipRange.perform(ctx, {
      package: pkg,
      channel: 'dark',
      bundle: 'anakin.v0.4.0',
      skipRange: '<0.4.0',
    });
    expect(afterOf(d, P)).toBe(
      replaced(
        J,
        DARK,
        DARK.replace('"replaces":"anakin.v0.2.1"}', '"replaces":"anakin.v0.2.1","skipRange":"<0.4.0"}'),
      ),
    );
    const r = removeSkipRange.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.2.0' });
    expect(afterOf(r, P)).toBe(
      replaced(
        J,
        '"replaces": "anakin.v0.1.0",\n      "skipRange": ">=0.1.0 <0.2.0"\n',
        '"replaces": "anakin.v0.1.0"\n',
      ),
    );
  });

  it('createChannel appends a blob', () => {
    const r = createChannel.perform(ctx, { package: pkg, channel: 'beta', bundles: ['anakin.v0.1.0'] });
    expect(afterOf(r, P)).toBe(
      J +
        '{\n    "schema": "olm.channel",\n    "package": "anakin",\n    "name": "beta",\n    "entries": [\n' +
        '        {\n            "name": "anakin.v0.1.0"\n        }\n    ]\n}\n',
    );
  });

  it('removeFromChannel removes the object and one comma', () => {
    const r = removeFromChannel.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.2.0' });
    expect(afterOf(r, P)).toBe(
      replaced(
        J,
        '    },\n    {\n      "name": "anakin.v0.2.0",\n      "replaces": "anakin.v0.1.0",\n      "skipRange": ">=0.1.0 <0.2.0"\n    },',
        '    },',
      ),
    );
    const f = removeFromChannel.perform(ctx, { package: pkg, channel: 'dark', bundle: 'anakin.v0.2.1' });
    expect(afterOf(f, P)).toBe(replaced(J, DARK, DARK.replace('{"name":"anakin.v0.2.1"},', '')));
  });

  it('deprecate extends the existing olm.deprecations blob and refuses duplicates', () => {
    const r = deprecate.perform(ctx, {
      package: pkg,
      kind: 'channel',
      name: 'dark',
      message: 'dark: unsupported',
    });
    const out = afterOf(r, P);
    expect(out).toBe(
      replaced(
        J,
        '"message": "anakin.v0.1.0 has a CVE; use 0.2.0"\n        }\n',
        '"message": "anakin.v0.1.0 has a CVE; use 0.2.0"\n        },\n        {\n            "reference": {\n                "schema": "olm.channel",\n                "name": "dark"\n            },\n            "message": "dark: unsupported"\n        }\n',
      ),
    );
    reloadsClean(out);
    expect(
      deprecate.perform(ctx, { package: pkg, kind: 'bundle', name: 'anakin.v0.1.0', message: 'again' }).error,
    ).toBe('bundle "anakin.v0.1.0" is already deprecated: anakin.v0.1.0 has a CVE; use 0.2.0');
  });
});
