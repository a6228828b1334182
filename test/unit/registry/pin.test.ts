import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-run';
import { bundleFiles } from '../bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  hasRegistryTools,
  ociLayout,
  push,
  registrySkipReason,
  startRegistry,
  tarLayer,
  type TestRegistry,
} from '../../support/registry';
import { tempDir } from '../../support/temp-dir';

if (!hasRegistryTools) console.log(registrySkipReason);

const run = runCli;

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('pin FILE', () => {
  let reg: TestRegistry;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    reg = await startRegistry('none');
    const image = async (v: string): Promise<string> => {
      const layer = await tarLayer(
        Object.entries(bundleFiles({ version: v })).map(([path, content]) => ({ path, content })),
      );
      return push(reg, (await ociLayout([layer], BUNDLE_LABELS)).dir, `acme/op-bundle:v${v}`);
    };
    d1 = await image('1.0.0');
    d2 = await image('1.1.0');
  });
  afterAll(async () => reg?.stop());

  const template = (h: string): string => `# maintained by hand
schema: olm.template.basic
entries:
  - schema: olm.package
    name: op
    defaultChannel: stable
  - schema: olm.bundle
    image: ${h}/acme/op-bundle:v1.0.0 # just built
  - schema: olm.bundle
    image: "${h}/acme/op-bundle:v1.1.0"
`;

  it('rewrites each tag to its digest in place and keeps every other byte', async () => {
    const dir = tempDir('fbc-pin-');
    const file = join(dir, 'catalog-template.yaml');
    writeFileSync(file, template(reg.host));
    const r = await run(['pin', file, '--use-http']);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(
      template(reg.host)
        .replace(`${reg.host}/acme/op-bundle:v1.0.0`, `${reg.host}/acme/op-bundle@${d1}`)
        .replace(`${reg.host}/acme/op-bundle:v1.1.0`, `${reg.host}/acme/op-bundle@${d2}`),
    );
    expect(r.err).toContain(`${file}: pinned 2 image references`);
    // Pinned already: nothing to do, nothing written.
    const again = await run(['pin', file, '--use-http']);
    expect(again.err).toBe(`${file}: every image is pinned already\n`);
  });

  it('writes nothing when a tag cannot be resolved', async () => {
    const dir = tempDir('fbc-pin-');
    const file = join(dir, 'catalog-template.yaml');
    const text =
      template(reg.host) + `  - schema: olm.bundle\n    image: ${reg.host}/acme/op-bundle:v9.9.9\n`;
    writeFileSync(file, text);
    const r = await run(['pin', file, '--use-http']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('manifest unknown');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
