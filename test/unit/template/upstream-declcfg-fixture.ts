/**
 * operator-registry's declcfg test catalog (alpha/declcfg/helpers_test.go `buildValidDeclarativeConfig`
 * with IncludeUnrecognized and IncludeDeprecations, commit e7d79290), re-created as the blobs opm's
 * structs marshal to: fields in struct order, empty `omitempty` fields left out, each bundle's
 * properties sorted by type then by their JSON value as newTestBundle sorts them (the blobs come
 * from ../model/upstream-declcfg.ts, the same helpers the model tables use).
 */
import { runCli, writeTree } from '../../support/cli-run';
import {
  newTestBundle,
  newTestChannel,
  newTestPackage,
  svgSmallCircle,
  testBundleName,
} from '../model/upstream-declcfg';

const BIG_CIRCLE = '<svg viewBox="0 0 100 100"><circle cx="50" cy="50" r="50"/></svg>';

export interface UpstreamConfig {
  packages: Record<string, unknown>[];
  channels: Record<string, unknown>[];
  bundles: Record<string, unknown>[];
  deprecations: Record<string, unknown>[];
  others: Record<string, unknown>[];
}

/** `buildValidDeclarativeConfig(validDeclarativeConfigSpec{IncludeUnrecognized: true, IncludeDeprecations: true})`. */
export function buildValidDeclarativeConfig(): UpstreamConfig {
  const a = 'anakin';
  const b = 'boba-fett';
  return {
    packages: [newTestPackage(a, 'dark', svgSmallCircle), newTestPackage(b, 'mando', BIG_CIRCLE)],
    channels: [
      newTestChannel(
        a,
        'dark',
        { name: testBundleName(a, '0.0.1') },
        { name: testBundleName(a, '0.1.0'), replaces: testBundleName(a, '0.0.1') },
        {
          name: testBundleName(a, '0.1.1'),
          replaces: testBundleName(a, '0.0.1'),
          skips: [testBundleName(a, '0.1.0')],
        },
      ),
      newTestChannel(
        a,
        'light',
        { name: testBundleName(a, '0.0.1') },
        { name: testBundleName(a, '0.1.0'), replaces: testBundleName(a, '0.0.1') },
      ),
      newTestChannel(
        b,
        'mando',
        { name: testBundleName(b, '1.0.0') },
        { name: testBundleName(b, '2.0.0'), replaces: testBundleName(b, '1.0.0') },
      ),
    ],
    bundles: [
      newTestBundle(a, '0.0.1'),
      newTestBundle(a, '0.1.0'),
      newTestBundle(a, '0.1.1'),
      newTestBundle(b, '1.0.0'),
      newTestBundle(b, '2.0.0'),
    ],
    others: [
      { schema: 'custom.1' },
      { schema: 'custom.2' },
      { myField: 'foobar', package: a, schema: 'custom.3' },
      { myField: 'foobar', package: b, schema: 'custom.3' },
    ],
    deprecations: [
      {
        schema: 'olm.deprecations',
        package: a,
        entries: [
          {
            reference: { schema: 'olm.bundle', name: testBundleName(a, '0.0.1') },
            message: 'This bundle version is deprecated',
          },
          { reference: { schema: 'olm.channel', name: 'light' }, message: 'This channel is deprecated' },
          {
            reference: { schema: 'olm.package' },
            message: 'This package is deprecated... there is another',
          },
        ],
      },
    ],
  };
}

/**
 * The same catalog as files a user would keep (one JSON file per package, the package-less blobs in
 * a file of their own, blobs not in writer order), for the commands that read a directory.
 */
export function upstreamCatalogFiles(): Record<string, string> {
  const c = buildValidDeclarativeConfig();
  const json = (blobs: Record<string, unknown>[]): string =>
    blobs.map((x) => JSON.stringify(x, null, 2)).join('\n') + '\n';
  const of = (name: string) => (x: Record<string, unknown>) => x.package === name || x.name === name;
  const files: Record<string, string> = {};
  for (const name of ['boba-fett', 'anakin']) {
    const blobs = [
      ...c.deprecations.filter(of(name)),
      ...c.others.filter((x) => x.package === name),
      ...[...c.bundles].reverse().filter(of(name)),
      ...c.channels.filter(of(name)),
      ...c.packages.filter((x) => x.name === name),
    ];
    files[`${name}/catalog.json`] = json(blobs);
  }
  files['global.json'] = json(c.others.filter((x) => x.package === undefined));
  return files;
}

/** A temporary folder holding `files`, removed after the test file (writeTree's). */
export const catalogDir = (files: Record<string, string>): string => writeTree(files);

/** `fbc-studio render DIR -o FORMAT`. */
export function renderDir(dir: string, output: 'json' | 'yaml') {
  return runCli(['render', dir, '-o', output]);
}

/** The config as Render.Run hands it to the writer: each bundle's olm.bundle.object properties last. */
export function objectsLast(cfg: UpstreamConfig): UpstreamConfig {
  const last = (b: Record<string, unknown>) => {
    const props = b.properties as { type: string }[];
    const isObject = (p: { type: string }) => p.type === 'olm.bundle.object';
    return { ...b, properties: [...props.filter((p) => !isObject(p)), ...props.filter(isObject)] };
  };
  return { ...cfg, bundles: cfg.bundles.map(last) };
}
