/**
 * Ports operator-registry's substitutes template tests (alpha/template/substitutes/substitutes_test.go
 * at 4f9d6f22): TestRender, one `it` per upstream case, and the TestBoundaryCases a template can
 * reach. Upstream renders each substitute image with a stub (`renderBundle`: version and release
 * read from the tag, `…:v1.2.0-alpha` → bundle `testoperator-v1.2.0-alpha`, version 1.2.0, release
 * alpha); ours takes the same stub as its `render` callback. Each case asserts upstream's outcome:
 * the error text it names (in full, as opm prints it) or the rendered channel.
 *
 * Left out, with why: TestBoundaryCases' cases that call processSubstitution on an invalid config
 * (no package, no channels, empty entries, a bundle outside every channel, a bundle without
 * olm.package): a template's entries must be valid FBC before any substitution runs, so no template
 * reaches them; "template with malformed JSON in blob" tests Go's json.Marshal; "template with nil
 * context" a Go context. TestProcessSubstitution's cases run through a template whose entries are
 * the upstream cfg. TestParseSpec runs as `render-template --type substitutes`; its two success
 * cases with entries are left out: their entries (a channel of a package no blob declares) pass
 * parseSpec alone, but Render, the only caller, then rejects them as invalid FBC.
 */
import { describe, expect, it } from 'vitest';
import { CatalogBundleResolver, renderTemplate } from '../../../src/core/template';
import type { DeclBundle } from '../../../src/core/declcfg/types';
import {
  parseSubstitutesTemplate,
  renderSubstitutesTemplate,
} from '../../../src/core/template/substitutes-template';
import { readTemplateDocument, type TemplateDocument } from '../../../src/core/template/template-document';
import { TemplateError } from '../../../src/core/template/semver-template';

type Blob = Record<string, unknown>;
interface Entry {
  name: string;
  replaces?: string;
  skips?: string[];
  skipRange?: string;
}

const CRD = '{"kind": "CustomResourceDefinition", "apiVersion": "apiextensions.k8s.io/v1"}';
const csv = (name: string) =>
  `{"kind": "ClusterServiceVersion", "apiVersion": "operators.coreos.com/v1alpha1", "metadata":{"name":${JSON.stringify(name)}}}`;
const object = (json: string) => ({
  type: 'olm.bundle.object',
  value: { data: Buffer.from(json).toString('base64') },
});

/** The stub renderBundle of TestRender. */
function renderBundle(image: string): DeclBundle {
  const pkg = 'testoperator';
  let version = '1.0.0';
  let release = '';
  const parts = image.split(':v');
  if (parts.length === 2) {
    const tag = parts[1] as string;
    const dash = tag.indexOf('-');
    if (dash >= 0) [version, release] = [tag.slice(0, dash), tag.slice(dash + 1)];
    else version = tag;
  }
  const name = release !== '' ? `${pkg}-v${version}-${release}` : `${pkg}.v${version}`;
  const value: Blob = { packageName: pkg, version };
  if (release !== '') value.release = release;
  const properties = [{ type: 'olm.package', value }, object(csv(image)), object(CRD)];
  const raw = { schema: 'olm.bundle', name, package: pkg, image, properties };
  return {
    schema: 'olm.bundle',
    name,
    package: pkg,
    image,
    properties,
    relatedImages: [{ name: 'bundle', image }],
    origin: { file: image, index: 0, start: 0, end: 0, format: 'json' },
    raw,
  };
}

const packageMeta = (name: string, defaultChannel: string): Blob => ({
  schema: 'olm.package',
  name,
  defaultChannel,
  description: `${name} operator`,
});
const channelMeta = (name: string, pkg: string, entries: Entry[]): Blob => ({
  schema: 'olm.channel',
  name,
  package: pkg,
  entries,
});

/** createValidTestBundleMeta. */
function bundleMeta(name: string, pkg: string, version: string, release: string): Blob {
  const bundleName = release !== '' ? `${pkg}-v${version}-${release}` : name;
  const value: Blob = { packageName: pkg, version };
  if (release !== '') value.release = release;
  const image = `quay.io/test/${pkg}-bundle:v${version}`;
  return {
    schema: 'olm.bundle',
    name: bundleName,
    package: pkg,
    image,
    properties: [{ type: 'olm.package', value }, object(csv(bundleName)), object(CRD)],
    relatedImages: [{ name: 'bundle', image }],
  };
}

/** Renders the template as opm's Render does; returns the channels, or opm's error text. */
function render(entries: Blob[], substitutions: { name: string; base: string }[]): Blob[] | string {
  const text = JSON.stringify({ schema: 'olm.template.substitutes', entries, substitutions });
  const doc = readTemplateDocument('template.json', text) as TemplateDocument;
  try {
    const t = parseSubstitutesTemplate(doc);
    const blobs = renderSubstitutesTemplate(t, (image) => ({ bundle: renderBundle(image), image }));
    return blobs.filter((b) => b.schema === 'olm.channel');
  } catch (e) {
    if (e instanceof TemplateError) return e.message;
    throw e;
  }
}

const entriesOf = (channels: Blob[] | string): Entry[] => {
  if (typeof channels === 'string') throw new Error(channels);
  expect(channels).toHaveLength(1);
  return (channels[0] as { entries: Entry[] }).entries;
};

const v100 = bundleMeta('testoperator.v1.0.0', 'testoperator', '1.0.0', '');
const v110 = bundleMeta('testoperator.v1.1.0', 'testoperator', '1.1.0', '');
const v120 = bundleMeta('testoperator.v1.2.0', 'testoperator', '1.2.0', '');
const pkg = packageMeta('testoperator', 'stable');
const twoEntries = channelMeta('stable', 'testoperator', [
  { name: 'testoperator.v1.0.0' },
  { name: 'testoperator.v1.1.0', replaces: 'testoperator.v1.0.0' },
]);
const IMG = (tag: string) => `quay.io/test/testoperator-bundle:v${tag}`;
const prefix = (base: string, name: string) =>
  `render: error processing substitution ${JSON.stringify(base)} -> ${JSON.stringify(name)}: `;

describe('upstream TestRender', () => {
  it('Success/render with single substitution', () => {
    const entries = entriesOf(
      render([pkg, twoEntries, v100, v110], [{ name: IMG('1.1.0-alpha'), base: 'testoperator.v1.1.0' }]),
    );
    expect(entries).toHaveLength(3);
    const sub = entries.find((e) => e.name === 'testoperator-v1.1.0-alpha');
    expect(sub?.replaces).toBe('testoperator.v1.0.0');
    expect(sub?.skips).toContain('testoperator.v1.1.0');
  });

  it('Success/render with multiple substitutions', () => {
    const entries = entriesOf(
      render(
        [pkg, twoEntries, v100, v110],
        [
          { name: IMG('1.2.0-alpha'), base: 'testoperator.v1.1.0' },
          { name: IMG('1.3.0-alpha'), base: 'testoperator-v1.2.0-alpha' },
        ],
      ),
    );
    expect(entries).toHaveLength(4);
    const first = entries.find((e) => e.name === 'testoperator-v1.2.0-alpha');
    expect(first).toBeDefined();
    expect(first?.replaces ?? '').toBe('');
    expect(first?.skips).toBeUndefined();
    const second = entries.find((e) => e.name === 'testoperator-v1.3.0-alpha');
    expect(second?.replaces).toBe('testoperator.v1.0.0');
    expect(second?.skips).toContain('testoperator-v1.2.0-alpha');
  });

  it('Success/render with no substitutions', () => {
    const entries = entriesOf(
      render([pkg, channelMeta('stable', 'testoperator', [{ name: 'testoperator.v1.0.0' }]), v100], []),
    );
    expect(entries.map((e) => e.name)).toEqual(['testoperator.v1.0.0']);
  });

  it('Error/render with substitution that has no matching base', () => {
    const one = channelMeta('stable', 'testoperator', [{ name: 'testoperator.v1.0.0' }]);
    expect(render([pkg, one, v100], [{ name: IMG('1.2.0-alpha'), base: 'nonexistent.v1.0.0' }])).toBe(
      `${prefix('nonexistent.v1.0.0', IMG('1.2.0-alpha'))}base bundle "nonexistent.v1.0.0" does not exist in catalog`,
    );
  });

  it.each([
    [
      'Error/render with invalid substitution (empty name)',
      '',
      'testoperator.v1.1.0',
      'substitution name cannot be empty',
    ],
    [
      'Error/render with invalid substitution (empty base)',
      IMG('1.2.0-alpha'),
      '',
      'substitution base cannot be empty',
    ],
    [
      'Error/render with invalid substitution (same name and base)',
      'testoperator.v1.1.0',
      'testoperator.v1.1.0',
      'substitution name and base cannot be the same',
    ],
  ])('%s', (_name, name, base, message) => {
    expect(render([pkg, twoEntries, v100, v110], [{ name, base }])).toBe(prefix(base, name) + message);
  });

  it('Error/render with duplicate base in substitutions', () => {
    const subs = [
      { name: IMG('1.2.0-alpha'), base: 'testoperator.v1.1.0' },
      { name: IMG('1.3.0-alpha'), base: 'testoperator.v1.1.0' },
    ];
    expect(render([pkg, twoEntries, v100, v110], subs)).toBe(
      'render: cannot reuse the same substitution base "testoperator.v1.1.0"',
    );
  });

  it('Error/render with same substitution name for different bases', () => {
    const three = channelMeta('stable', 'testoperator', [
      { name: 'testoperator.v1.0.0' },
      { name: 'testoperator.v1.1.0', replaces: 'testoperator.v1.0.0' },
      { name: 'testoperator.v1.2.0', replaces: 'testoperator.v1.1.0' },
    ]);
    const subs = [
      { name: IMG('1.3.0-alpha'), base: 'testoperator.v1.1.0' },
      { name: IMG('1.3.0-alpha'), base: 'testoperator.v1.2.0' },
    ];
    expect(render([pkg, three, v100, v110, v120], subs)).toBe(
      `render: cannot reuse the same substitution "${IMG('1.3.0-alpha')}" for different bases ("testoperator.v1.1.0" and "testoperator.v1.2.0")`,
    );
  });
});

describe('upstream TestBoundaryCases (the ones a template reaches)', () => {
  it('Error/base bundle does not exist in catalog', () => {
    const one = channelMeta('stable', 'testoperator', [{ name: 'testoperator.v1.1.0' }]);
    expect(render([pkg, one, v110], [{ name: IMG('1.2.0-alpha'), base: 'testoperator.v1.0.0' }])).toBe(
      `${prefix('testoperator.v1.0.0', IMG('1.2.0-alpha'))}base bundle "testoperator.v1.0.0" does not exist in catalog`,
    );
  });

  it('Error/substitute bundle version not greater than base bundle', () => {
    const beta = bundleMeta('', 'testoperator', '1.2.0', 'beta');
    const one = channelMeta('stable', 'testoperator', [{ name: 'testoperator-v1.2.0-beta' }]);
    // An alpha release is below beta.
    expect(render([pkg, one, beta], [{ name: IMG('1.2.0-alpha'), base: 'testoperator-v1.2.0-beta' }])).toBe(
      `${prefix('testoperator-v1.2.0-beta', IMG('1.2.0-alpha'))}base bundle "testoperator-v1.2.0-beta" is not less than substitute bundle "${IMG('1.2.0-alpha')}"`,
    );
  });
});

/** A bundle of testoperator with a release (TestProcessSubstitution's cfgs), its objects optional. */
function releaseBundle(version: string, release: string, image: string, objects = true): Blob {
  const name = `testoperator-v${version}-${release}`;
  const properties: Blob[] = [
    { type: 'olm.package', value: { packageName: 'testoperator', version, release } },
  ];
  if (objects) properties.push(object(csv(name)), object(CRD));
  return {
    schema: 'olm.bundle',
    name,
    package: 'testoperator',
    image,
    properties,
    ...(objects ? { relatedImages: [{ name: 'bundle', image }] } : {}),
  };
}

const plainBundle = (version: string): Blob => ({
  schema: 'olm.bundle',
  name: `testoperator.v${version}`,
  package: 'testoperator',
  image: `quay.io/test/testoperator-bundle:v${version}`,
  properties: [{ type: 'olm.package', value: { packageName: 'testoperator', version } }],
});

describe('upstream TestProcessSubstitution', () => {
  const A100 = 'testoperator-v1.0.0-alpha';
  const A110 = 'testoperator-v1.1.0-alpha';
  const A120 = 'testoperator-v1.2.0-alpha';
  const alphas = (objects = true) => [
    releaseBundle('1.0.0', 'alpha', IMG('1.0.0'), objects),
    releaseBundle('1.1.0', 'alpha', IMG('1.1.0-alpha'), objects),
  ];
  const described = { ...pkg, description: 'testoperator operator' };

  it('Success/substitution with replaces relationship', () => {
    const stable = channelMeta('stable', 'testoperator', [{ name: A100 }, { name: A110, replaces: A100 }]);
    const entries = entriesOf(
      render([described, stable, ...alphas()], [{ name: IMG('1.2.0-alpha'), base: A110 }]),
    );
    expect(entries).toHaveLength(3);
    const sub = entries.find((e) => e.name === A120);
    expect(sub?.replaces).toBe(A100);
    expect(sub?.skips).toContain(A110);
    // The base keeps no edges.
    expect(entries.find((e) => e.name === A110)).toEqual({ name: A110 });
  });

  it('Success/substitution with skips and skipRange', () => {
    const stable = channelMeta('stable', 'testoperator', [
      { name: A100 },
      { name: A110, replaces: A100, skips: ['testoperator-v0.9.0-alpha'], skipRange: '>=0.9.0 <1.1.0' },
    ]);
    const entries = entriesOf(
      render([described, stable, ...alphas()], [{ name: IMG('1.2.0-alpha'), base: A110 }]),
    );
    expect(entries).toHaveLength(3);
    const sub = entries.find((e) => e.name === A120) as Entry;
    expect(sub.replaces).toBe(A100);
    expect(sub.skips).toEqual(expect.arrayContaining(['testoperator-v0.9.0-alpha', A110]));
    expect(sub.skipRange).toBe('>=0.9.0 <1.1.0');
  });

  it('Error/substitution with no matching base', () => {
    const one = channelMeta('stable', 'testoperator', [{ name: 'testoperator.v1.0.0' }]);
    const r = render(
      [pkg, one, plainBundle('1.0.0')],
      [{ name: IMG('1.2.0-alpha'), base: 'nonexistent.v1.0.0' }],
    );
    expect(r).toBe(
      `${prefix('nonexistent.v1.0.0', IMG('1.2.0-alpha'))}base bundle "nonexistent.v1.0.0" does not exist in catalog`,
    );
  });

  it('Success/substitution with multiple channels', () => {
    const chain = [{ name: A100 }, { name: A110, replaces: A100 }];
    const channels = render(
      [
        pkg,
        channelMeta('stable', 'testoperator', chain),
        channelMeta('beta', 'testoperator', chain),
        ...alphas(false),
      ],
      [{ name: IMG('1.2.0-alpha'), base: A110 }],
    );
    if (typeof channels === 'string') throw new Error(channels);
    expect(channels.map((c) => c.name)).toEqual(['stable', 'beta']);
    for (const c of channels) {
      const entries = (c as { entries: Entry[] }).entries;
      expect(entries).toHaveLength(3);
      const sub = entries.find((e) => e.name === A120);
      expect(sub?.replaces).toBe(A100);
      expect(sub?.skips).toContain(A110);
    }
  });

  it('Success/substitution updates existing references', () => {
    const stable = channelMeta('stable', 'testoperator', [
      { name: 'testoperator.v1.0.0' },
      { name: 'testoperator.v1.1.0', replaces: 'testoperator.v1.0.0' },
      { name: 'testoperator.v1.2.0', replaces: 'testoperator.v1.1.0' },
    ]);
    const entries = entriesOf(
      render(
        [pkg, stable, plainBundle('1.0.0'), plainBundle('1.1.0'), plainBundle('1.2.0')],
        [{ name: IMG('1.1.0-alpha'), base: 'testoperator.v1.1.0' }],
      ),
    );
    expect(entries).toHaveLength(4);
    const updated = entries.find((e) => e.name === 'testoperator.v1.2.0');
    expect(updated?.replaces).toBe('testoperator-v1.1.0-alpha');
    expect(updated?.skips).toContain('testoperator.v1.1.0');
  });
});

describe('upstream TestParseSpec (render-template --type substitutes)', () => {
  const parse = (input: string) =>
    renderTemplate('template.yaml', input, new CatalogBundleResolver([]), { type: 'substitutes' });
  const PARSE = 'rendering template: render: unable to parse template: ';

  it('Error/invalid schema', () => {
    expect(parse('\nschema: olm.template.invalid\nentries: []\nsubstitutions: []\n').opmMessage).toBe(
      `${PARSE}template has unknown schema ("olm.template.invalid"), should be "olm.template.substitutes"`,
    );
  });

  it('Error/missing schema', () => {
    expect(parse('\nentries: []\nsubstitutions: []\n').opmMessage).toBe(
      `${PARSE}template has unknown schema (""), should be "olm.template.substitutes"`,
    );
  });

  it('Error/invalid YAML', () => {
    expect(parse('\nschema: olm.template.substitutes\nentries: [\nsubstitutions: []\n').opmMessage).toMatch(
      new RegExp(`^${PARSE}decoding template schema: `),
    );
  });

  it('Success/empty template', () => {
    const r = parse('\nschema: olm.template.substitutes\nentries: []\nsubstitutions: []\n');
    expect(r.opmMessage).toBeUndefined();
    expect(r.blobs).toEqual([]);
  });
});
