/**
 * Edits go to the template, and mean the same there: for the corpus's basic templates, applying an
 * action to the template and rendering it gives the same catalog (blob-equal) as applying the same
 * action to the rendered catalog directly. The actions and their arguments are drawn from each
 * template's own channels and bundles.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import type { DeclarativeConfig } from '../../../src/core/declcfg/types';
import {
  actionByName,
  performOnTemplate,
  templateEditContext,
  type EditContext,
} from '../../../src/core/edit';
import { loadCatalog, loadFile } from '../../../src/core/load';
import { CatalogBundleResolver, goBlobs, renderTemplate, writeRendered } from '../../../src/core/template';
import { goBundle, sortKeysDeep } from '../../../src/core/template/go-blobs';
import { hasShared, skipReason } from '../../support/shared';
import { templatePairs, type TemplatePair } from '../template/template-corpus-pairs';
import { applied, contextOf } from './helpers';

const cache = new Map<string, Promise<DeclarativeConfig>>();
function catalog(dir: string): Promise<DeclarativeConfig> {
  let p = cache.get(dir);
  if (!p)
    cache.set(dir, (p = loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' }).then((l) => l.dc)));
  return p;
}

/** One basic template per file, with the first pair's catalogs (those the corpus test renders). */
function basicTemplates(): TemplatePair[] {
  const seen = new Set<string>();
  return templatePairs().filter((p) => {
    if (seen.has(p.template)) return false;
    seen.add(p.template);
    return /olm\.template\.basic/.test(readFileSync(p.template, 'utf8').slice(0, 200_000));
  });
}

/** A catalog as a multiset of canonical blobs. */
function blobSet(blobs: readonly unknown[]): string[] {
  return blobs.map((b) => JSON.stringify(sortKeysDeep(b))).sort();
}

type Case = [action: string, args: Record<string, unknown>];

/** A sample of actions with arguments taken from the template's own package, channels and bundles. */
function cases(ctx: EditContext): Case[] {
  const pkg = ctx.dc.packages[0];
  if (!pkg) return [];
  const p = pkg.name;
  const channels = ctx.dc.channels.filter((c) => c.package === p && c.entries.length > 0);
  const def = channels.find((c) => c.name === pkg.defaultChannel) ?? channels[0];
  const bundles = ctx.dc.bundles.filter((b) => b.package === p).map((b) => b.name);
  if (!def || bundles.length === 0) return [];
  const last = def.entries[def.entries.length - 1]?.name as string;
  const first = def.entries[0]?.name as string;
  const mid = def.entries[Math.floor(def.entries.length / 2)]?.name as string;
  const withReplaces = def.entries.find((e) => e.replaces !== '');
  const withRange = def.entries.find((e) => e.skipRange !== '');
  const other = channels.find((c) => c !== def);
  const missing = bundles.find((b) => !def.entries.some((e) => e.name === b));
  const out: Case[] = [
    ['promoteToChannel', { package: p, bundle: last, channel: 'fbc-studio-test' }],
    ['createChannel', { package: p, channel: 'fbc-studio-new', bundles: [first, last] }],
    ['addSkip', { package: p, channel: def.name, bundle: last, skip: first }],
    ['setSkipRange', { package: p, channel: def.name, bundle: last, skipRange: '>=0.0.1 <0.0.2' }],
    ['removeFromChannel', { package: p, channel: def.name, bundle: mid }],
    ['deprecate', { package: p, kind: 'bundle', name: first, message: 'Use a newer version.' }],
    ['deprecate', { package: p, kind: 'channel', name: def.name, message: 'Moved.' }],
    ['removeBundle', { package: p, bundle: mid }],
    ['removeBundle', { package: p, bundle: first }],
  ];
  if (first !== last)
    out.push(['addReplaces', { package: p, channel: def.name, bundle: last, replaces: first }]);
  if (withReplaces)
    out.push(['removeReplaces', { package: p, channel: def.name, bundle: withReplaces.name }]);
  if (withRange) out.push(['removeSkipRange', { package: p, channel: def.name, bundle: withRange.name }]);
  if (other) out.push(['setDefaultChannel', { package: p, channel: other.name }]);
  if (missing) out.push(['promoteToChannel', { package: p, bundle: missing, channel: def.name }]);
  return out;
}

const pairs = hasShared ? basicTemplates() : [];
const exercised = { templates: 0, actions: 0 };
if (!hasShared) console.log(skipReason('basic templates from the corpus'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('an action on a basic template renders to the action on its catalog', () => {
  it('finds basic templates in the corpus', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(10);
  });

  afterAll(() => {
    console.log(
      `template edits compared with catalog edits: ${exercised.actions} actions on ${exercised.templates} templates`,
    );
    expect(exercised.templates).toBeGreaterThanOrEqual(10);
  });

  for (const pair of pairs) {
    describe(pair.label, () => {
      let resolver: CatalogBundleResolver;
      let text: string;
      beforeAll(async () => {
        text = readFileSync(pair.template, 'utf8');
        resolver = new CatalogBundleResolver(
          await Promise.all(pair.catalogDirs.map(async (d) => ({ name: d, dc: await catalog(d) }))),
        );
      });

      it('gives the same catalog both ways for a sample of actions', () => {
        const rendered = renderTemplate(pair.template, text, resolver);
        if (!rendered.ok) return; // unresolved or opm-rejected: the corpus test pins those
        const t = templateEditContext(pair.template, new Map([[pair.template, text]]), resolver);
        expect(t.kind).toBe('basic');
        if (t.kind !== 'basic') return;
        const catalogFile = 'catalog.json';
        const catalogText = writeRendered(rendered.blobs, 'json');
        const fbc = contextOf({ [catalogFile]: catalogText });
        const sample = cases(t.ctx);
        if (sample.length === 0) return; // a template with no channel yet (a new OpenShift version)
        exercised.templates++;
        for (const [name, args] of sample) {
          const label = `${name} ${JSON.stringify(args)}`;
          const onTemplate = performOnTemplate(name, args, t);
          const onCatalog = (actionByName(name) as NonNullable<ReturnType<typeof actionByName>>).perform(
            fbc,
            args,
          );
          expect(onTemplate.error, label).toBe(onCatalog.error);
          if (onCatalog.error !== undefined) continue;
          exercised.actions++;
          // The rendered catalog lists channels sorted by name, the template as written: same warnings.
          expect([...onTemplate.warnings].sort(), label).toEqual([...onCatalog.warnings].sort());
          expect(onTemplate.changes.map((c) => c.path)).toEqual([pair.template]);
          const edited = onTemplate.changes[0]?.after as string;
          const again = renderTemplate(pair.template, edited, resolver);
          expect(again.opmMessage, label).toBeUndefined();
          const direct = loadFile(catalogFile, applied(fbc.files, onCatalog).get(catalogFile) as string).dc;
          expect(blobSet(again.blobs), label).toEqual(blobSet(goBlobs(direct)));
          expect(blobSet(again.blobs), `${label} changes the catalog`).not.toEqual(blobSet(rendered.blobs));
        }
      });

      it('substitutes a respin the same way in the template and in the catalog', () => {
        const rendered = renderTemplate(pair.template, text, resolver);
        if (!rendered.ok) return;
        const t = templateEditContext(pair.template, new Map([[pair.template, text]]), resolver);
        if (t.kind !== 'basic') return;
        const x = t.ctx.dc.bundles[0];
        if (!x) return;
        // The respin Y: X rebuilt under a new name and digest, as `opm render` of its image gives it.
        const image = `${x.image.replace(/@sha256:.*$/, '')}@sha256:${'e'.repeat(64)}`;
        const y = { ...goBundle(x, 'as-is', image), name: `${x.name}-respin` };
        const yDc = loadFile('respin.json', JSON.stringify(y)).dc;
        const withY = new CatalogBundleResolver([{ name: 'respin', dc: yDc }]);
        const both = {
          resolve: (img: string) => withY.resolve(img) ?? resolver.resolve(img),
        } as CatalogBundleResolver;
        const t2 = templateEditContext(pair.template, new Map([[pair.template, text]]), both);
        const args = { package: x.package, bundle: x.name, image };
        const onTemplate = performOnTemplate('substituteBundle', args, t2);
        expect(onTemplate.error).toBeUndefined();
        // The catalog side holds Y's blob already (a maintainer appends `opm render` of the image).
        const catalogText = writeRendered([...rendered.blobs, y], 'json');
        const fbc = contextOf({ 'catalog.json': catalogText });
        const onCatalog = (
          actionByName('substituteBundle') as NonNullable<ReturnType<typeof actionByName>>
        ).perform(fbc, { ...args, replacement: y.name });
        expect(onCatalog.error).toBeUndefined();
        const again = renderTemplate(pair.template, onTemplate.changes[0]?.after as string, both);
        const direct = loadFile(
          'catalog.json',
          applied(fbc.files, onCatalog).get('catalog.json') as string,
        ).dc;
        expect(blobSet(again.blobs)).toEqual(blobSet(goBlobs(direct)));
        expect(again.blobs.some((b) => b.name === x.name)).toBe(false);
      });
    });
  }
});
