/**
 * The server pulling a template's bundle images that no catalog holds, for the app's re-render
 * (POST /api/images/bundles), against Debian's docker-registry on 127.0.0.1 with images pushed by
 * skopeo: each image is rendered to the olm.bundle blob `render IMAGE` prints, which were pulled is
 * said, and an image that cannot be pulled is named with the registry's reason — a refused
 * credential with the auth file it came from, never the secret.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleRenderer, imagePuller } from '../../../src/cli/open-command';
import { bundleFiles } from '../bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  hasRegistryTools,
  isolateHome,
  registrySkipReason,
  startRegistry,
  type TestRegistry,
  pushFiles,
} from '../../support/registry';
import { runCli } from '../../support/cli-run';
import { raw } from './raw-http';
import { serveFixture, type Served } from './serve-fixture';
import { tempDir } from '../../support/temp-dir';

if (!hasRegistryTools) console.log(registrySkipReason);

async function bundleImage(reg: TestRegistry, version: string): Promise<string> {
  const files = bundleFiles({ version, channels: 'stable', defaultChannel: 'stable' });
  return pushFiles(reg, files, BUNDLE_LABELS, `acme/op-bundle:v${version}`);
}

interface Rendered {
  fbc: string;
  pulled: string[];
  failed: { image: string; message: string }[];
}

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)("POST /api/images/bundles: a template's images pulled for the app", () => {
  let plain: TestRegistry;
  let locked: TestRegistry;
  let s: Served;
  let restore: () => void;
  let authFile: string;
  /** The bundle image the first test pulls (built once: a layer built again has another mtime). */
  let ref: string;
  const log: string[] = [];
  beforeAll(async () => {
    authFile = join(tempDir('fbc-auth-'), 'auth.json');
    restore = isolateHome();
    [plain, locked] = await Promise.all([startRegistry('none'), startRegistry('htpasswd')]);
    // Set once the registries run: docker-registry reads REGISTRY_* variables as its own settings.
    process.env.REGISTRY_AUTH_FILE = authFile;
    writeFileSync(
      authFile,
      JSON.stringify({
        auths: { [locked.host]: { auth: Buffer.from(`${locked.user}:wrong-secret`).toString('base64') } },
      }),
    );
    const io = { out: (t: string) => log.push(t), err: (t: string) => log.push(t) };
    // The repository's root only gives its configuration's mirrors: this one has none.
    const root = tempDir('fbc-root-');
    s = await serveFixture({
      pullImage: imagePuller({ useHttp: true }, io),
      renderBundles: bundleRenderer({ useHttp: true }, io, root),
    });
  });
  afterAll(async () => {
    await s?.close();
    await plain?.stop();
    await locked?.stop();
    restore?.();
  });

  const ask = (body: unknown, headers = s.write) =>
    raw(s.server.port, {
      method: 'POST',
      path: '/api/images/bundles',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('renders each pulled bundle as `render IMAGE` prints it, and names what failed and why', async () => {
    ref = await bundleImage(plain, '1.2.0');
    const missing = `${plain.host}/acme/none@sha256:${'0'.repeat(64)}`;
    const lockedRef = await bundleImage(locked, '1.3.0');
    const r = await ask({ refs: [ref, missing, lockedRef] });
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body) as Rendered;
    expect(body.pulled).toEqual([ref]);
    // The blob is the one `fbc-studio render IMAGE` prints (opm's, in JSON).
    const cli = await runCli(['render', ref, '--use-http']);
    expect(cli.code).toBe(0);
    expect(JSON.parse(body.fbc)).toEqual(JSON.parse(cli.out));
    expect(body.failed.map((f) => f.image)).toEqual([missing, lockedRef]);
    expect(body.failed[0]?.message).toContain('acme/none');
    expect(body.failed[1]?.message).toContain(
      `401 Unauthorized: the credential for ${locked.host} from ${authFile} was refused`,
    );
    expect(r.body + log.join('')).not.toContain('wrong-secret');
    expect(log.join('')).toContain(`pulled ${ref}\n`);
  });

  it('a second ask is answered from the cache, and bad requests are refused', async () => {
    const again = JSON.parse((await ask({ refs: [ref] })).body) as Rendered;
    expect(again.pulled).toEqual([`${ref} (cached)`]);
    expect((await ask({ refs: [] })).status).toBe(400);
    expect((await ask({ refs: ['two words'] })).status).toBe(400);
    expect((await ask({ refs: [ref] }, s.session)).status).toBe(403);
    const get = await raw(s.server.port, { path: '/api/images/bundles', headers: s.session });
    expect(get.status).toBe(405);
  });
});
