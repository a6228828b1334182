import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { searchable, templateInput } from '../../../src/cli/render-template-command';
import { tempDir } from '../../support/temp-dir';

/**
 * `render-template`'s arguments as opm's newest `render-template [TYPE] [FILE]` reads them
 * (cmd/opm/alpha/template/render.go), standard input, `-o mermaid`, and where it looks for catalogs.
 */

const TEMPLATE = [
  'schema: olm.template.basic',
  'entries:',
  '  - {schema: olm.package, name: foo, defaultChannel: stable}',
  '  - {schema: olm.channel, package: foo, name: stable, entries: [{name: foo.v0.1.0}, {name: foo.v0.2.0, replaces: foo.v0.1.0}]}',
  '  - {schema: olm.bundle, image: quay.io/acme/foo-bundle:v0.1.0}',
  '  - {schema: olm.bundle, image: quay.io/acme/foo-bundle:v0.2.0}',
  '',
].join('\n');

/** A repository (with .git, so nothing above it is read): catalog/ holds both bundles, the template beside it. */
function repo(): string {
  const root = tempDir('fbc-template-input-');
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, 'catalog', 'foo'), { recursive: true });
  const bundle = (version: string) =>
    JSON.stringify({
      schema: 'olm.bundle',
      name: `foo.v${version}`,
      package: 'foo',
      image: `quay.io/acme/foo-bundle:v${version}`,
      properties: [{ type: 'olm.package', value: { packageName: 'foo', version } }],
    });
  writeFileSync(join(root, 'catalog', 'foo', 'catalog.json'), `${bundle('0.1.0')}\n${bundle('0.2.0')}\n`);
  writeFileSync(join(root, 'catalog-template.yaml'), TEMPLATE);
  return root;
}

async function run(
  args: string[],
  extra: { stdin?: string; cwd?: string } = {},
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (s) => (out += s),
    err: (s) => (err += s),
    ...(extra.cwd !== undefined && { cwd: extra.cwd }),
    ...(extra.stdin !== undefined && { stdin: async () => extra.stdin as string }),
  });
  return { code, out, err };
}

describe('render-template [TYPE] [FILE], as opm reads them', () => {
  it('none: standard input; one: a type (then standard input) or a file; two: a type and a file', () => {
    expect(templateInput([])).toEqual({ file: '-' });
    expect(templateInput(['semver'])).toEqual({ type: 'semver', file: '-' });
    expect(templateInput(['catalog-template.yaml'])).toEqual({ file: 'catalog-template.yaml' });
    expect(templateInput(['basic', 't.yaml'])).toEqual({ type: 'basic', file: 't.yaml' });
    expect(templateInput(['substitutes', '-'])).toEqual({ type: 'substitutes', file: '-' });
    // Types are the last part of a schema; a schema is no type (opm's HasType).
    expect(templateInput(['olm.semver', 't.yaml'])).toEqual({
      error: 'invalid template type "olm.semver", must be one of: [basic semver substitutes]',
    });
  });

  it('renders `basic FILE` exactly as `FILE` (the form scripts written for opm sub-commands use)', async () => {
    const file = join(repo(), 'catalog-template.yaml');
    const detected = await run(['render-template', file, '-o', 'yaml']);
    const typed = await run(['render-template', 'basic', file, '-o', 'yaml']);
    expect(detected.code).toBe(0);
    expect(typed).toEqual(detected);
    expect(typed.out).toContain('name: foo.v0.2.0\n');
  });

  it('refuses a type opm does not have before reading the file, and a type that is not the file’s', async () => {
    const file = join(repo(), 'catalog-template.yaml');
    const unknown = await run(['render-template', 'olm.template.basic', join(file, 'nowhere')]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe(
      'Error: invalid template type "olm.template.basic", must be one of: [basic semver substitutes]\n',
    );
    const wrong = await run(['render-template', 'semver', file]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toBe('');
    expect(wrong.err).toContain('Error: rendering template: ');
  });

  it('reads the template from standard input (no FILE, or -), resolving from the catalogs where it runs', async () => {
    const root = repo();
    const fromFile = await run(['render-template', join(root, 'catalog-template.yaml')]);
    for (const args of [['render-template'], ['render-template', '-'], ['render-template', 'basic']]) {
      const r = await run(args, { stdin: TEMPLATE, cwd: root });
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toBe(fromFile.out);
    }
  });

  it('says so when there is no standard input to read', async () => {
    const r = await run(['render-template', 'basic'], { cwd: repo() });
    expect(r.code).toBe(1);
    expect(r.err).toBe('Error: unable to open "-": standard input is not available\n');
  });

  it('names standard input in what it says of a template it cannot read', async () => {
    const r = await run(['render-template'], { stdin: 'schema: [\n', cwd: repo() });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^Error: auto-detecting template type: decoding template input: /);
    expect(r.err).toMatch(/ {2}at <stdin>:\d+:\d+\n$/);
  });

  it('-o mermaid draws the rendered catalog as render-graph --draw-v0-semantics draws it', async () => {
    const root = repo();
    const file = join(root, 'catalog-template.yaml');
    const mermaid = await run(['render-template', file, '-o', 'mermaid']);
    expect(mermaid.code).toBe(0);
    const rendered = tempDir('fbc-rendered-');
    writeFileSync(join(rendered, 'catalog.json'), (await run(['render-template', file])).out);
    const graph = await run(['render-graph', rendered, '--draw-v0-semantics']);
    expect(graph.code).toBe(0);
    expect(mermaid.out).toBe(graph.out);
    expect(mermaid.out).toContain('foo.v0.2.0');
  });

  it('-o mermaid marks what OLM v0 skips, as opm (NewMermaidWriter draws v0 semantics by default)', async () => {
    const skipping = TEMPLATE.replace(
      '{name: foo.v0.2.0, replaces: foo.v0.1.0}',
      '{name: foo.v0.2.0, replaces: foo.v0.1.0, skips: [foo.v0.1.0]}',
    );
    const r = await run(['render-template', '-o', 'mermaid'], { stdin: skipping, cwd: repo() });
    expect(r.code).toBe(0);
    expect(r.out.endsWith('  end\nclass foo-stable-foo.v0.1.0 skipped\n')).toBe(true);
  });
});

describe('where render-template looks for catalogs without .git', () => {
  it('never reads a whole home, temporary or top folder', () => {
    const home = '/home/ann';
    expect(searchable('/', home, '/tmp')).toBe(false);
    expect(searchable('/home', home, '/tmp')).toBe(false);
    expect(searchable('/home/ann', home, '/tmp')).toBe(false);
    expect(searchable('/tmp', home, '/tmp')).toBe(false);
    expect(searchable('/home/ann/repo', home, '/tmp')).toBe(true);
    expect(searchable('/tmp/x', home, '/tmp')).toBe(true);
    expect(searchable('/work/catalogs', home, '/tmp')).toBe(true);
  });

  it('a lone template in a temporary folder searches no catalog above it', async () => {
    // Before, its folder held no catalog, so the folder above (all of /tmp) and the one above that
    // (/) were read whole: minutes, then out of memory.
    const dir = tempDir('fbc-lone-template-');
    writeFileSync(join(dir, 't.yaml'), TEMPLATE);
    const r = await run(['render-template', join(dir, 't.yaml'), '--offline']);
    expect(r.code).toBe(1);
    expect(r.err).toContain("2 bundle images not found in the repository's catalogs (searched 0 catalogs)");
  });
});
