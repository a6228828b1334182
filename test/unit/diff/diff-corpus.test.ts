/**
 * Real pairs: consecutive OpenShift versions' catalogs of one repository from ../shared's corpus.
 * The expected bundle, channel and entry changes are computed here straight from the raw blobs
 * (our own small parsers, not the loader or the model), then held against the diff.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { diffCatalogs } from '../../../src/core/diff';
import { loadDiffSide } from '../../../src/core/diff/load-side';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

type Blob = Record<string, unknown>;

/** A JSON stream (objects one after another) split by brace depth, strings respected. */
function jsonStream(text: string): Blob[] {
  const out: Blob[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && --depth === 0) out.push(JSON.parse(text.slice(start, i + 1)) as Blob);
  }
  return out;
}

function blobsOf(root: string): Blob[] {
  const out: Blob[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.json$/.test(n)) out.push(...jsonStream(readFileSync(p, 'utf8')));
      else if (/\.ya?ml$/.test(n)) {
        for (const doc of parseAllDocuments(readFileSync(p, 'utf8'))) {
          const v = (Array.isArray(doc) ? undefined : doc.toJS()) as Blob | null;
          if (v && typeof v === 'object') out.push(v);
        }
      } else throw new Error(`unexpected file ${relative(root, p)}`);
    }
  };
  walk(root);
  return out;
}

interface Raw {
  bundles: Map<string, string>;
  entries: Map<string, string>;
}

/** `pkg/bundle` → image; `pkg/channel/entry` → its edges as text. */
function rawSets(root: string): Raw {
  const bundles = new Map<string, string>();
  const entries = new Map<string, string>();
  for (const b of blobsOf(root)) {
    if (b.schema === 'olm.bundle') bundles.set(`${String(b.package)}/${String(b.name)}`, String(b.image));
    if (b.schema === 'olm.channel') {
      for (const e of b.entries as Blob[]) {
        const skips = ((e.skips as string[] | undefined) ?? []).slice().sort();
        entries.set(
          `${String(b.package)}/${String(b.name)}/${String(e.name)}`,
          JSON.stringify([e.replaces ?? '', skips, e.skipRange ?? '']),
        );
      }
    }
  }
  return { bundles, entries };
}

function expected(a: Map<string, string>, b: Map<string, string>) {
  return {
    added: [...b.keys()].filter((k) => !a.has(k)).sort(),
    removed: [...a.keys()].filter((k) => !b.has(k)).sort(),
    changed: [...a.keys()].filter((k) => b.has(k) && a.get(k) !== b.get(k)).sort(),
  };
}

const PAIRS: [string, string, string][] = [
  ['kubev2v-mtv-fbc', 'v4.18/catalog', 'v4.19/catalog'],
  ['kubev2v-mtv-fbc', 'v4.22/catalog', 'v4.23/catalog'],
  ['stolostron-submariner-operator-fbc', 'catalog-4-17', 'catalog-4-18'],
  ['stolostron-submariner-operator-fbc', 'catalog-4-20', 'catalog-4-21'],
];

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('diff on consecutive OpenShift versions of real repositories', () => {
  if (!hasShared) console.log(skipReason('diff corpus pairs'));
  for (const [repo, a, b] of PAIRS) {
    it(`${repo}: ${a} → ${b}`, async () => {
      const [ra, rb] = [a, b].map((p) => sharedPath('corpus/fbc', repo, p));
      const [sa, sb] = await Promise.all([ra, rb].map((p) => loadDiffSide(new NodeFsSource(p as string))));
      const diff = diffCatalogs((sa as { model: never }).model, (sb as { model: never }).model);
      const x = rawSets(ra as string);
      const y = rawSets(rb as string);

      const bundles = expected(x.bundles, y.bundles);
      const got = (f: 'added' | 'removed'): string[] =>
        diff.packages.flatMap((p) => p.bundles[f].map((n) => `${p.name}/${n}`)).sort();
      expect(got('added')).toEqual(bundles.added);
      expect(got('removed')).toEqual(bundles.removed);
      // Every re-tag in the raw blobs is flagged as one.
      const retags = diff.packages.flatMap((p) =>
        p.bundles.changed.filter((c) => c.image).map((c) => `${p.name}/${c.name}`),
      );
      expect(retags.sort()).toEqual(bundles.changed);

      const entries = expected(x.entries, y.entries);
      const gotEntries = (f: 'added' | 'removed'): string[] =>
        diff.packages
          .flatMap((p) => p.channels.flatMap((c) => c.entries[f].map((n) => `${p.name}/${c.name}/${n}`)))
          .sort();
      expect(gotEntries('added')).toEqual(entries.added);
      expect(gotEntries('removed')).toEqual(entries.removed);
      expect(
        diff.packages
          .flatMap((p) =>
            p.channels.flatMap((c) => c.entries.changed.map((e) => `${p.name}/${c.name}/${e.name}`)),
          )
          .sort(),
      ).toEqual(entries.changed);
      // Raw differences mean a non-empty diff, and a removed bundle always shows up in the impact list.
      const rawDiffers = [bundles, entries].some(
        (s) => s.added.length + s.removed.length + s.changed.length > 0,
      );
      if (rawDiffers) expect(diff.packages.length).toBeGreaterThan(0);
      for (const r of bundles.removed) {
        const [pkg, name] = r.split('/');
        expect(
          diff.impact.some((i) => i.package === pkg && (i.bundle === name || i.kind === 'channel-removed')),
        ).toBe(true);
      }
    });
  }
});
