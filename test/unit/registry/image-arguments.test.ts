/**
 * A catalog image wherever a folder goes: `validate`, `workspace` and `diff` given image references
 * pull them from Debian's docker-registry on 127.0.0.1 (pushed with skopeo) and name each image as
 * written in what they print — never the cache folder it was unpacked to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-run';
import {
  CATALOG_LABELS,
  hasRegistryTools,
  isolateHome,
  pushFiles,
  registrySkipReason,
  startRegistry,
  type TestRegistry,
} from '../../support/registry';

if (!hasRegistryTools) console.log(registrySkipReason);

const run = runCli;

/** A one-package catalog; `defaultChannel` naming a channel with no bundle makes opm refuse it. */
function catalog(version: string, defaultChannel = 'stable'): string {
  return `---
schema: olm.package
name: op
defaultChannel: ${defaultChannel}
---
schema: olm.channel
package: op
name: stable
entries:
  - name: op.v${version}
---
schema: olm.bundle
name: op.v${version}
package: op
image: quay.io/acme/op-bundle:v${version}
properties:
  - type: olm.package
    value: {packageName: op, version: ${version}}
`;
}

async function pushCatalog(reg: TestRegistry, text: string, repoTag: string): Promise<string> {
  await pushFiles(reg, { 'configs/op/catalog.yaml': text }, CATALOG_LABELS, repoTag);
  return `${reg.host}/${repoTag}`;
}

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('catalog images where a folder goes', () => {
  let reg: TestRegistry;
  let v1: string;
  let v2: string;
  let broken: string;
  let restore: () => void;
  let cache: string;
  beforeAll(async () => {
    restore = isolateHome();
    cache = process.env.XDG_CACHE_HOME as string;
    reg = await startRegistry('none');
    v1 = await pushCatalog(reg, catalog('1.0.0'), 'acme/index:v4.17');
    v2 = await pushCatalog(reg, catalog('1.1.0'), 'acme/index:v4.18');
    broken = await pushCatalog(reg, catalog('1.0.0', 'fast'), 'acme/index:broken');
  });
  afterAll(async () => {
    await reg?.stop();
    restore?.();
  });

  it('validate IMAGE gives opm’s verdict on the pulled catalog', async () => {
    const good = await run(['validate', v1, '--use-http']);
    expect(good).toMatchObject({ code: 0, out: '' });
    const bad = await run(['validate', broken, '--use-http']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(
      'invalid channel "fast":\n        └── channel must contain at least one bundle',
    );
    expect(bad.err).toContain('op/catalog.yaml:4:17  error    [R54]');
  });

  it('names the image as given in a CI report, not the cache folder', async () => {
    const r = await run(['validate', broken, '--use-http', '-o', 'github']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`::error file=${broken}/op/catalog.yaml,line=4,col=17`);
    expect(r.out).toContain(`${broken}: failed, 1 error`);
    expect(r.out + r.err).not.toContain(cache);
  });

  it('workspace IMAGE lists the catalog the image holds', async () => {
    const r = await run(['workspace', v2, '--use-http', '-o', 'json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { catalogs: { path: string; passed: boolean; packages: string[] }[] };
    expect(report.catalogs).toEqual([expect.objectContaining({ path: '.', passed: true, packages: ['op'] })]);
  });

  it('diff IMAGE IMAGE compares two releases of an index', async () => {
    const r = await run(['diff', v1, v2, '--use-http', '-o', 'markdown']);
    expect(r.err).toBe('');
    expect(r.out).toContain(`Catalog diff: ${v1} → ${v2}`);
    expect(r.out).toContain('op.v1.1.0');
    expect(r.out).not.toContain(cache);
    // The same image on both sides: nothing changed.
    const json = await run(['diff', v1, v1, '--use-http', '-o', 'json']);
    expect(JSON.parse(json.out)).toMatchObject({ packages: [] });
  });

  it('a pull that fails says why, naming the image (validate 1, diff 2)', async () => {
    const missing = `${reg.host}/acme/none:v1`;
    const v = await run(['validate', missing, '--use-http']);
    expect(v.code).toBe(1);
    expect(v.err).toMatch(/^fbc-studio validate: .*acme\/none/);
    const d = await run(['diff', v1, missing, '--use-http']);
    expect(d.code).toBe(2);
    expect(d.err).toMatch(/^fbc-studio diff: .*acme\/none/);
    // Without --use-http the registry (plain HTTP) cannot be reached over TLS.
    expect((await run(['validate', v1])).code).toBe(1);
  });

  it('still refuses a missing folder that is no image reference, in opm’s words (exit 2: a usage error)', async () => {
    expect(await run(['validate', 'no/such/folder'])).toEqual({
      code: 2,
      out: '',
      err: 'stat no/such/folder: no such file or directory\n',
    });
  });
});
