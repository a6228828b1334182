import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { defaultCatalogDirs } from '../../../src/cli/render-template-command';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { tempDir } from '../../support/temp-dir';

/** `fbc-studio render-template` on a small repository laid out like the product FBC repositories. */

function repo(): string {
  const root = tempDir('fbc-template-');
  for (const v of ['v4.18', 'v4.19']) mkdirSync(join(root, v, 'catalog', 'foo'), { recursive: true });
  const bundle = (version: string) =>
    JSON.stringify({
      schema: 'olm.bundle',
      name: `foo.v${version}`,
      package: 'foo',
      image: `quay.io/acme/foo-bundle:v${version}`,
      properties: [{ type: 'olm.package', value: { packageName: 'foo', version } }],
    });
  writeFileSync(join(root, 'v4.18', 'catalog', 'foo', 'catalog.json'), bundle('0.1.0'));
  writeFileSync(join(root, 'v4.19', 'catalog', 'foo', 'catalog.json'), bundle('0.2.0'));
  writeFileSync(
    join(root, 'v4.19', 'catalog-template.yaml'),
    [
      'schema: olm.template.basic',
      'entries:',
      '  - {schema: olm.package, name: foo, defaultChannel: stable}',
      '  - {schema: olm.channel, package: foo, name: stable, entries: [{name: foo.v0.1.0}, {name: foo.v0.2.0, replaces: foo.v0.1.0}]}',
      '  - {schema: olm.bundle, image: quay.io/acme/foo-bundle:v0.1.0}',
      '  - {schema: olm.bundle, image: quay.io/acme/foo-bundle:v0.2.0}',
      '',
    ].join('\n'),
  );
  return root;
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('fbc-studio render-template', () => {
  it('finds the catalogs beside the template and in sibling version folders', async () => {
    const root = repo();
    expect(await defaultCatalogDirs(join(root, 'v4.19', 'catalog-template.yaml'))).toEqual([
      join(root, 'v4.19', 'catalog'),
      join(root, 'v4.18', 'catalog'),
    ]);
  });

  it('prints the render as opm would (JSON by default, YAML with -o yaml)', async () => {
    const root = repo();
    const json = await run(['render-template', join(root, 'v4.19', 'catalog-template.yaml')]);
    expect(json.code).toBe(0);
    expect(json.out.startsWith('{\n    "schema": "olm.package",\n    "name": "foo",\n')).toBe(true);
    expect(json.out.match(/"schema": "olm.bundle"/g)).toHaveLength(2);
    const yaml = await run(['render-template', join(root, 'v4.19', 'catalog-template.yaml'), '-o', 'yaml']);
    expect(yaml.out.startsWith('---\ndefaultChannel: stable\nname: foo\nschema: olm.package\n---\n')).toBe(
      true,
    );
  });

  it('with --bundles searches only those catalogs, and with --offline lists what it cannot resolve', async () => {
    const root = repo();
    const r = await run([
      'render-template',
      join(root, 'v4.19', 'catalog-template.yaml'),
      '--bundles',
      join(root, 'v4.19', 'catalog'),
      '--offline',
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('cannot render offline: 1 bundle image not found');
    expect(r.err).toContain(
      `unresolved image quay.io/acme/foo-bundle:v0.1.0 (needed by template ${join(root, 'v4.19', 'catalog-template.yaml')} line 5)`,
    );
  });

  it("exits 1 with opm's wrapped message", async () => {
    const root = repo();
    const file = join(root, 'bad.yaml');
    writeFileSync(file, 'schema: olm.package\n');
    const r = await run(['render-template', file]);
    expect(r.code).toBe(1);
    expect(r.err.split('\n')[0]).toBe(
      'Error: auto-detecting template type: unknown template schema: olm.package',
    );
  });

  it('without .git, finds the catalogs beside a folder of templates (templates/ next to catalog/)', async () => {
    // A release tarball: templates/released.yaml renders into catalog/released.yaml, one level up.
    const root = tempDir('fbc-template-tarball-');
    mkdirSync(join(root, 'templates'));
    mkdirSync(join(root, 'catalog'));
    writeFileSync(
      join(root, 'catalog', 'released.yaml'),
      [
        '---',
        'schema: olm.package',
        'name: foo',
        'defaultChannel: stable',
        '---',
        'schema: olm.channel',
        'package: foo',
        'name: stable',
        'entries: [{name: foo.v0.1.0}]',
        '---',
        'schema: olm.bundle',
        'name: foo.v0.1.0',
        'package: foo',
        'image: quay.io/acme/foo-bundle@sha256:' + 'a'.repeat(64),
        'properties: [{type: olm.package, value: {packageName: foo, version: 0.1.0}}]',
        '',
      ].join('\n'),
    );
    const template = join(root, 'templates', 'released.yaml');
    writeFileSync(
      template,
      [
        'schema: olm.template.basic',
        'entries:',
        '  - {schema: olm.package, name: foo, defaultChannel: stable}',
        '  - {schema: olm.channel, package: foo, name: stable, entries: [{name: foo.v0.1.0}]}',
        `  - {schema: olm.bundle, image: 'quay.io/acme/foo-bundle@sha256:${'a'.repeat(64)}'}`,
        '',
      ].join('\n'),
    );
    expect(await defaultCatalogDirs(template)).toEqual([join(root, 'catalog')]);
    const r = await run(['render-template', template, '--offline']);
    expect(r.err).not.toContain('searched 0 catalogs');
    expect(r.code).toBe(0);
    expect(r.out).toContain('"name": "foo.v0.1.0"');
  });

  it('says a file is no template before reading any catalog', async () => {
    const root = repo();
    const notTemplate = join(root, 'v4.19', 'inventory.json');
    writeFileSync(notTemplate, '{"sources": []}');
    const r = await run(['render-template', notTemplate, '--offline']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      "Error: auto-detecting template type: template input missing required 'schema' field\n" +
        `  at ${notTemplate}:1:1\n`,
    );
  });
});

if (!hasShared) console.log(skipReason('render-template on corpus repositories without .git'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('render-template on corpus checkouts without .git', () => {
  it.each([
    [
      'netobserv templates/ beside auto-generated/catalog/',
      'netobserv-netobserv-catalog',
      'templates/released.yaml',
      'auto-generated/catalog/released.yaml',
    ],
    [
      'koku catalog-template/ beside catalog/',
      'project-koku-costmanagement-fbc',
      'catalog-template/basic-template.yaml',
      'catalog/costmanagement-metrics-operator/catalog.yaml',
    ],
  ])('%s: offline, byte for byte the committed catalog', async (_label, repoDir, template, catalog) => {
    const base = sharedPath('corpus/fbc', repoDir);
    const r = await run(['render-template', join(base, template), '--offline', '-o', 'yaml']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(readFileSync(join(base, catalog), 'utf8'));
  });
});
