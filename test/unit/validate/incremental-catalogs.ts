import fc from 'fast-check';

/**
 * Random small catalogs (as JSON/YAML file texts, loaded by the real loader) and random edit
 * sequences, for the incremental-validation property tests. The name pools are tiny so that blobs of
 * one package spread over several files and every stage-B rule comes up: duplicate and invalid
 * packages, unknown packages, duplicate channels/entries/bundles, bad properties, versions, releases
 * and images, entries without bundles (R35), bad deprecations; and stage C: heads, strands, cycles,
 * empty skips, bad skipRanges, duplicate versions. A few files fail to load (stage A).
 */

type Json = Record<string, unknown>;

/** Pools for a noisy catalog (every rule) and a clean one (mostly valid, so stage C and warnings run). */
interface Pools {
  packages: string[];
  blobPackages: string[];
  channels: string[];
  versions: string[];
  releases: string[];
  images: string[];
  skipRanges: string[];
  depSchemas: string[];
  otherSchemas: string[];
  /** Weights of: well-formed properties, none, two olm.package, a bad property, a value-less olm.package. */
  propertyWeights: [number, number, number, number, number];
  /** Weight of an unreadable file among 12 well-formed ones. */
  brokenFiles: number;
}

const NOISY: Pools = {
  packages: ['a', 'b', 'c', 'Bad.Pkg', ''],
  blobPackages: ['a', 'a', 'b', 'b', 'c', 'zz', ''],
  channels: ['stable', 'stable', 'beta', ''],
  versions: ['1.0.0', '1.0.1', '1.0.1', '2.0.0', '0.1.0-1', '1.0.0+b', 'x1', '01.0.0'],
  releases: ['', '', '', '1', '!!!'],
  images: ['quay.io/x/y:1', 'quay.io/x/y:1', '', 'Bad/Image', 'quay.io/x/y@sha256:abc'],
  skipRanges: ['', '', '<1.0.1', '>=1.0.0 <2.0.0', 'bad range', '>3.0.0'],
  depSchemas: ['olm.bundle', 'olm.bundle', 'olm.channel', 'olm.package', '', 'olm.x'],
  otherSchemas: ['olm.Bundle', 'example.com/notes', 'olm.catalog.deprecation'],
  propertyWeights: [6, 1, 1, 1, 1],
  brokenFiles: 1,
};

const CLEAN: Pools = {
  packages: ['a', 'b', 'c'],
  blobPackages: ['a', 'b', 'c'],
  channels: ['stable', 'stable', 'beta'],
  versions: ['1.0.0', '1.0.1', '1.1.0', '2.0.0', '1.0.1-1', '1.0.0+b'],
  releases: [''],
  images: ['quay.io/x/y:1'],
  skipRanges: ['', '', '', '<1.0.1', '>=1.0.0 <2.0.0', '>3.0.0', 'bad range'],
  depSchemas: ['olm.bundle', 'olm.channel', 'olm.package'],
  otherSchemas: ['example.com/notes'],
  propertyWeights: [1, 0, 0, 0, 0],
  brokenFiles: 0,
};

const pick = <T>(xs: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);

function blobArbitrary(P: Pools): fc.Arbitrary<Json> {
  const bundleName = fc
    .tuple(pick(P.blobPackages.filter((x) => x !== '')), fc.integer({ min: 1, max: 4 }))
    .map(([p, n]) => `${p}.v${n}`);

  const pkgBlob: fc.Arbitrary<Json> = fc
    .record({ name: pick(P.packages), defaultChannel: pick([...P.channels, 'missing']) })
    .map((r) => ({ schema: 'olm.package', ...r }));

  const entry = (pkg: string): fc.Arbitrary<Json> => {
    // Mostly the channel's own package's bundles.
    const name = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }).map((n) => `${pkg}.v${n}`) },
      bundleName,
    );
    return fc
      .record({
        name,
        replaces: fc.option(name, { nil: undefined }),
        skips: fc.option(
          fc.array(fc.oneof({ weight: 5, arbitrary: name }, fc.constant('')), { maxLength: 2 }),
          {
            nil: undefined,
          },
        ),
        skipRange: pick(P.skipRanges),
      })
      .map((e) => {
        const out: Json = { name: e.name };
        if (e.replaces !== undefined) out.replaces = e.replaces;
        if (e.skips !== undefined) out.skips = e.skips;
        if (e.skipRange !== '') out.skipRange = e.skipRange;
        return out;
      });
  };

  const channelBlob: fc.Arbitrary<Json> = fc
    .tuple(pick(P.blobPackages), pick(P.channels))
    .chain(([pkg, name]) =>
      fc
        .array(entry(pkg || 'a'), { maxLength: 4 })
        .map((entries) => ({ schema: 'olm.channel', package: pkg, name, entries })),
    );

  const pkgProperty = fc
    .record({ packageName: pick(P.blobPackages), version: pick(P.versions), release: pick(P.releases) })
    .map(({ release, ...v }) => ({ type: 'olm.package', value: release === '' ? v : { ...v, release } }));

  const [w1, w2, w3, w4, w5] = P.propertyWeights;
  const properties = fc.oneof(
    { weight: w1, arbitrary: pkgProperty.map((p) => [p]) },
    { weight: w2, arbitrary: fc.constant([]) },
    { weight: w3, arbitrary: fc.tuple(pkgProperty, pkgProperty) },
    { weight: w4, arbitrary: pkgProperty.map((p) => [{ type: 'olm.gvk', value: [1] }, p]) },
    { weight: w5, arbitrary: fc.constant([{ type: 'olm.package' }]) },
  );

  const bundleBlob: fc.Arbitrary<Json> = fc
    .record({
      package: pick(P.blobPackages),
      n: fc.integer({ min: 1, max: 4 }),
      otherName: fc.option(bundleName, { nil: undefined, freq: 6 }),
      image: pick(P.images),
      properties,
      related: fc.array(pick(P.images), { maxLength: 2 }),
      samePackage: fc.boolean(),
    })
    .map(({ related, samePackage, n, otherName, ...b }) => ({
      schema: 'olm.bundle',
      ...b,
      name: otherName ?? `${b.package}.v${n}`,
      // Mostly consistent olm.package properties, so that bundles get past R29 and reach stage C.
      properties: samePackage
        ? (b.properties as Json[]).map((p) =>
            p.type === 'olm.package' ? { ...p, value: { ...(p.value as Json), packageName: b.package } } : p,
          )
        : b.properties,
      relatedImages: related.map((image, i) => ({ name: `r${i}`, image })),
    }));

  const deprecationBlob: fc.Arbitrary<Json> = fc
    .record({
      package: pick(P.blobPackages),
      entries: fc.array(
        fc.record({
          schema: pick(P.depSchemas),
          name: fc.oneof(bundleName, pick(P.channels)),
          message: pick(['', 'deprecated', 'deprecated']),
        }),
        { maxLength: 3 },
      ),
    })
    .map((d) => ({
      schema: 'olm.deprecations',
      package: d.package,
      entries: d.entries.map((e) => ({
        reference: { schema: e.schema, name: e.schema === 'olm.package' && e.name.length > 6 ? '' : e.name },
        message: e.message,
      })),
    }));

  const otherBlob: fc.Arbitrary<Json> = fc
    .record({ schema: pick(P.otherSchemas), package: pick(P.blobPackages) })
    .map((o) => ({ ...o, name: 'x' }));

  return fc.oneof(
    { weight: 2, arbitrary: pkgBlob },
    { weight: 3, arbitrary: channelBlob },
    { weight: 6, arbitrary: bundleBlob },
    { weight: 1, arbitrary: deprecationBlob },
    { weight: 1, arbitrary: otherBlob },
  );
}

function fileTextArbitrary(P: Pools): fc.Arbitrary<string> {
  const wellFormed = fc
    .tuple(fc.array(blobArbitrary(P), { maxLength: 7 }), fc.boolean())
    .map(([blobs, json]) =>
      json
        ? blobs.map((b) => JSON.stringify(b, null, 2)).join('\n')
        : blobs.map((b) => `---\n${JSON.stringify(b)}\n`).join(''),
    );
  if (P.brokenFiles === 0) return wellFormed;
  return fc.oneof(
    { weight: 12, arbitrary: wellFormed },
    {
      weight: P.brokenFiles,
      arbitrary: pick(['{"name": "no schema"}', '{"schema": "olm.bundle", "package": ', 'a: [b\n']),
    },
  );
}

const NOISY_TEXT = fileTextArbitrary(NOISY);
const CLEAN_TEXT = fileTextArbitrary(CLEAN);

/** One file's text: JSON stream or YAML documents (JSON flow style is valid YAML), rarely broken. */
export const fileText: fc.Arbitrary<string> = fc.oneof(NOISY_TEXT, CLEAN_TEXT);

const FILE_NAMES = ['a.json', 'b.yaml', 'c/catalog.json', 'c/more.yaml', 'd.json', 'e.json'];
export const fileName = pick(FILE_NAMES);

function fileOf(blobs: readonly Json[], yaml: boolean): string {
  return yaml
    ? blobs.map((b) => `---\n${JSON.stringify(b)}\n`).join('')
    : blobs.map((b) => JSON.stringify(b, null, 2)).join('\n');
}

/**
 * A catalog built package by package (every bundle has a blob and sits in `stable`, replaces point
 * backwards), so most samples reach stage C or pass; graph and version findings still come up.
 * Blobs are spread over random files.
 */
const packageBlobs = (pkg: string): fc.Arbitrary<Json[]> =>
  fc
    .record({
      versions: fc.array(pick(['1.0.0', '1.0.1', '1.1.0', '1.1.0', '2.0.0', '1.0.1-1']), {
        minLength: 1,
        maxLength: 4,
      }),
      replaces: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      skipRanges: fc.array(pick(['', '', '', '<1.0.1', '>=1.0.0 <1.1.0', '>3.0.0']), {
        minLength: 4,
        maxLength: 4,
      }),
      beta: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      defaultChannel: pick(['stable', 'stable', 'beta']),
      deprecate: fc.option(pick(['olm.bundle', 'olm.channel', 'olm.package']), { freq: 3, nil: undefined }),
      emptyMessage: fc.boolean(),
    })
    .map((r) => {
      const names = r.versions.map((_, i) => `${pkg}.v${i + 1}`);
      const entries = names.map((name, i) => {
        const e: Json = { name };
        const back = r.replaces[i] as number;
        // Mostly a chain; sometimes no replaces (a second head or a stranded entry).
        if (i > 0 && back % 5 !== 0) e.replaces = names[i - 1 - (back % i)];
        const range = r.skipRanges[i] as string;
        if (range !== '') e.skipRange = range;
        return e;
      });
      const out: Json[] = [
        { schema: 'olm.package', name: pkg, defaultChannel: r.defaultChannel },
        { schema: 'olm.channel', package: pkg, name: 'stable', entries },
      ];
      const beta = entries.filter((_, i) => r.beta[i]);
      if (beta.length > 0) out.push({ schema: 'olm.channel', package: pkg, name: 'beta', entries: beta });
      r.versions.forEach((version, i) =>
        out.push({
          schema: 'olm.bundle',
          package: pkg,
          name: names[i],
          image: `quay.io/x/${pkg}:${i}`,
          properties: [{ type: 'olm.package', value: { packageName: pkg, version } }],
        }),
      );
      if (r.deprecate !== undefined) {
        const name = r.deprecate === 'olm.bundle' ? names[0] : r.deprecate === 'olm.channel' ? 'stable' : '';
        const message = r.emptyMessage ? '' : 'deprecated';
        out.push({
          schema: 'olm.deprecations',
          package: pkg,
          entries: [{ reference: { schema: r.deprecate, name }, message }],
        });
      }
      return out;
    });

export const structuredCatalog: fc.Arbitrary<Map<string, string>> = fc
  .tuple(fc.subarray(['a', 'b', 'c'], { minLength: 1 }), fc.infiniteStream(fc.tuple(fc.nat(), fc.boolean())))
  .chain(([pkgs, placement]) =>
    fc.tuple(...pkgs.map(packageBlobs)).map((perPackage) => {
      const files = new Map<string, Json[]>();
      const it = placement[Symbol.iterator]();
      for (const blobs of perPackage) {
        for (const b of blobs) {
          const [n] = it.next().value as [number, boolean];
          const path = FILE_NAMES[n % FILE_NAMES.length] as string;
          files.set(path, [...(files.get(path) ?? []), b]);
        }
      }
      return new Map([...files].map(([path, blobs]) => [path, fileOf(blobs, path.endsWith('.yaml'))]));
    }),
  );

/** A catalog: file name → text. Noisy (every rule), clean-ish, or structured (mostly stage C). */
export const catalog: fc.Arbitrary<Map<string, string>> = fc.oneof(
  fc.array(fc.tuple(fileName, NOISY_TEXT), { minLength: 1, maxLength: 6 }).map((files) => new Map(files)),
  fc.array(fc.tuple(fileName, CLEAN_TEXT), { minLength: 1, maxLength: 6 }).map((files) => new Map(files)),
  structuredCatalog,
);

export type Edit =
  | { kind: 'replace'; slot: number; text: string }
  | { kind: 'add'; path: string; text: string }
  | { kind: 'remove'; slot: number }
  /** Re-load a file with the same text: new blob objects, same content. */
  | { kind: 'touch'; slot: number }
  /** Take file `path` from another structured catalog (added, replaced or removed). */
  | { kind: 'swap'; path: string; from: Map<string, string> };

export const edit: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), slot: fc.nat(), text: fileText }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), path: fileName, text: fileText }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), slot: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('touch' as const), slot: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('swap' as const), path: fileName, from: structuredCatalog }),
  },
);

/** Applies an edit to a catalog's texts; returns the paths whose file must be re-loaded. */
export function applyEdit(files: Map<string, string>, e: Edit): string[] {
  const paths = [...files.keys()];
  const at = (slot: number): string | undefined =>
    paths.length === 0 ? undefined : paths[slot % paths.length];
  switch (e.kind) {
    case 'replace': {
      const p = at(e.slot);
      if (p === undefined) return [];
      files.set(p, e.text);
      return [p];
    }
    case 'add':
      files.set(e.path, e.text);
      return [e.path];
    case 'remove': {
      const p = at(e.slot);
      if (p !== undefined) files.delete(p);
      return [];
    }
    case 'touch': {
      const p = at(e.slot);
      return p === undefined ? [] : [p];
    }
    case 'swap': {
      const text = e.from.get(e.path);
      if (text === undefined) files.delete(e.path);
      else files.set(e.path, text);
      return text === undefined ? [] : [e.path];
    }
  }
}
