/**
 * `olmv1 preview` against catalog images in Debian's docker-registry on 127.0.0.1: `--catalog IMAGE`
 * and a ClusterCatalog naming only `spec.source.image.ref` are pulled (the images pushed by skopeo).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
import { bundle, bundleName, genPackage, PKG } from './fixtures';

if (!hasRegistryTools) console.log(registrySkipReason);

const run = (...args: string[]) => runCli(args);

const CE = `apiVersion: olm.operatorframework.io/v1
kind: ClusterExtension
metadata:
  name: demo
spec:
  namespace: demo
  source:
    sourceType: Catalog
    catalog:
      packageName: ${PKG}
`;

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('olmv1 preview of catalog images', () => {
  let reg: TestRegistry;
  let restore: () => void;
  let home = '';
  beforeAll(async () => {
    restore = isolateHome();
    home = process.env.HOME as string;
    reg = await startRegistry('none');
    const image = async (name: string, blobs: object[]) => {
      const text = blobs.map((b) => JSON.stringify(b)).join('\n');
      await pushFiles(reg, { [`configs/${PKG}/catalog.json`]: text }, CATALOG_LABELS, `acme/${name}:v1`);
    };
    await image('main', genPackage());
    await image('extra', [{ schema: 'olm.package', name: PKG }, bundle(PKG, '9.0.0')]);
    writeFileSync(join(home, 'ce.yaml'), CE);
  });
  afterAll(async () => {
    await reg?.stop();
    restore?.();
  });

  it('--catalog IMAGE is pulled and resolved as its folder would be', async () => {
    const r = await run(
      'olmv1',
      'preview',
      join(home, 'ce.yaml'),
      '--catalog',
      `${reg.host}/acme/main:v1`,
      '--use-http',
      '-o',
      'json',
    );
    expect(r.err).toBe(`pulled ${reg.host}/acme/main:v1\n`);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { resolved: { bundle: string } }).resolved.bundle).toBe(
      bundleName(PKG, '3.0.0'),
    );
  });

  it('a ClusterCatalog with only spec.source.image.ref is pulled; --offline leaves it without content', async () => {
    const catalogs = join(home, 'catalogs.yaml');
    writeFileSync(
      catalogs,
      `apiVersion: olm.operatorframework.io/v1
kind: ClusterCatalog
metadata: { name: main }
spec:
  priority: 10
  source: { type: Image, image: { ref: ${reg.host}/acme/main:v1 } }
---
apiVersion: olm.operatorframework.io/v1
kind: ClusterCatalog
metadata: { name: extra }
spec:
  source: { type: Image, image: { ref: ${reg.host}/acme/extra:v1 } }
`,
    );
    const r = await run(
      'olmv1',
      'preview',
      join(home, 'ce.yaml'),
      '--cluster-catalogs',
      catalogs,
      '--use-http',
      '-o',
      'json',
    );
    expect(r.code).toBe(0);
    // main has priority 10: its 3.0.0 beats extra's 9.0.0, as with folders.
    expect((JSON.parse(r.out) as { resolved: { bundle: string } }).resolved.bundle).toBe(
      bundleName(PKG, '3.0.0'),
    );
    const offline = await run(
      'olmv1',
      'preview',
      join(home, 'ce.yaml'),
      '--cluster-catalogs',
      catalogs,
      '--offline',
      '-o',
      'json',
    );
    expect(offline.code).toBe(1);
    expect(offline.out).toContain('no content offline');
  });
});
