/**
 * Ports operator-registry alpha/template/substitutes/substitutes_test.go (commit e514cfd6): every
 * case of TestParseSpec, TestRender, TestProcessSubstitution and TestBoundaryCases, named as
 * upstream names them. Upstream's mock bundle renderer becomes a catalog holding the bundle each
 * image renders to (render-template resolves images from catalogs); TestRender goes through
 * `render-template substitutes`, the others through the same parseSpec / processSubstitution steps.
 * Where upstream only checks that an error happens, the message asserted is the one its code builds.
 *
 * Left out: TestBoundaryCases "Error/template with malformed JSON in blob" (Go API: json.Marshal of
 * a declcfg.Meta holding bytes that are not JSON; a template of ours is text, never marshalled).
 *
 * Over 400 lines: the four tables of one upstream file, kept together as upstream keeps them.
 */
import { describe, expect, it } from 'vitest';
import type { DeclBundle, DeclarativeConfig } from '../../../src/core/declcfg/types';
import { loadFile } from '../../../src/core/load';
import { CatalogBundleResolver, renderTemplate } from '../../../src/core/template';
import {
  parseSubstitutesSpec,
  processSubstitution,
  type Substitution,
} from '../../../src/core/template/substitutes-template';
import { readTemplateDocument, type TemplateDocument } from '../../../src/core/template/template-document';

type Blob = Record<string, unknown>;
type Entry = { name: string; replaces?: string; skips?: string[]; skipRange?: string };

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
const CRD = '{"kind": "CustomResourceDefinition", "apiVersion": "apiextensions.k8s.io/v1"}';
const csv = (name: string): string =>
  `{"kind": "ClusterServiceVersion", "apiVersion": "operators.coreos.com/v1alpha1", "metadata":{"name":${JSON.stringify(name)}}}`;
const pkgProp = (packageName: string, version: string, release = ''): Blob => ({
  type: 'olm.package',
  value: release === '' ? { packageName, version } : { packageName, version, release },
});
const objects = (csvName: string): Blob[] => [
  { type: 'olm.bundle.object', value: { data: b64(csv(csvName)) } },
  { type: 'olm.bundle.object', value: { data: b64(CRD) } },
];

const pkg = (name: string, description?: string): Blob => ({
  schema: 'olm.package',
  name,
  defaultChannel: 'stable',
  ...(description === undefined ? {} : { description }),
});
const channel = (name: string, pkgName: string, entries: Entry[]): Blob => ({
  schema: 'olm.channel',
  name,
  package: pkgName,
  entries,
});
const bundle = (name: string, pkgName: string, props: Blob[], image?: string): Blob => ({
  schema: 'olm.bundle',
  name,
  package: pkgName,
  ...(image === undefined ? {} : { image }),
  properties: props,
  ...(image === undefined ? {} : { relatedImages: [{ name: 'bundle', image }] }),
});

/** createValidTestPackageMeta. */
const validPackage = (name: string): Blob => pkg(name, `${name} operator`);
/** createValidTestBundleMeta. */
function validBundle(name: string, pkgName: string, version: string, release: string): Blob {
  const bundleName = release !== '' ? `${pkgName}-v${version}-${release}` : name;
  const image = `quay.io/test/${pkgName}-bundle:v${version}`;
  return bundle(bundleName, pkgName, [pkgProp(pkgName, version, release), ...objects(bundleName)], image);
}

/** Upstream's mock renderBundle: the bundle an image reference renders to. */
function mockBundleBlob(imageRef: string): Blob {
  const packageName = imageRef.includes('test-bundle') ? 'test' : 'testoperator';
  let version = '1.0.0';
  let release = '';
  const parts = imageRef.split(':v');
  if (parts.length === 2) {
    const tag = parts[1] as string;
    const dash = tag.indexOf('-');
    if (dash >= 0) {
      version = tag.slice(0, dash);
      release = tag.slice(dash + 1);
    } else version = tag;
  }
  const name = release !== '' ? `${packageName}-v${version}-${release}` : `${packageName}.v${version}`;
  return bundle(name, packageName, [pkgProp(packageName, version, release), ...objects(imageRef)], imageRef);
}

const load = (blobs: Blob[]): DeclarativeConfig =>
  loadFile('catalog.json', blobs.map((b) => JSON.stringify(b)).join('\n')).dc;

function mockRender(imageRef: string): { bundle: DeclBundle; image: string } {
  return { bundle: load([mockBundleBlob(imageRef)]).bundles[0] as DeclBundle, image: imageRef };
}

/** `opm alpha render-template substitutes` on the template, its images resolved as the mock renders them. */
function renderSubstitutes(entries: Blob[], substitutions: Substitution[]) {
  const text = JSON.stringify({ schema: 'olm.template.substitutes', entries, substitutions });
  const images = substitutions.map((s) => s.name).filter((n) => n !== '');
  const resolver = new CatalogBundleResolver([{ name: 'rendered', dc: load(images.map(mockBundleBlob)) }]);
  return renderTemplate('template.json', text, resolver, { type: 'substitutes' });
}

function channelEntries(blobs: Blob[]): Entry[][] {
  return blobs.filter((b) => b.schema === 'olm.channel').map((c) => c.entries as Entry[]);
}

function doc(text: string): TemplateDocument {
  const d = readTemplateDocument('template.yaml', text);
  if (!('value' in d)) throw new Error('not a document');
  return d;
}

/** What a thrown error says ('' when nothing is thrown). */
function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

describe('TestParseSpec', () => {
  const CHANNEL_ENTRY = `  - schema: olm.channel
    name: stable
    package: testoperator
    blob: '{"schema":"olm.channel","name":"stable","package":"testoperator","entries":[{"name":"testoperator.v1.0.0"}]}'
`;
  const parseError = (text: string): string | undefined =>
    renderTemplate('template.yaml', text, new CatalogBundleResolver([]), { type: 'substitutes' }).opmMessage;

  it('Success/valid template with substitutions', () => {
    const spec = parseSubstitutesSpec(
      doc(`
schema: olm.template.substitutes
entries:
${CHANNEL_ENTRY}substitutions:
  - name: testoperator.v1.1.0
    base: testoperator.v1.0.0
`),
    );
    expect(spec.entries).toHaveLength(1);
    expect(spec.substitutions).toEqual([{ name: 'testoperator.v1.1.0', base: 'testoperator.v1.0.0' }]);
  });

  it('Error/invalid schema', () => {
    expect(parseError('\nschema: olm.template.invalid\nentries: []\nsubstitutions: []\n')).toBe(
      'rendering template: render: unable to parse template: template has unknown schema ("olm.template.invalid"), should be "olm.template.substitutes"',
    );
  });

  it('Error/missing schema', () => {
    expect(parseError('\nentries: []\nsubstitutions: []\n')).toBe(
      'rendering template: render: unable to parse template: template has unknown schema (""), should be "olm.template.substitutes"',
    );
  });

  it('Error/invalid YAML', () => {
    expect(parseError('\nschema: olm.template.substitutes\nentries: [\nsubstitutions: []\n')).toMatch(
      /^rendering template: render: unable to parse template: decoding template schema: /,
    );
  });

  it('Success/empty template', () => {
    const spec = parseSubstitutesSpec(
      doc('\nschema: olm.template.substitutes\nentries: []\nsubstitutions: []\n'),
    );
    expect(spec).toMatchObject({ entries: [], substitutions: [] });
  });

  it('Success/multiple substitutions', () => {
    const spec = parseSubstitutesSpec(
      doc(`
schema: olm.template.substitutes
entries:
${CHANNEL_ENTRY}substitutions:
  - name: testoperator.v1.1.0
    base: testoperator.v1.0.0
  - name: testoperator.v1.2.0
    base: testoperator.v1.1.0
`),
    );
    expect(spec.entries).toHaveLength(1);
    expect(spec.substitutions).toEqual([
      { name: 'testoperator.v1.1.0', base: 'testoperator.v1.0.0' },
      { name: 'testoperator.v1.2.0', base: 'testoperator.v1.1.0' },
    ]);
  });
});

describe('TestRender', () => {
  const IMG = (tag: string) => `quay.io/test/testoperator-bundle:v${tag}`;
  const two = (): Blob[] => [
    validPackage('testoperator'),
    channel('stable', 'testoperator', [
      { name: 'testoperator.v1.0.0' },
      { name: 'testoperator.v1.1.0', replaces: 'testoperator.v1.0.0' },
    ]),
    validBundle('testoperator.v1.0.0', 'testoperator', '1.0.0', ''),
    validBundle('testoperator.v1.1.0', 'testoperator', '1.1.0', ''),
  ];
  const failure = (entries: Blob[], subs: Substitution[]) => {
    const r = renderSubstitutes(entries, subs);
    expect(r.ok).toBe(false);
    expect(r.blobs).toEqual([]);
    return r.opmMessage;
  };

  it('Success/render with single substitution', () => {
    const r = renderSubstitutes(two(), [{ name: IMG('1.1.0-alpha'), base: 'testoperator.v1.1.0' }]);
    expect(r.opmMessage).toBeUndefined();
    expect(channelEntries(r.blobs)).toEqual([
      [
        { name: 'testoperator.v1.0.0' },
        { name: 'testoperator.v1.1.0' },
        {
          name: 'testoperator-v1.1.0-alpha',
          replaces: 'testoperator.v1.0.0',
          skips: ['testoperator.v1.1.0'],
        },
      ],
    ]);
  });

  it('Success/render with multiple substitutions', () => {
    const r = renderSubstitutes(two(), [
      { name: IMG('1.2.0-alpha'), base: 'testoperator.v1.1.0' },
      { name: IMG('1.3.0-alpha'), base: 'testoperator-v1.2.0-alpha' },
    ]);
    expect(r.opmMessage).toBeUndefined();
    // The first substitute is cleared by the second, which takes over its edges.
    expect(channelEntries(r.blobs)).toEqual([
      [
        { name: 'testoperator.v1.0.0' },
        { name: 'testoperator.v1.1.0' },
        { name: 'testoperator-v1.2.0-alpha' },
        {
          name: 'testoperator-v1.3.0-alpha',
          replaces: 'testoperator.v1.0.0',
          skips: ['testoperator.v1.1.0', 'testoperator-v1.2.0-alpha'],
        },
      ],
    ]);
  });

  it('Success/render with no substitutions', () => {
    const r = renderSubstitutes(
      [
        validPackage('testoperator'),
        channel('stable', 'testoperator', [{ name: 'testoperator.v1.0.0' }]),
        validBundle('testoperator.v1.0.0', 'testoperator', '1.0.0', ''),
      ],
      [],
    );
    expect(r.opmMessage).toBeUndefined();
    expect(channelEntries(r.blobs)).toEqual([[{ name: 'testoperator.v1.0.0' }]]);
  });

  it('Error/render with substitution that has no matching base', () => {
    const entries = [
      validPackage('testoperator'),
      channel('stable', 'testoperator', [{ name: 'testoperator.v1.0.0' }]),
      validBundle('testoperator.v1.0.0', 'testoperator', '1.0.0', ''),
    ];
    expect(failure(entries, [{ name: IMG('1.2.0-alpha'), base: 'nonexistent.v1.0.0' }])).toBe(
      `rendering template: render: error processing substitution "nonexistent.v1.0.0" -> "${IMG('1.2.0-alpha')}": base bundle "nonexistent.v1.0.0" does not exist in catalog`,
    );
  });

  it('Error/render with invalid substitution (empty name)', () => {
    expect(failure(two(), [{ name: '', base: 'testoperator.v1.1.0' }])).toBe(
      'rendering template: render: error processing substitution "testoperator.v1.1.0" -> "": substitution name cannot be empty',
    );
  });

  it('Error/render with invalid substitution (empty base)', () => {
    expect(failure(two(), [{ name: IMG('1.2.0-alpha'), base: '' }])).toBe(
      `rendering template: render: error processing substitution "" -> "${IMG('1.2.0-alpha')}": substitution base cannot be empty`,
    );
  });

  it('Error/render with invalid substitution (same name and base)', () => {
    expect(failure(two(), [{ name: 'testoperator.v1.1.0', base: 'testoperator.v1.1.0' }])).toBe(
      'rendering template: render: error processing substitution "testoperator.v1.1.0" -> "testoperator.v1.1.0": substitution name and base cannot be the same',
    );
  });

  it('Error/render with duplicate base in substitutions', () => {
    const subs = [
      { name: IMG('1.2.0-alpha'), base: 'testoperator.v1.1.0' },
      { name: IMG('1.3.0-alpha'), base: 'testoperator.v1.1.0' },
    ];
    expect(failure(two(), subs)).toBe(
      'rendering template: render: cannot reuse the same substitution base "testoperator.v1.1.0"',
    );
  });

  it('Error/render with same substitution name for different bases', () => {
    const entries = [
      validPackage('testoperator'),
      channel('stable', 'testoperator', [
        { name: 'testoperator.v1.0.0' },
        { name: 'testoperator.v1.1.0', replaces: 'testoperator.v1.0.0' },
        { name: 'testoperator.v1.2.0', replaces: 'testoperator.v1.1.0' },
      ]),
      validBundle('testoperator.v1.0.0', 'testoperator', '1.0.0', ''),
      validBundle('testoperator.v1.1.0', 'testoperator', '1.1.0', ''),
      validBundle('testoperator.v1.2.0', 'testoperator', '1.2.0', ''),
    ];
    const subs = [
      { name: IMG('1.3.0-alpha'), base: 'testoperator.v1.1.0' },
      { name: IMG('1.3.0-alpha'), base: 'testoperator.v1.2.0' },
    ];
    expect(failure(entries, subs)).toBe(
      `rendering template: render: cannot reuse the same substitution "${IMG('1.3.0-alpha')}" for different bases ("testoperator.v1.1.0" and "testoperator.v1.2.0")`,
    );
  });
});

/** The substitution applied to the catalog in place; '' or opm's message. */
function process(dc: DeclarativeConfig, s: Substitution): string {
  return errorOf(() => processSubstitution(dc, s, mockRender));
}

function entriesOf(dc: DeclarativeConfig, i = 0): Entry[] {
  return (dc.channels[i]?.entries ?? []).map((e) => ({
    name: e.name,
    ...(e.replaces ? { replaces: e.replaces } : {}),
    ...(e.skips.length ? { skips: e.skips } : {}),
    ...(e.skipRange ? { skipRange: e.skipRange } : {}),
  }));
}

const ALPHA = (v: string) => `testoperator-v${v}-alpha`;
const alphaBundle = (version: string, image: string, withObjects = true): Blob =>
  bundle(
    ALPHA(version),
    'testoperator',
    [pkgProp('testoperator', version, 'alpha'), ...(withObjects ? objects(ALPHA(version)) : [])],
    image,
  );
const plainBundle = (version: string, image?: string): Blob =>
  bundle(`testoperator.v${version}`, 'testoperator', [pkgProp('testoperator', version)], image);
const SUB_120 = { name: 'quay.io/test/testoperator-bundle:v1.2.0-alpha', base: ALPHA('1.1.0') };

describe('TestProcessSubstitution', () => {
  const alphaPair = (entries: Entry[], withObjects = true): Blob[] => [
    alphaBundle('1.0.0', 'quay.io/test/testoperator-bundle:v1.0.0', withObjects),
    alphaBundle('1.1.0', 'quay.io/test/testoperator-bundle:v1.1.0-alpha', withObjects),
    pkg('testoperator', 'testoperator operator'),
    channel('stable', 'testoperator', entries),
  ];

  it('Success/substitution with replaces relationship', () => {
    const dc = load(
      alphaPair([{ name: ALPHA('1.0.0') }, { name: ALPHA('1.1.0'), replaces: ALPHA('1.0.0') }]),
    );
    expect(process(dc, SUB_120)).toBe('');
    expect(entriesOf(dc)).toEqual([
      { name: ALPHA('1.0.0') },
      { name: ALPHA('1.1.0') },
      { name: ALPHA('1.2.0'), replaces: ALPHA('1.0.0'), skips: [ALPHA('1.1.0')] },
    ]);
  });

  it('Success/substitution with skips and skipRange', () => {
    const dc = load(
      alphaPair([
        { name: ALPHA('1.0.0') },
        {
          name: ALPHA('1.1.0'),
          replaces: ALPHA('1.0.0'),
          skips: ['testoperator-v0.9.0-alpha'],
          skipRange: '>=0.9.0 <1.1.0',
        },
      ]),
    );
    expect(process(dc, SUB_120)).toBe('');
    expect(entriesOf(dc)[2]).toEqual({
      name: ALPHA('1.2.0'),
      replaces: ALPHA('1.0.0'),
      skips: ['testoperator-v0.9.0-alpha', ALPHA('1.1.0')],
      skipRange: '>=0.9.0 <1.1.0',
    });
  });

  it('Error/substitution with no matching base', () => {
    const dc = load([
      pkg('testoperator'),
      channel('stable', 'testoperator', [{ name: 'testoperator.v1.0.0' }]),
      plainBundle('1.0.0', 'quay.io/test/testoperator-bundle:v1.0.0'),
    ]);
    expect(
      process(dc, { name: 'quay.io/test/testoperator-bundle:v1.2.0-alpha', base: 'nonexistent.v1.0.0' }),
    ).toBe(
      'render: error processing substitution "nonexistent.v1.0.0" -> "quay.io/test/testoperator-bundle:v1.2.0-alpha": base bundle "nonexistent.v1.0.0" does not exist in catalog',
    );
  });

  it('Success/substitution with multiple channels', () => {
    const entries = [{ name: ALPHA('1.0.0') }, { name: ALPHA('1.1.0'), replaces: ALPHA('1.0.0') }];
    const dc = load([...alphaPair(entries, false), channel('beta', 'testoperator', entries)]);
    expect(process(dc, SUB_120)).toBe('');
    for (const i of [0, 1]) {
      expect(entriesOf(dc, i)).toHaveLength(3);
      expect(entriesOf(dc, i)[2]).toEqual({
        name: ALPHA('1.2.0'),
        replaces: ALPHA('1.0.0'),
        skips: [ALPHA('1.1.0')],
      });
    }
  });

  it('Success/substitution updates existing references', () => {
    const dc = load([
      pkg('testoperator'),
      channel('stable', 'testoperator', [
        { name: 'testoperator.v1.0.0' },
        { name: 'testoperator.v1.1.0', replaces: 'testoperator.v1.0.0' },
        { name: 'testoperator.v1.2.0', replaces: 'testoperator.v1.1.0' },
      ]),
      plainBundle('1.0.0', 'quay.io/test/testoperator-bundle:v1.0.0'),
      plainBundle('1.1.0', 'quay.io/test/testoperator-bundle:v1.1.0'),
      plainBundle('1.2.0', 'quay.io/test/testoperator-bundle:v1.2.0'),
    ]);
    expect(
      process(dc, { name: 'quay.io/test/testoperator-bundle:v1.1.0-alpha', base: 'testoperator.v1.1.0' }),
    ).toBe('');
    expect(entriesOf(dc)).toHaveLength(4);
    expect(entriesOf(dc)[2]).toEqual({
      name: 'testoperator.v1.2.0',
      replaces: ALPHA('1.1.0'),
      skips: ['testoperator.v1.1.0'],
    });
  });
});

describe('TestBoundaryCases', () => {
  const test090 = (): Blob =>
    bundle('test.v0.9.0', 'test', [pkgProp('test', '0.9.0')], 'quay.io/test/test-bundle:v0.9.0');
  const SUB_TEST = { name: 'quay.io/test/test-bundle:v1.0.0-alpha', base: 'test.v0.9.0' };
  /** createTestDeclarativeConfig. */
  const testConfig = (): DeclarativeConfig =>
    load([
      pkg('testoperator'),
      channel('stable', 'testoperator', [
        { name: 'testoperator.v1.0.0' },
        { name: 'testoperator.v1.1.0', replaces: 'testoperator.v1.0.0' },
        { name: 'testoperator.v1.2.0', replaces: 'testoperator.v1.1.0', skips: ['testoperator.v1.0.0'] },
      ]),
      plainBundle('1.0.0', 'quay.io/test/testoperator-bundle:v1.0.0'),
      plainBundle('1.1.0', 'quay.io/test/testoperator-bundle:v1.1.0'),
      plainBundle('1.2.0', 'quay.io/test/testoperator-bundle:v1.2.0'),
    ]);

  it('Error/empty DeclarativeConfig', () => {
    expect(process(load([test090()]), SUB_TEST)).toContain('unknown package');
  });

  it('Error/DeclarativeConfig with empty channels', () => {
    expect(process(load([test090()]), SUB_TEST)).toContain('unknown package');
  });

  it('Error/channel with empty entries', () => {
    const dc = load([pkg('testoperator'), channel('stable', 'testoperator', []), test090()]);
    expect(process(dc, SUB_TEST)).toContain('unknown package');
  });

  it('Error/substitution with empty name', () => {
    const dc = testConfig();
    expect(process(dc, { name: '', base: 'testoperator.v1.1.0' })).toContain(
      'substitution name cannot be empty',
    );
    expect(entriesOf(dc)).toHaveLength(3);
  });

  it('Error/substitution with empty base', () => {
    const dc = testConfig();
    expect(process(dc, { name: 'quay.io/test/testoperator-bundle:v1.2.0-alpha', base: '' })).toContain(
      'substitution base cannot be empty',
    );
    expect(entriesOf(dc)).toHaveLength(3);
  });

  it('Error/substitution with same name and base', () => {
    const dc = testConfig();
    const ref = 'quay.io/test/testoperator-bundle:v1.1.0-alpha';
    expect(process(dc, { name: ref, base: ref })).toContain('substitution name and base cannot be the same');
    expect(entriesOf(dc)).toHaveLength(3);
  });

  it('Success/template with nil context', () => {
    const r = renderSubstitutes(
      [
        validPackage('testoperator'),
        channel('stable', 'testoperator', [{ name: ALPHA('1.0.0') }]),
        validBundle(ALPHA('1.0.0'), 'testoperator', '1.0.0', 'alpha'),
      ],
      [],
    );
    expect(r.opmMessage).toBeUndefined();
    expect(r.ok).toBe(true);
  });

  it('Error/substitution with invalid declarative config - missing package', () => {
    const dc = load([
      pkg('testoperator'),
      channel('stable', 'testoperator', [{ name: 'testoperator.v1.0.0' }]),
      plainBundle('1.0.0'),
      plainBundle('1.1.0'),
    ]);
    const message = process(dc, {
      name: 'quay.io/test/testoperator-bundle:v1.1.0-alpha',
      base: 'testoperator.v1.0.0',
    });
    expect(message).toContain('not found in any channel entries');
    expect(message).toMatch(/^render: error processing substitution .*: resulting config is not valid FBC: /);
  });

  it('Error/substitution with invalid declarative config - bundle missing olm.package property', () => {
    const dc = load([pkg('testoperator'), bundle('testoperator.v1.0.0', 'testoperator', [])]);
    expect(
      process(dc, { name: 'quay.io/test/testoperator-bundle:v1.1.0-alpha', base: 'testoperator.v1.0.0' }),
    ).toBe(
      'render: error processing substitution "testoperator.v1.0.0" -> "quay.io/test/testoperator-bundle:v1.1.0-alpha": failed to get VersionRelease for base bundle "testoperator.v1.0.0": no "olm.package" property found for bundle "testoperator.v1.0.0"',
    );
  });

  it('Error/base bundle does not exist in catalog', () => {
    const dc = load([pkg('testoperator'), plainBundle('1.1.0')]);
    expect(
      process(dc, { name: 'quay.io/test/testoperator-bundle:v1.2.0-alpha', base: 'testoperator.v1.0.0' }),
    ).toContain('base bundle "testoperator.v1.0.0" does not exist in catalog');
  });

  it('Error/substitute bundle version not greater than base bundle', () => {
    const dc = load([
      pkg('testoperator'),
      bundle('testoperator-v1.2.0-beta', 'testoperator', [pkgProp('testoperator', '1.2.0', 'beta')]),
    ]);
    expect(
      process(dc, {
        name: 'quay.io/test/testoperator-bundle:v1.2.0-alpha',
        base: 'testoperator-v1.2.0-beta',
      }),
    ).toBe(
      'render: error processing substitution "testoperator-v1.2.0-beta" -> "quay.io/test/testoperator-bundle:v1.2.0-alpha": base bundle "testoperator-v1.2.0-beta" is not less than substitute bundle "quay.io/test/testoperator-bundle:v1.2.0-alpha"',
    );
  });
});
