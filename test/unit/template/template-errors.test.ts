import { describe, expect, it } from 'vitest';
import { emptyDeclarativeConfig, type DeclarativeConfig } from '../../../src/core/declcfg/types';
import { loadFile } from '../../../src/core/load';
import {
  CatalogBundleResolver,
  compareWithCommitted,
  renderTemplate,
  writeRendered,
  type TemplateRenderResult,
} from '../../../src/core/template';

/** The opm messages of `opm alpha render-template` (fbc-rules §8), each with its place in the file. */

const PKG = 'foo';
const DIGEST = 'a'.repeat(64);

function catalogWith(images: string[]): DeclarativeConfig {
  const text = images
    .map((image, i) =>
      JSON.stringify({
        schema: 'olm.bundle',
        name: `${PKG}.v0.${i + 1}.0`,
        package: PKG,
        image,
        properties: [{ type: 'olm.package', value: { packageName: PKG, version: `0.${i + 1}.0` } }],
        relatedImages: [{ name: '', image }],
      }),
    )
    .join('\n');
  return loadFile('catalog.json', text).dc;
}

const prodImage = `registry.example.com/acme/foo-bundle@sha256:${DIGEST}`;
const resolver = new CatalogBundleResolver([
  { name: 'catalog', dc: catalogWith(['quay.io/acme/foo-bundle:v0.1.0', prodImage]) },
]);

function render(text: string, type?: string, path = 'tmpl.yaml'): TemplateRenderResult {
  return renderTemplate(path, text, resolver, type === undefined ? {} : { type });
}

const BASIC = `schema: olm.template.basic
entries:
  - {schema: olm.package, name: foo, defaultChannel: stable}
  - schema: olm.channel
    package: foo
    name: stable
    entries:
      - {name: foo.v0.1.0}
      - {name: foo.v0.2.0, replaces: foo.v0.1.0}
  - {schema: olm.bundle, image: quay.io/acme/foo-bundle:v0.1.0}
`;

describe('auto-detecting the template type', () => {
  it.each([
    [
      '- a\n- b\n',
      'auto-detecting template type: unmarshalling template schema: json: cannot unmarshal array into Go value of type struct { Schema string "json:\\"schema\\"" }',
    ],
    [
      'schema: 5\n',
      'auto-detecting template type: unmarshalling template schema: json: cannot unmarshal number into Go struct field .schema of type string',
    ],
    ['entries: []\n', "auto-detecting template type: template input missing required 'schema' field"],
    [
      '# only a comment\n---\nschema: olm.semver\n',
      "auto-detecting template type: template input missing required 'schema' field",
    ],
    [
      'schema: olm.package\nname: foo\n',
      'auto-detecting template type: unknown template schema: olm.package',
    ],
  ])('%j', (text, message) => {
    const r = render(text);
    expect(r.ok).toBe(false);
    expect(r.opmMessage).toBe(message);
  });

  it('wraps a decoding error and locates it', () => {
    const r = render('schema: olm.semver\nstable: [\n');
    expect(r.opmMessage).toMatch(
      /^auto-detecting template type: decoding template input: error converting YAML to JSON: yaml: line \d+: /,
    );
    expect(r.error?.location?.file).toBe('tmpl.yaml');
  });

  it('points at the schema value of an unknown schema', () => {
    const r = render('name: foo\nschema: olm.package\n');
    expect(r.error?.location?.start).toEqual({ line: 2, column: 9 });
  });

  // opm's newest registry takes types (the last part of a schema), not schemas: render.go `HasType`.
  it('rejects an unknown explicit type with the list of types', () => {
    for (const type of ['olm.template.basic', 'composite', 'Basic']) {
      expect(render(BASIC, type).opmMessage).toBe(
        `invalid template type "${type}", must be one of: [basic semver substitutes]`,
      );
    }
  });

  it('renders with an explicit type as with the detected one', () => {
    expect(render(BASIC, 'basic').blobs).toEqual(render(BASIC).blobs);
    expect(render(BASIC, 'basic').ok).toBe(true);
  });
});

describe('basic template', () => {
  it('renders: entries pass through, each bundle stub becomes the bundle its image holds', () => {
    const r = render(BASIC);
    expect(r.ok).toBe(true);
    expect(r.blobs.map((b) => `${b.schema as string} ${b.name as string}`)).toEqual([
      'olm.package foo',
      'olm.channel stable',
      'olm.bundle foo.v0.1.0',
    ]);
    expect(writeRendered(r.blobs, 'yaml')).toContain(
      '---\nimage: quay.io/acme/foo-bundle:v0.1.0\nname: foo.v0.1.0\n',
    );
  });

  it('checks the schema when the type is given', () => {
    expect(render('schema: olm.semver\n', 'basic').opmMessage).toBe(
      'rendering template: template has unknown schema ("olm.semver"), should be "olm.template.basic"',
    );
  });

  it('reports entries that are not a list as encoding/json does', () => {
    expect(render('schema: olm.template.basic\nentries: 5\n').opmMessage).toBe(
      'rendering template: unmarshalling template: json: cannot unmarshal number into Go struct field BasicTemplateData.entries of type []*declcfg.Meta',
    );
  });

  it('gives an entry the loader message the same blob gets in a catalog, located in the template', () => {
    const blob = '{schema: olm.package, name: foo, defaultChannel: 7}';
    const inCatalog = loadFile('c.yaml', `${blob}\n`).errors[0]?.message;
    expect(inCatalog).toMatch(/^parse package: /);
    const r = render(`schema: olm.template.basic\nentries:\n  - ${blob}\n`);
    expect(r.opmMessage).toBe(`rendering template: ${inCatalog}`);
    expect(r.error?.location?.start.line).toBe(3);
  });

  it('gives an entry without schema the loader message', () => {
    const inCatalog = loadFile('c.yaml', 'name: x\n').errors[0]?.message;
    const r = render('schema: olm.template.basic\nentries:\n  - name: x\n');
    expect(r.opmMessage).toBe(`rendering template: ${inCatalog}`);
  });

  it('rejects a bundle entry that is more than an image, at its line', () => {
    const text = BASIC.replace('image: quay.io', 'package: foo, image: quay.io');
    const r = render(text);
    expect(r.opmMessage).toBe('rendering template: unexpected fields present in basic template bundle');
    expect(r.error?.location?.start.line).toBe(10);
  });

  it('lists images no catalog holds, with the template line that needs them, and renders nothing', () => {
    const r = render(`${BASIC}  - {schema: olm.bundle, image: quay.io/acme/foo-bundle:v9}\n`);
    expect(r.ok).toBe(false);
    expect(r.opmMessage).toBeUndefined();
    expect(r.blobs).toEqual([]);
    expect(r.unresolved.map((u) => u.message)).toEqual([
      'unresolved image quay.io/acme/foo-bundle:v9 (needed by template tmpl.yaml line 11)',
    ]);
  });

  it('resolves a build-registry image by digest, writes the image the template names, reports the mapping', () => {
    const build = `quay.io/build/acme/foo-bundle@sha256:${DIGEST}`;
    const r = render(`schema: olm.template.basic\nentries:\n  - {schema: olm.bundle, image: ${build}}\n`);
    expect(r.ok).toBe(true);
    expect(r.mappings).toEqual([
      { from: 'quay.io/build/acme/foo-bundle', to: 'registry.example.com/acme/foo-bundle' },
    ]);
    expect(r.blobs[0]).toMatchObject({ image: build, relatedImages: [{ name: '', image: build }] });
    // Against the released catalog that is a registry mapping, not drift.
    const committed = catalogWith(['quay.io/acme/foo-bundle:v0.1.0', prodImage]);
    committed.bundles.splice(0, 1);
    const d = compareWithCommitted(r.blobs, { dc: committed }, { mappings: r.mappings });
    expect(d.blobEqual).toBe(true);
    expect(compareWithCommitted(r.blobs, { dc: committed }).changed).toHaveLength(1);
  });
});

describe('drift', () => {
  it('lists the differing blobs and gives a unified diff of the committed file', () => {
    const r = render(BASIC);
    const committedText = writeRendered(r.blobs, 'json').replace(
      '"defaultChannel": "stable"',
      '"defaultChannel": "beta"',
    );
    const committed = loadFile('catalog.json', committedText).dc;
    const d = compareWithCommitted(
      r.blobs,
      { dc: committed, file: 'catalog.json', text: committedText },
      {
        renderedText: writeRendered(r.blobs, 'json'),
      },
    );
    expect(d.changed).toEqual([{ schema: 'olm.package', package: 'foo', name: '' }]);
    expect(d.identical).toBe(false);
    expect(d.diff).toContain('-    "defaultChannel": "beta"\n+    "defaultChannel": "stable"');
    const same = compareWithCommitted(r.blobs, { dc: loadFile('c.json', writeRendered(r.blobs, 'json')).dc });
    expect(same).toMatchObject({ blobEqual: true, changed: [], missing: [], extra: [] });
    expect(compareWithCommitted(r.blobs, { dc: emptyDeclarativeConfig() }).missing).toHaveLength(3);
  });
});

describe('substitutes template', () => {
  const SUBS = (subs: string) => `schema: olm.template.substitutes
entries:
  - {schema: olm.package, name: foo, defaultChannel: stable}
  - schema: olm.channel
    package: foo
    name: stable
    entries:
      - {name: foo.v0.1.0}
  - schema: olm.bundle
    name: foo.v0.1.0
    package: foo
    image: quay.io/acme/foo-bundle:v0.1.0
    properties: [{type: olm.package, value: {packageName: foo, version: 0.1.0}}]
substitutions:
${subs}`;

  it('splices the substitute in: it takes over the base entry and skips it', () => {
    const r = render(SUBS(`  - {name: '${prodImage}', base: foo.v0.1.0}\n`));
    expect(r.opmMessage).toBeUndefined();
    const channel = r.blobs.find((b) => b.schema === 'olm.channel');
    expect(channel?.entries).toEqual([{ name: 'foo.v0.1.0' }, { name: 'foo.v0.2.0', skips: ['foo.v0.1.0'] }]);
    expect(r.blobs.filter((b) => b.schema === 'olm.bundle').map((b) => b.name)).toEqual([
      'foo.v0.1.0',
      'foo.v0.2.0',
    ]);
  });

  it.each([
    [
      "  - {name: '', base: foo.v0.1.0}\n",
      'render: error processing substitution "foo.v0.1.0" -> "": substitution name cannot be empty',
    ],
    [
      '  - {name: x, base: ""}\n',
      'render: error processing substitution "" -> "x": substitution base cannot be empty',
    ],
    [
      '  - {name: x, base: x}\n',
      'render: error processing substitution "x" -> "x": substitution name and base cannot be the same',
    ],
    [
      "  - {name: 'quay.io/acme/foo-bundle:v0.1.0', base: foo.v0.1.0}\n",
      'render: error processing substitution "foo.v0.1.0" -> "quay.io/acme/foo-bundle:v0.1.0": base bundle "foo.v0.1.0" is not less than substitute bundle "quay.io/acme/foo-bundle:v0.1.0"',
    ],
    [
      `  - {name: '${prodImage}', base: foo.v0.0.9}\n`,
      `render: error processing substitution "foo.v0.0.9" -> "${prodImage}": base bundle "foo.v0.0.9" does not exist in catalog`,
    ],
    [
      `  - {name: '${prodImage}', base: foo.v0.1.0}\n  - {name: x, base: foo.v0.1.0}\n`,
      'render: cannot reuse the same substitution base "foo.v0.1.0"',
    ],
    [
      `  - {name: '${prodImage}', base: foo.v0.1.0}\n  - {name: '${prodImage}', base: foo.v0.2.0}\n`,
      `render: cannot reuse the same substitution "${prodImage}" for different bases ("foo.v0.1.0" and "foo.v0.2.0")`,
    ],
  ])('%j', (subs, message) => {
    const r = render(SUBS(subs));
    expect(r.unresolved).toEqual([]);
    expect(r.opmMessage).toBe(`rendering template: ${message}`);
  });

  it('reads a base release kept in build metadata (olm.substitutesFor in its CSV) before comparing', () => {
    const image = 'quay.io/acme/foo-bundle:v0.1.0-1';
    const sub = JSON.stringify({
      schema: 'olm.bundle',
      name: 'foo-v0.1.0-1',
      package: PKG,
      image,
      properties: [{ type: 'olm.package', value: { packageName: PKG, version: '0.1.0', release: '1' } }],
    });
    const withSub = new CatalogBundleResolver([{ name: 'catalog', dc: loadFile('catalog.json', sub).dc }]);
    const template = (annotations: string) =>
      SUBS(`  - {name: '${image}', base: foo.v0.1.0}\n`).replace(
        'version: 0.1.0}}]',
        `version: 0.1.0+2}}, {type: olm.csv.metadata, value: {annotations: {${annotations}}}}]`,
      );
    // With the annotation the base is 0.1.0 release 2, above the substitute's release 1.
    expect(
      renderTemplate('tmpl.yaml', template('olm.substitutesFor: foo.v0.0.9'), withSub, {}).opmMessage,
    ).toBe(
      `rendering template: render: error processing substitution "foo.v0.1.0" -> "${image}": base bundle "foo.v0.1.0" is not less than substitute bundle "${image}"`,
    );
    // Without it, 0.1.0+2 is 0.1.0 with no release: below 0.1.0 release 1.
    expect(
      renderTemplate('tmpl.yaml', template('capabilities: Basic Install'), withSub, {}).opmMessage,
    ).toBeUndefined();
  });

  it('points a substitution’s error at that substitution', () => {
    const r = render(
      SUBS(`  - {name: '${prodImage}', base: foo.v0.1.0}\n  - {name: other, base: foo.v0.1.0}\n`),
    );
    expect(r.opmMessage).toBe(
      'rendering template: render: cannot reuse the same substitution base "foo.v0.1.0"',
    );
    expect(r.error?.location?.start.line).toBe(16);
    const empty = render(SUBS("  - {name: '', base: foo.v0.1.0}\n"));
    expect(empty.error?.location?.start.line).toBe(15);
  });

  it('requires valid FBC entries', () => {
    const r = render(SUBS('  []\n').replace('defaultChannel: stable', 'defaultChannel: beta'));
    expect(r.opmMessage).toMatch(/^rendering template: render: entries are not valid FBC: /);
  });

  it('reports a bad field inside a substitution as encoding/json does', () => {
    expect(render(SUBS('  - {name: 5, base: foo.v0.1.0}\n')).opmMessage).toBe(
      'rendering template: render: unable to parse template: unmarshalling template: json: cannot unmarshal number into Go struct field Substitute.substitutions.name of type string',
    );
  });
});

describe('semver template through render-template', () => {
  it("wraps readFile's errors", () => {
    expect(render('schema: olm.semver\ndefaultChannelTypePreference: patch\n').opmMessage).toBe(
      "rendering template: render: unable to read file: unknown DefaultChannelTypePreference: \"patch\"\nValid values are 'major' or 'minor'",
    );
  });

  it('locates unresolved images in the list that names them (field names in any case)', () => {
    const r = render(
      'Schema: olm.semver\nStable:\n  Bundles:\n    - Image: quay.io/acme/foo-bundle:v0.1.0\n    - Image: nope\n',
    );
    expect(r.unresolved.map((u) => u.message)).toEqual([
      'unresolved image nope (needed by template tmpl.yaml line 5)',
    ]);
  });

  it('renders channels and package from resolved bundles', () => {
    const r = render(
      `schema: olm.semver\nstable:\n  bundles:\n    - image: quay.io/acme/foo-bundle:v0.1.0\n    - image: ${prodImage}\n`,
    );
    expect(r.ok).toBe(true);
    expect(r.blobs.map((b) => `${b.schema as string} ${b.name as string}`)).toEqual([
      'olm.package foo',
      'olm.channel stable-v0.1',
      'olm.channel stable-v0.2',
      'olm.bundle foo.v0.1.0',
      'olm.bundle foo.v0.2.0',
    ]);
  });
});
