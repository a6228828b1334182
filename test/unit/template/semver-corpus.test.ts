/**
 * Real semver templates from the corpus, rendered with a resolver that looks images up among the
 * bundles of the catalog that was committed next to them, compared with that catalog.
 *
 * Channel names, entry order and defaultChannel are compared, and the edges with each opm release's
 * linking (semver-channels.ts `SemverLinking`): some catalogs were rendered by opm v1.37.0–v1.60.x,
 * which linked each channel on its own, others by a current opm; each must be exactly one of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  parseSemverTemplate,
  renderSemverTemplate,
  type RenderedBundle,
  type SemverLinking,
} from '../../../src/core/template';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

interface Blob {
  schema?: string;
  name?: string;
  image?: string;
  package?: string;
  defaultChannel?: string;
  properties?: unknown[];
  entries?: { name: string }[];
}

/** opm's JSON output: objects one after another, no separators. */
function splitJsonStream(text: string): Blob[] {
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

function readCatalog(file: string): Blob[] {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json')
    ? splitJsonStream(text)
    : parseAllDocuments(text)
        .map((d) => d.toJS() as Blob)
        .filter((b) => b !== null);
}

interface Pair {
  label: string;
  template: string;
  catalog: string;
}

function pairs(): Pair[] {
  const out: Pair[] = [];
  const kueue = sharedPath('corpus/fbc/openshift-kueue-fbc');
  for (const v of readdirSync(kueue).filter((d) => /^v\d/.test(d))) {
    out.push({
      label: `openshift-kueue-fbc ${v}`,
      template: `${kueue}/${v}/catalog-template.yaml`,
      catalog: `${kueue}/${v}/catalog/kueue-operator/catalog.json`,
    });
  }
  const templates = sharedPath('corpus/templates/community-operators-prod');
  const catalogs = sharedPath('corpus/fbc/community-operators-prod/catalogs');
  for (const pkg of readdirSync(templates)) {
    const template = `${templates}/${pkg}/catalog-templates/semver.yaml`;
    if (!existsSync(template)) continue;
    for (const v of readdirSync(catalogs)) {
      const catalog = `${catalogs}/${v}/${pkg}/catalog.yaml`;
      if (existsSync(catalog)) out.push({ label: `community-operators-prod ${v}/${pkg}`, template, catalog });
    }
  }
  return out;
}

const all = hasShared ? pairs() : [];
if (!hasShared) console.log(skipReason('semver templates from the corpus'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('real semver templates against their committed catalogs', () => {
  it('finds the template/catalog pairs', () => {
    expect(all.length).toBeGreaterThanOrEqual(15);
  });

  // These catalogs were committed before their template gained its newest bundles, so the committed
  // catalog is no oracle for the render (their drift is asserted in template-corpus.test.ts). Named
  // here so that a new such pair is noticed rather than silently left out.
  const AHEAD = [
    'community-operators-prod v4.22/konflux',
    'community-operators-prod v4.20/kubernaut-operator',
    'community-operators-prod v4.22/kubernaut-operator',
  ];
  const ahead: string[] = [];
  it('only the known templates are ahead of their committed catalogs', () => {
    expect(ahead).toEqual(AHEAD);
  });

  for (const { label, template, catalog } of all) {
    const blobs = readCatalog(catalog);
    const bundles = blobs.filter((b) => b.schema === 'olm.bundle');
    const resolve = (image: string): RenderedBundle[] =>
      bundles
        .filter((b) => b.image === image)
        .map((b) => ({
          name: b.name ?? '',
          package: b.package ?? '',
          version: '',
          image,
          properties: b.properties,
        }));
    const t = parseSemverTemplate(readFileSync(template, 'utf8'));
    const images = [...t.candidate.bundles, ...t.fast.bundles, ...t.stable.bundles].map((b) => b.image);
    if (!images.every((image) => resolve(image).length === 1)) {
      ahead.push(label);
      continue;
    }

    it(`${label}: same channels, entries and default channel`, () => {
      const out = renderSemverTemplate(t, resolve);
      const pkg = blobs.find((b) => b.schema === 'olm.package');
      expect(out.package.defaultChannel).toBe(pkg?.defaultChannel);
      const expected = blobs
        .filter((b) => b.schema === 'olm.channel')
        .map((c) => `${c.name}: ${(c.entries ?? []).map((e) => e.name).join(' ')}`)
        .sort();
      expect(out.channels.map((c) => `${c.name}: ${c.entries.map((e) => e.name).join(' ')}`)).toEqual(
        expected,
      );
    });

    it(`${label}: the edges are one opm release's linking, exactly`, () => {
      type Edges = { name: string; replaces?: string; skips?: string[] };
      const edgesOf = (channels: { name?: string; entries?: Edges[] }[]) =>
        channels
          .map(
            (c) =>
              `${c.name ?? ''}: ${(c.entries ?? [])
                .map((e) => `${e.name} r=${e.replaces ?? ''} s=${(e.skips ?? []).join(',')}`)
                .join(' | ')}`,
          )
          .sort();
      const committed = edgesOf(blobs.filter((b) => b.schema === 'olm.channel') as never);
      const matching = LINKINGS.filter(
        (linking) =>
          edgesOf(renderSemverTemplate(t, resolve, { linking }).channels).join('\n') === committed.join('\n'),
      );
      linked.set(label, matching);
      expect(matching.length).toBeGreaterThan(0);
    });
  }

  // Each linking is the only one that explains some real catalog: kueue's minor channels have no
  // replaces between them (opm v1.37.0–v1.60.x), clusterpulse's tops also skip what they replace
  // (v1.37.0–v1.56.x), kairos-operator and konflux link minor channels (v1.61.0 and later).
  it('each opm linking is the only one that explains some committed catalog', () => {
    const only = (label: string) => linked.get(label);
    expect(only('openshift-kueue-fbc v4.18')).toEqual(['channel', 'channel-zmax-skips']);
    expect(only('community-operators-prod v4.20/clusterpulse')).toEqual(['channel-zmax-skips']);
    expect(only('community-operators-prod v4.20/kairos-operator')).toEqual(['edge']);
    expect(only('community-operators-prod v4.20/konflux')).toEqual(['edge']);
  });
});

const LINKINGS: SemverLinking[] = ['edge', 'channel', 'channel-zmax-skips'];
const linked = new Map<string, SemverLinking[]>();
