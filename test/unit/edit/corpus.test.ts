import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createChannel,
  deprecate,
  promoteToChannel,
  removeFromChannel,
  setDefaultChannel,
  setSkipRange,
  type EditResult,
} from '../../../src/core/edit';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { applied, contextOf, lineDiff } from './helpers';

/** Real catalogs from ../shared/corpus, read at test time (never copied into the repo). */

if (!hasShared) console.log(skipReason('edit actions on corpus catalogs'));

function readTree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/.test(name)) out.set(relative(root, p), readFileSync(p, 'utf8'));
    }
  };
  walk(root);
  return out;
}

/** The one changed file and its line diff (asserting nothing else changed). */
function onlyChange(r: EditResult, path: string): { after: string; diff: ReturnType<typeof lineDiff> } {
  expect(r.error).toBeUndefined();
  expect(r.changes.map((c) => c.path)).toEqual([path]);
  const c = r.changes[0] as { before: string; after: string };
  return { after: c.after, diff: lineDiff(c.before, c.after) };
}

/** Re-loads the edited catalog: no load errors, and no conversion error that was not there before. */
function reloadsWithoutNewErrors(files: Map<string, string>, r: EditResult, baseline: string[]): void {
  const next = contextOf(applied(files, r));
  expect(next.loadErrors).toEqual([]);
  const fresh = next.modelErrors.map((e) => e.message).filter((m) => !baseline.includes(m));
  expect(fresh).toEqual([]);
}

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('stolostron gatekeeper (YAML, one blob per file)', () => {
  const files = hasShared
    ? readTree(sharedPath('corpus/fbc/stolostron-gatekeeper-operator-fbc/catalog-4-19'))
    : new Map();
  const ctx = contextOf(files);
  const baseline = ctx.modelErrors.map((e) => e.message);
  const pkg = 'gatekeeper-operator-product';
  const P = (v: string): string => `${pkg}.v${v}`;

  it('loads', () => {
    expect(ctx.loadErrors).toEqual([]);
    expect(ctx.dc.channels.length).toBeGreaterThan(5);
  });

  it('setSkipRange rewrites one line of one channel file, matching its quotes', () => {
    const r = setSkipRange.perform(ctx, {
      package: pkg,
      channel: '3.21',
      bundle: P('3.21.0'),
      skipRange: '>=3.20.0 <3.21.0',
    });
    const { diff } = onlyChange(r, 'channels/channel-3.21.yaml');
    expect(diff).toEqual({
      at: 5,
      removed: ['    skipRange: <3.21.0'],
      added: ['    skipRange: ">=3.20.0 <3.21.0"'],
    });
    reloadsWithoutNewErrors(files, r, baseline);
  });

  it("createChannel writes channels/channel-<name>.yaml in the sibling files' style (sorted keys, indented lists)", () => {
    const r = createChannel.perform(ctx, { package: pkg, channel: '3.22', bundles: [P('3.21.0')] });
    expect(r.error).toBeUndefined();
    expect(r.changes).toEqual([
      {
        path: 'channels/channel-3.22.yaml',
        before: null,
        after: `---\nentries:\n  - name: ${P('3.21.0')}\nname: "3.22"\npackage: ${pkg}\nschema: olm.channel\n`,
      },
    ]);
    reloadsWithoutNewErrors(files, r, baseline);
  });

  it('deprecate appends an olm.deprecations document to package.yaml', () => {
    const r = deprecate.perform(ctx, {
      package: pkg,
      kind: 'channel',
      name: '3.11',
      message: '3.11 is end of life',
    });
    const { diff } = onlyChange(r, 'package.yaml');
    expect(diff.removed).toEqual([]);
    expect(diff.added).toEqual([
      '---',
      'entries:',
      '  - message: 3.11 is end of life',
      '    reference:',
      '      name: "3.11"',
      '      schema: olm.channel',
      'package: gatekeeper-operator-product',
      'schema: olm.deprecations',
    ]);
    reloadsWithoutNewErrors(files, r, baseline);
    expect(
      contextOf(applied(files, r)).model.packages.get(pkg)?.channels.get('3.11')?.deprecation?.message,
    ).toBe('3.11 is end of life');
  });

  it('removeFromChannel deletes the entry lines and warns that the bundle it replaced becomes a second head', () => {
    const r = removeFromChannel.perform(ctx, { package: pkg, channel: 'stable', bundle: P('3.20.0') });
    const { diff } = onlyChange(r, 'channels/channel-stable.yaml');
    expect(diff.removed).toEqual([
      `  - name: ${P('3.20.0')}`,
      `    replaces: ${P('3.19.1')}`,
      '    skipRange: <3.20.0',
    ]);
    expect(diff.added).toEqual([]);
    expect(r.warnings).toEqual([
      `channel "stable" would have 2 heads (${P('3.19.1')}, ${P('3.21.0')}): opm validate reports "multiple channel heads found in graph: ${P('3.19.1')}, ${P('3.21.0')}"`,
    ]);
  });
});

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('kubev2v mtv (concatenated JSON, 4-space)', () => {
  const path = 'mtv-operator/catalog.json';
  const text = hasShared
    ? readFileSync(sharedPath('corpus/fbc/kubev2v-mtv-fbc/v4.18/catalog', path), 'utf8')
    : '';
  const files = new Map([[path, text]]);
  const ctx = contextOf(files);
  const baseline = ctx.modelErrors.map((e) => e.message);
  const pkg = 'mtv-operator';

  it('loads', () => {
    expect(ctx.loadErrors).toEqual([]);
    expect(ctx.dc.channels.map((c) => c.name)).toContain('release-v2.9');
  });

  it('setDefaultChannel changes one line', () => {
    const r = setDefaultChannel.perform(ctx, { package: pkg, channel: 'release-v2.9' });
    const { diff } = onlyChange(r, path);
    expect(diff).toEqual({
      at: 4,
      removed: ['    "defaultChannel": "release-v2.10",'],
      added: ['    "defaultChannel": "release-v2.9",'],
    });
    reloadsWithoutNewErrors(files, r, baseline);
  });

  it('promoteToChannel appends an entry replacing the head (a comma after the previous entry)', () => {
    const ch = ctx.dc.channels.find((c) => c.name === 'release-v2.9');
    const head = ch?.entries[ch.entries.length - 1]?.name as string;
    const r = promoteToChannel.perform(ctx, {
      package: pkg,
      bundle: 'mtv-operator.v2.10.0',
      channel: 'release-v2.9',
    });
    const { after } = onlyChange(r, path);
    const end = (ch?.origin.end ?? 0) - '\n    ]\n}'.length;
    expect(text.slice(end - 10, end)).toBe('\n        }');
    expect(after).toBe(
      text.slice(0, end) +
        `,\n        {\n            "name": "mtv-operator.v2.10.0",\n            "replaces": "${head}"\n        }` +
        text.slice(end),
    );
    expect(r.warnings).toEqual([]);
    reloadsWithoutNewErrors(files, r, baseline);
  });

  it("deprecate appends an olm.deprecations blob in the file's JSON style", () => {
    const r = deprecate.perform(ctx, {
      package: pkg,
      kind: 'bundle',
      name: 'mtv-operator.v2.8.5',
      message: 'use 2.8.7',
    });
    const { after, diff } = onlyChange(r, path);
    expect(after.startsWith(text)).toBe(true);
    expect(after.slice(text.length)).toBe(
      '{\n    "schema": "olm.deprecations",\n    "package": "mtv-operator",\n    "entries": [\n        {\n' +
        '            "reference": {\n                "schema": "olm.bundle",\n                "name": "mtv-operator.v2.8.5"\n' +
        '            },\n            "message": "use 2.8.7"\n        }\n    ]\n}\n',
    );
    expect(diff.removed).toEqual([]);
    reloadsWithoutNewErrors(files, r, baseline);
  });
});
