/**
 * `fbc-studio mirror plan` end to end on a catalog folder of ours: the kept bundles and the JSON
 * shape, opm validate of the result, oc-mirror's stop with its text, reachability of --from
 * versions, the suggested ISC patch (checked by applying it and planning again), and --write.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { catalogText, threeOperators } from './fixtures';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

let tmp: string;
const REF = 'registry.example.com/redhat/operator-index:v4.16';
function isc(name: string, packages: string): string {
  const path = join(tmp, name);
  writeFileSync(
    path,
    `kind: ImageSetConfiguration
apiVersion: mirror.openshift.io/v2alpha1
mirror:
  operators:
  - catalog: ${REF}
    packages:
${packages}`,
  );
  return path;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'mirror-plan-'));
  mkdirSync(join(tmp, 'catalog'));
  writeFileSync(join(tmp, 'catalog', 'catalog.json'), catalogText(threeOperators));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('mirror plan', () => {
  it('prints the kept bundles per channel in the JSON shape, and opm validate of the result', async () => {
    const file = isc(
      'heads.yaml',
      '    - name: jaeger-product\n    - name: devworkspace-operator\n      minVersion: 0.19.1\n',
    );
    const { code, out } = await run('mirror', 'plan', file, '--catalog', join(tmp, 'catalog'), '-o', 'json');
    const plan = JSON.parse(out);
    expect(plan.catalogs[0]).toMatchObject({
      catalog: REF,
      error: null,
      packages: [
        {
          name: 'devworkspace-operator',
          defaultChannel: 'fast',
          channels: [
            {
              name: 'fast',
              bundles: [
                'devworkspace-operator.v0.19.1',
                'devworkspace-operator.v0.19.1-0.1679521112.p',
                'devworkspace-operator.v0.19.1-0.1682321189.p',
              ],
            },
          ],
        },
        {
          name: 'jaeger-product',
          defaultChannel: 'stable',
          channels: [{ name: 'stable', bundles: ['jaeger-operator.v1.51.0-1'] }],
        },
      ],
      validation: { passed: true, diagnostics: [] },
      findings: [],
    });
    expect(plan.reachability).toEqual([]);
    expect(plan.suggestion).toBeNull();
    expect(code).toBe(0);
  });

  it('says where oc-mirror stops, in its words, and names the lost default channel', async () => {
    const file = isc(
      'lost.yaml',
      '    - name: 3scale-operator\n      channels:\n      - name: threescale-2.11\n',
    );
    const { code, out } = await run('mirror', 'plan', file, '--catalog', `${REF}=${join(tmp, 'catalog')}`);
    expect(out).toContain(
      'oc-mirror stops: failed to filter catalog: invalid default channel configuration for package "3scale-operator": the default channel "threescale-mas" was filtered out, a new default channel must be configured for this package',
    );
    expect(out).toContain('error mirror-default-channel-lost');
    expect(code).toBe(1);
  });

  it('rejects packages[].bundles as oc-mirror decodes it, and still shows the selection', async () => {
    const file = isc(
      'bundles.yaml',
      '    - name: 3scale-operator\n      bundles:\n      - name: 3scale-operator.v0.11.0-mas\n',
    );
    const { out } = await run('mirror', 'plan', file, '--catalog', join(tmp, 'catalog'), '-o', 'json');
    const c = JSON.parse(out).catalogs[0];
    expect(c.error).toBe('decode ImageSetConfiguration: json: unknown field "bundles"');
    expect(c.packages[0].channels).toEqual([
      { name: 'threescale-mas', bundles: ['3scale-operator.v0.11.0-mas'] },
    ]);
  });

  it('answers --from under OLM v0 and v1, suggests the smallest ISC change, and the change works', async () => {
    const file = isc('reach.yaml', '    - name: devworkspace-operator\n      minVersion: 0.18.1\n');
    const from = 'devworkspace-operator@0.16.0';
    const { code, out } = await run(
      'mirror',
      'plan',
      file,
      '--catalog',
      join(tmp, 'catalog'),
      '--from',
      from,
      '-o',
      'json',
    );
    const plan = JSON.parse(out);
    expect(plan.reachability).toHaveLength(1);
    expect(plan.reachability[0]).toMatchObject({
      package: 'devworkspace-operator',
      from: '0.16.0',
      channel: 'fast',
    });
    expect(plan.reachability[0].v0.reachesHead).toBe(false);
    // The original catalog lets 0.16.0 reach the head: the filter is what breaks the path.
    expect(plan.reachability[0].originalReachesHead).toBe(true);
    expect(plan.suggestion).toBe(
      '- op: replace\n  path: /mirror/operators/0/packages/0/minVersion\n  value: "0.16.0"\n',
    );
    expect(code).toBe(1);
    const fixed = isc('fixed.yaml', '    - name: devworkspace-operator\n      minVersion: 0.16.0\n');
    const again = JSON.parse(
      (await run('mirror', 'plan', fixed, '--catalog', join(tmp, 'catalog'), '--from', from, '-o', 'json'))
        .out,
    );
    expect(again.reachability[0].v0).toMatchObject({ reachesHead: true });
    expect(again.reachability[0].v1).toMatchObject({ reachesHead: true });
    expect(again.suggestion).toBeNull();
  });

  it('--write writes the filtered catalog as oc-mirror does: <package>/catalog.json, the head entry as written', async () => {
    const file = isc('write.yaml', '    - name: jaeger-product\n');
    const out = join(tmp, 'out');
    await run('mirror', 'plan', file, '--catalog', join(tmp, 'catalog'), '--write', out);
    const text = readFileSync(join(out, 'jaeger-product', 'catalog.json'), 'utf8');
    expect(text).toContain(
      '"name": "jaeger-operator.v1.51.0-1",\n            "replaces": "jaeger-operator.v1.47.1-5"',
    );
    expect(text).not.toContain('"schema": "olm.bundle",\n    "name": "jaeger-operator.v1.47.1-5"');
    const validate = await run('validate', out);
    expect(validate.code).toBe(0);
  });
});

/** A catalog folder under the test's temporary folder: `blobs` in its catalog.json, one per line. */
function catalogFolder(name: string, blobs: object[]): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'catalog.json'), blobs.map((b) => JSON.stringify(b)).join('\n'));
  return dir;
}

describe('mirror plan --write', () => {
  it('keeps a hostile package name inside the output folder', async () => {
    const dir = catalogFolder('hostile', [
      { schema: 'olm.package', name: '..', defaultChannel: 'c' },
      { schema: 'olm.channel', package: '..', name: 'c', entries: [{ name: 'b' }] },
      {
        schema: 'olm.bundle',
        package: '..',
        name: 'b',
        image: 'registry.example.com/b:v1',
        properties: [{ type: 'olm.package', value: { packageName: '..', version: '1.0.0' } }],
      },
    ]);
    const file = isc('hostile.yaml', '    - name: ".."\n');
    const out = join(tmp, 'hostile-out');
    const r = await run('mirror', 'plan', file, '--catalog', dir, '--write', out);
    // opm's WriteFS refuses it, and oc-mirror stops: nothing is written, above the folder or in it.
    expect(r.err).toContain(
      'Error: failed to save catalog config: invalid package name "..": must be a single local path element',
    );
    expect(r.code).toBe(1);
    expect(existsSync(join(tmp, 'catalog.json'))).toBe(false);
    expect(existsSync(join(out, 'catalog.json'))).toBe(false);
  });

  it('writes blobs of other schemas with no package in a catalog.json at the root, the rest by package, as WriteFS', async () => {
    const dir = catalogFolder('others', [
      { schema: 'olm.package', name: 'foo', defaultChannel: 'c' },
      { schema: 'olm.channel', package: 'foo', name: 'c', entries: [{ name: 'foo.v1.0.0' }] },
      {
        schema: 'olm.bundle',
        package: 'foo',
        name: 'foo.v1.0.0',
        image: 'registry.example.com/foo:v1',
        properties: [{ type: 'olm.package', value: { packageName: 'foo', version: '1.0.0' } }],
      },
      { schema: 'example.com.note', text: 'kept at the root' },
      { schema: 'example.com.note', package: 'foo', text: 'kept with foo' },
    ]);
    const out = join(tmp, 'others-out');
    const r = await run(
      'mirror',
      'plan',
      isc('others.yaml', '    - name: foo\n'),
      '--catalog',
      dir,
      '--write',
      out,
    );
    expect(r.err).toContain(`wrote the filtered catalog of ${REF} to ${out}`);
    expect(readdirSync(out).sort()).toEqual(['catalog.json', 'foo']);
    expect(readFileSync(join(out, 'catalog.json'), 'utf8')).toContain('kept at the root');
    expect(readFileSync(join(out, 'catalog.json'), 'utf8')).not.toContain('kept with foo');
    expect(readFileSync(join(out, 'foo', 'catalog.json'), 'utf8')).toContain('kept with foo');
    expect((await run('validate', out)).code).toBe(0);
  });

  it('names the catalog as oc-mirror publishes it with targetCatalog/targetTag, and stops on an invalid one', async () => {
    const write = (name: string, target: string) => {
      const path = join(tmp, name);
      writeFileSync(
        path,
        `kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n  - catalog: ${REF}\n${target}    packages:\n    - name: jaeger-product\n`,
      );
      return path;
    };
    const moved = await run(
      'mirror',
      'plan',
      write('target.yaml', '    targetCatalog: mirror/operators\n    targetTag: v1\n'),
      '--catalog',
      join(tmp, 'catalog'),
    );
    expect(moved.out).toContain(`catalog ${REF}\n  published as registry.example.com/mirror/operators:v1\n`);
    expect(moved.code).toBe(0);
    const bad = await run(
      'mirror',
      'plan',
      write('bad-target.yaml', '    targetCatalog: mirror/operators:v1\n'),
      '--catalog',
      join(tmp, 'catalog'),
    );
    expect(bad.out).toContain(
      'oc-mirror stops: invalid configuration: invalid target path component "mirror/operators:v1": should not contain a tag or digest.',
    );
    expect(bad.code).toBe(1);
  });
});
