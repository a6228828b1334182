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
import { replaced, YAML_CATALOG as Y, YAML_PATH as P } from './fixtures';

const ctx = contextOf({ [P]: Y });
const pkg = 'anakin';

/** Re-loads a result and checks it converts without errors (the fixture starts clean). */
function reloadsClean(text: string): void {
  const c = contextOf({ [P]: text });
  expect(c.loadErrors).toEqual([]);
  expect(c.modelErrors.map((e) => e.message)).toEqual([]);
}

describe('YAML fixture', () => {
  it('starts clean', () => {
    expect(ctx.loadErrors).toEqual([]);
    expect(ctx.modelErrors).toEqual([]);
  });

  describe('promoteToChannel', () => {
    it('by default never makes an older bundle replace the head: it replaces the newest older entry, and says so', () => {
      const r = promoteToChannel.perform(ctx, { package: pkg, bundle: 'anakin.v0.3.0', channel: 'dark' });
      expect(afterOf(r, P)).toContain(
        '{name: anakin.v0.4.0, replaces: anakin.v0.2.1}, {name: anakin.v0.3.0, replaces: anakin.v0.2.1}]',
      );
      expect(r.warnings[0]).toBe(
        'anakin.v0.3.0 is older than anakin.v0.4.0, the head of channel "dark": it replaces anakin.v0.2.1 and does not become the head',
      );
      const offered = promoteToChannel.choices?.(ctx, {
        package: pkg,
        bundle: 'anakin.v0.3.0',
        channel: 'dark',
      });
      expect(offered?.replaces?.find((c) => c.recommended)?.value).toBe('anakin.v0.2.1');
    });

    it('appends an entry replacing the head, with the dash gap and indentation of the list, after the comment closing the last entry', () => {
      const r = promoteToChannel.perform(ctx, { package: pkg, bundle: 'anakin.v0.4.0', channel: 'light' });
      const out = afterOf(r, P);
      expect(out).toBe(
        replaced(
          Y,
          '        # end of light\n',
          '        # end of light\n    -   name: anakin.v0.4.0\n        replaces: anakin.v0.3.0\n',
        ),
      );
      expect(r.warnings).toEqual([]);
      expect(r.select).toEqual({ package: pkg, channel: 'light', bundle: 'anakin.v0.4.0' });
      reloadsClean(out);
    });

    it('creates a new channel at the end of the package file, in the file style, quoting the range', () => {
      const r = promoteToChannel.perform(ctx, {
        package: pkg,
        bundle: 'anakin.v0.4.0',
        channel: 'candidate',
        skipRange: '>=0.3.0 <0.4.0',
      });
      expect(afterOf(r, P)).toBe(
        Y +
          '---\nschema: olm.channel\npackage: anakin\nname: candidate\nentries:\n' +
          '    -   name: anakin.v0.4.0\n        skipRange: ">=0.3.0 <0.4.0"\n',
      );
      expect(r.warnings).toEqual([]);
      reloadsClean(afterOf(r, P));
    });

    it('warns when the result has several heads', () => {
      const r = promoteToChannel.perform(ctx, {
        package: pkg,
        bundle: 'anakin.v0.4.0',
        channel: 'light',
        replaces: null,
      });
      expect(afterOf(r, P)).toBe(
        replaced(Y, '        # end of light\n', '        # end of light\n    -   name: anakin.v0.4.0\n'),
      );
      expect(r.warnings).toEqual([
        'channel "light" would have 2 heads (anakin.v0.3.0, anakin.v0.4.0): opm validate reports "multiple channel heads found in graph: anakin.v0.3.0, anakin.v0.4.0"',
      ]);
    });

    it('refuses a bundle the channel already lists, and unknown bundles', () => {
      const r = promoteToChannel.perform(ctx, { package: pkg, bundle: 'anakin.v0.2.0', channel: 'light' });
      expect(r).toEqual({ changes: [], warnings: [], error: 'channel "light" already lists anakin.v0.2.0' });
      expect(promoteToChannel.perform(ctx, { package: pkg, bundle: 'nope.v1', channel: 'light' }).error).toBe(
        '"nope.v1" is not a bundle of package "anakin"',
      );
    });

    it("refuses a skipRange opm would reject, with blang's message", () => {
      const r = promoteToChannel.perform(ctx, {
        package: pkg,
        bundle: 'anakin.v0.4.0',
        channel: 'light',
        skipRange: '>=0.3',
      });
      expect(r.changes).toEqual([]);
      expect(r.error).toMatch(/^invalid skipRange ">=0.3": /);
    });
  });

  it('setDefaultChannel keeps the quotes and the trailing comment', () => {
    const r = setDefaultChannel.perform(ctx, { package: pkg, channel: 'dark' });
    expect(afterOf(r, P)).toBe(
      replaced(
        Y,
        'defaultChannel: "light"   # the stable line',
        'defaultChannel: "dark"   # the stable line',
      ),
    );
    expect(setDefaultChannel.perform(ctx, { package: pkg, channel: 'light' }).error).toBe(
      '"light" is already the default channel of "anakin"',
    );
    expect(setDefaultChannel.perform(ctx, { package: pkg, channel: 'nope' }).error).toBe(
      'package "anakin" has no channel "nope"',
    );
  });

  describe('replaces', () => {
    it('addReplaces rewrites an existing single-quoted value in place and warns about the new head', () => {
      const r = addReplaces.perform(ctx, {
        package: pkg,
        channel: 'light',
        bundle: 'anakin.v0.3.0',
        replaces: 'anakin.v0.1.0',
      });
      expect(afterOf(r, P)).toBe(replaced(Y, "replaces: 'anakin.v0.2.0'", "replaces: 'anakin.v0.1.0'"));
      expect(r.warnings).toEqual([
        'anakin.v0.3.0 replaced anakin.v0.2.0; it now replaces anakin.v0.1.0 instead',
        'channel "light" would have 2 heads (anakin.v0.2.0, anakin.v0.3.0): opm validate reports "multiple channel heads found in graph: anakin.v0.2.0, anakin.v0.3.0"',
      ]);
    });

    it('addReplaces adds a key to a flow-style entry', () => {
      const r = addReplaces.perform(ctx, {
        package: pkg,
        channel: 'dark',
        bundle: 'anakin.v0.2.1',
        replaces: 'anakin.v0.2.0',
      });
      const out = afterOf(r, P);
      expect(out).toBe(
        replaced(Y, '[{name: anakin.v0.2.1}, {', '[{name: anakin.v0.2.1, replaces: anakin.v0.2.0}, {'),
      );
      expect(r.warnings).toEqual([]);
      reloadsClean(out);
    });

    it('addReplaces warns when the target is newer', () => {
      const r = addReplaces.perform(ctx, {
        package: pkg,
        channel: 'light',
        bundle: 'anakin.v0.1.0',
        replaces: 'anakin.v0.4.0',
      });
      expect(afterOf(r, P)).toBe(
        replaced(
          Y,
          '    -   name: anakin.v0.1.0\n',
          '    -   name: anakin.v0.1.0\n        replaces: anakin.v0.4.0\n',
        ),
      );
      expect(r.warnings[0]).toBe(
        'anakin.v0.4.0 (0.4.0) is not older than anakin.v0.1.0 (0.1.0): this replaces edge points to a newer or equal version',
      );
    });

    it('removeReplaces removes just that line (block) or that pair (flow)', () => {
      const r = removeReplaces.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.2.0' });
      expect(afterOf(r, P)).toBe(
        replaced(Y, '# first GA\n        replaces: anakin.v0.1.0\n', '# first GA\n'),
      );
      expect(r.warnings).toEqual([
        'channel "light" would have 2 heads (anakin.v0.1.0, anakin.v0.3.0): opm validate reports "multiple channel heads found in graph: anakin.v0.1.0, anakin.v0.3.0"',
      ]);
      const f = removeReplaces.perform(ctx, { package: pkg, channel: 'dark', bundle: 'anakin.v0.4.0' });
      expect(afterOf(f, P)).toBe(
        replaced(Y, '{name: anakin.v0.4.0, replaces: anakin.v0.2.1}', '{name: anakin.v0.4.0}'),
      );
      expect(
        removeReplaces.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.1.0' }).error,
      ).toBe('anakin.v0.1.0 has no replaces in channel "light"');
    });
  });

  describe('skips', () => {
    it('addSkip appends to an existing list in its own indentation, before the comment at the entry level', () => {
      const r = addSkip.perform(ctx, {
        package: pkg,
        channel: 'light',
        bundle: 'anakin.v0.3.0',
        skip: 'anakin.v0.1.0',
      });
      const out = afterOf(r, P);
      expect(out).toBe(
        replaced(
          Y,
          '            - anakin.v0.2.1\n',
          '            - anakin.v0.2.1\n            - anakin.v0.1.0\n',
        ),
      );
      reloadsClean(out);
    });

    it('addSkip creates the list where the other entries put it (after replaces)', () => {
      const r = addSkip.perform(ctx, {
        package: pkg,
        channel: 'light',
        bundle: 'anakin.v0.2.0',
        skip: 'anakin.v0.1.0',
      });
      expect(afterOf(r, P)).toBe(
        replaced(
          Y,
          '        replaces: anakin.v0.1.0\n',
          '        replaces: anakin.v0.1.0\n        skips:\n            -   anakin.v0.1.0\n',
        ),
      );
    });

    it('addSkip in a flow entry writes a flow list', () => {
      const r = addSkip.perform(ctx, {
        package: pkg,
        channel: 'dark',
        bundle: 'anakin.v0.4.0',
        skip: 'anakin.v0.3.0',
      });
      expect(afterOf(r, P)).toBe(
        replaced(Y, 'replaces: anakin.v0.2.1}]', 'replaces: anakin.v0.2.1, skips: [anakin.v0.3.0]}]'),
      );
    });

    it('addSkip refuses duplicates and self-skips', () => {
      expect(
        addSkip.perform(ctx, {
          package: pkg,
          channel: 'light',
          bundle: 'anakin.v0.3.0',
          skip: 'anakin.v0.2.1',
        }).error,
      ).toBe('anakin.v0.3.0 already skips anakin.v0.2.1');
      expect(
        addSkip.perform(ctx, {
          package: pkg,
          channel: 'light',
          bundle: 'anakin.v0.3.0',
          skip: 'anakin.v0.3.0',
        }).error,
      ).toBe('anakin.v0.3.0 cannot skip itself');
    });

    it('removeSkip of the last name removes the skips key, keeping the comment after it', () => {
      const r = removeSkip.perform(ctx, {
        package: pkg,
        channel: 'light',
        bundle: 'anakin.v0.3.0',
        skip: 'anakin.v0.2.1',
      });
      expect(afterOf(r, P)).toBe(replaced(Y, '        skips:\n            - anakin.v0.2.1\n', ''));
    });
  });

  describe('skipRange', () => {
    it('setSkipRange inserts the key where the other entries have it (before replaces here)', () => {
      const r = setSkipRange.perform(ctx, {
        package: pkg,
        channel: 'light',
        bundle: 'anakin.v0.2.0',
        skipRange: '>=0.1.0 <0.2.0',
      });
      expect(afterOf(r, P)).toBe(
        replaced(Y, '# first GA\n', '# first GA\n        skipRange: ">=0.1.0 <0.2.0"\n'),
      );
      expect(r.warnings).toEqual([]);
    });

    it('setSkipRange rewrites an existing value keeping its double quotes', () => {
      const r = setSkipRange.perform(ctx, {
        package: pkg,
        channel: 'light',
        bundle: 'anakin.v0.3.0',
        skipRange: '>=0.2.0 <0.3.0',
      });
      expect(afterOf(r, P)).toBe(replaced(Y, 'skipRange: ">=0.1.0 <0.3.0"', 'skipRange: ">=0.2.0 <0.3.0"'));
    });

    it('setSkipRange refuses an invalid range and warns when it covers the bundle itself', () => {
      expect(
        setSkipRange.perform(ctx, {
          package: pkg,
          channel: 'light',
          bundle: 'anakin.v0.3.0',
          skipRange: '>=0.2.0 <<0.3.0',
        }).error,
      ).toBe(
        'invalid skipRange ">=0.2.0 <<0.3.0": Could not parse Range "<<0.3.0": Could not parse comparator "<<" in "<<0.3.0"',
      );
      const r = setSkipRange.perform(ctx, {
        package: pkg,
        channel: 'dark',
        bundle: 'anakin.v0.4.0',
        skipRange: '<=0.4.0',
      });
      expect(afterOf(r, P)).toBe(
        replaced(Y, '{name: anakin.v0.4.0, replaces', '{name: anakin.v0.4.0, skipRange: <=0.4.0, replaces'),
      );
      expect(r.warnings).toEqual(['skipRange "<=0.4.0" contains anakin.v0.4.0\'s own version 0.4.0']);
    });

    it('removeSkipRange removes the line', () => {
      const r = removeSkipRange.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.3.0' });
      expect(afterOf(r, P)).toBe(replaced(Y, '        skipRange: ">=0.1.0 <0.3.0"\n', ''));
      expect(
        removeSkipRange.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.2.0' }).error,
      ).toBe('anakin.v0.2.0 has no skipRange in channel "light"');
    });
  });

  describe('createChannel', () => {
    it('chains the bundles by version and appends the blob', () => {
      const r = createChannel.perform(ctx, {
        package: pkg,
        channel: 'beta',
        bundles: ['anakin.v0.2.0', 'anakin.v0.1.0'],
      });
      const out = afterOf(r, P);
      expect(out).toBe(
        Y +
          '---\nschema: olm.channel\npackage: anakin\nname: beta\nentries:\n' +
          '    -   name: anakin.v0.1.0\n    -   name: anakin.v0.2.0\n        replaces: anakin.v0.1.0\n',
      );
      expect(r.warnings).toEqual([]);
      reloadsClean(out);
    });

    it('an empty channel is written with a warning (opm needs one bundle)', () => {
      const r = createChannel.perform(ctx, { package: pkg, channel: 'empty' });
      expect(afterOf(r, P)).toBe(Y + '---\nschema: olm.channel\npackage: anakin\nname: empty\nentries: []\n');
      expect(r.warnings).toEqual([
        'channel "empty" has no entries yet: opm validate reports "channel must contain at least one bundle" until a bundle is promoted into it',
      ]);
      expect(createChannel.perform(ctx, { package: pkg, channel: 'light' }).error).toBe(
        'package "anakin" already has a channel "light"',
      );
    });
  });

  describe('removeFromChannel', () => {
    it('removes the entry lines with their trailing comment and warns about the orphaned bundle and head', () => {
      const r = removeFromChannel.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.3.0' });
      expect(afterOf(r, P)).toBe(
        replaced(
          Y,
          `    -   name: "anakin.v0.3.0"\n        skipRange: ">=0.1.0 <0.3.0"\n        replaces: 'anakin.v0.2.0'\n        skips:\n            - anakin.v0.2.1\n        # end of light\n`,
          '',
        ),
      );
      expect(r.warnings).toEqual([
        'anakin.v0.3.0 is in no other channel: opm validate reports "package "anakin", bundle "anakin.v0.3.0" not found in any channel entries" until its olm.bundle blob is removed too',
        'anakin.v0.3.0 is the head of channel "light": users on it keep a bundle the channel no longer lists, with no upgrade',
      ]);
      expect(r.select).toEqual({ package: pkg, channel: 'light' });
    });

    it('removes a flow entry', () => {
      const r = removeFromChannel.perform(ctx, { package: pkg, channel: 'dark', bundle: 'anakin.v0.2.1' });
      expect(afterOf(r, P)).toBe(replaced(Y, '[{name: anakin.v0.2.1}, {name', '[{name'));
    });

    it('keeps the multi-head warning for the fixture (0.1.0 still reaches 0.3.0 through its skipRange)', () => {
      const r = removeFromChannel.perform(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.2.0' });
      expect(afterOf(r, P)).toBe(
        replaced(Y, '    -   name: anakin.v0.2.0   # first GA\n        replaces: anakin.v0.1.0\n', ''),
      );
      expect(r.warnings).toEqual([
        'anakin.v0.2.0 is in no other channel: opm validate reports "package "anakin", bundle "anakin.v0.2.0" not found in any channel entries" until its olm.bundle blob is removed too',
        'channel "light" would have 2 heads (anakin.v0.1.0, anakin.v0.3.0): opm validate reports "multiple channel heads found in graph: anakin.v0.1.0, anakin.v0.3.0"',
      ]);
    });

    it('names the users who would no longer reach the head', () => {
      const bundle = (v: string): string =>
        `---\nschema: olm.bundle\nname: a.v${v}\npackage: a\nimage: quay.io/a/b:v${v}\nproperties:\n  - type: olm.package\n    value: {packageName: a, version: ${v}}\n`;
      const text =
        '---\nschema: olm.package\nname: a\ndefaultChannel: s\n---\nschema: olm.channel\npackage: a\nname: s\nentries:\n' +
        '  - name: a.v1.0.0\n  - name: a.v2.0.0\n    replaces: a.v1.0.0\n  - name: a.v3.0.0\n    replaces: a.v2.0.0\n' +
        '---\nschema: olm.channel\npackage: a\nname: t\nentries:\n  - name: a.v2.0.0\n' +
        ['1.0.0', '2.0.0', '3.0.0'].map(bundle).join('');
      const c = contextOf({ 'a.yaml': text });
      expect(c.modelErrors).toEqual([]);
      const r = removeFromChannel.perform(c, { package: 'a', channel: 's', bundle: 'a.v2.0.0' });
      expect(afterOf(r, 'a.yaml')).toBe(replaced(text, '  - name: a.v2.0.0\n    replaces: a.v1.0.0\n', ''));
      expect(r.warnings).toEqual([
        'users on a.v1.0.0 would no longer reach the head of channel "s"',
        'channel "s" would have 2 heads (a.v1.0.0, a.v3.0.0): opm validate reports "multiple channel heads found in graph: a.v1.0.0, a.v3.0.0"',
      ]);
      const head = removeFromChannel.perform(c, { package: 'a', channel: 's', bundle: 'a.v3.0.0' });
      expect(head.warnings).toEqual([
        'a.v3.0.0 is in no other channel: opm validate reports "package "a", bundle "a.v3.0.0" not found in any channel entries" until its olm.bundle blob is removed too',
        'a.v3.0.0 is the head of channel "s": users on it keep a bundle the channel no longer lists, with no upgrade',
      ]);
    });

    it('warns when the channel would be left empty', () => {
      const r = removeFromChannel.perform(ctx, { package: pkg, channel: 'dark', bundle: 'anakin.v0.4.0' });
      const twice = removeFromChannel.perform(contextOf({ [P]: afterOf(r, P) }), {
        package: pkg,
        channel: 'dark',
        bundle: 'anakin.v0.2.1',
      });
      expect(afterOf(twice, P)).toBe(
        replaced(Y, '[{name: anakin.v0.2.1}, {name: anakin.v0.4.0, replaces: anakin.v0.2.1}]', '[]'),
      );
      expect(twice.warnings[0]).toBe(
        'channel "dark" would have no entries: opm validate reports "channel must contain at least one bundle"',
      );
    });
  });

  describe('deprecate', () => {
    it('writes an olm.deprecations blob in the package file, quoting what needs it', () => {
      const r = deprecate.perform(ctx, {
        package: pkg,
        kind: 'package',
        message: 'anakin is retired: use "luke"',
      });
      const out = afterOf(r, P);
      expect(out).toBe(
        Y +
          '---\nschema: olm.deprecations\npackage: anakin\nentries:\n' +
          '    -   reference:\n            schema: olm.package\n        message: "anakin is retired: use \\"luke\\""\n',
      );
      reloadsClean(out);
      const m = contextOf({ [P]: out }).model.packages.get(pkg);
      expect(m?.deprecation?.message).toBe('anakin is retired: use "luke"');
    });

    it('extends the existing blob and refuses duplicates', () => {
      const first = afterOf(
        deprecate.perform(ctx, {
          package: pkg,
          kind: 'channel',
          name: 'dark',
          message: 'dark is unsupported',
        }),
        P,
      );
      const ctx2 = contextOf({ [P]: first });
      const r = deprecate.perform(ctx2, {
        package: pkg,
        kind: 'bundle',
        name: 'anakin.v0.1.0',
        message: 'CVE-1',
      });
      const out = afterOf(r, P);
      expect(out).toBe(
        first +
          '    -   reference:\n            schema: olm.bundle\n            name: anakin.v0.1.0\n        message: CVE-1\n',
      );
      reloadsClean(out);
      expect(
        deprecate.perform(ctx2, { package: pkg, kind: 'channel', name: 'dark', message: 'again' }).error,
      ).toBe('channel "dark" is already deprecated: dark is unsupported');
    });

    it('refuses an empty message and unknown targets', () => {
      expect(
        deprecate.perform(ctx, { package: pkg, kind: 'bundle', name: 'anakin.v0.1.0', message: '  ' }).error,
      ).toBe('a deprecation needs a message (opm: "invalid deprecation: message must be set")');
      expect(
        deprecate.perform(ctx, { package: pkg, kind: 'channel', name: 'nope', message: 'x' }).error,
      ).toBe('package "anakin" has no channel "nope"');
    });
  });
});
