/**
 * A served folder for the server tests: a small catalog repository written by the test in a fresh
 * temporary folder, a stand-in app (index.html and one asset: the server serves whatever was built),
 * and a file outside the root that nothing may reach.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskFolder } from '../../../src/server/disk-folder';
import { startServer, type RunningServer, type ServerOptions } from '../../../src/server/server';

export const CATALOG = `---
schema: olm.package
name: foo
defaultChannel: stable
---
schema: olm.channel
package: foo
name: stable
entries:
  - name: foo.v0.1.0
`;

export interface Served {
  server: RunningServer;
  tmp: string;
  root: string;
  outside: string;
  /** Headers of the app's own requests (Host and the session cookie). */
  session: Record<string, string>;
  /** Those plus the app's Origin, as a state-changing request from the app carries. */
  write: Record<string, string>;
  close(): Promise<void>;
}

export async function serveFixture(opts: Partial<ServerOptions> = {}): Promise<Served> {
  const tmp = mkdtempSync(join(tmpdir(), 'fbc-open-'));
  const root = join(tmp, 'repo');
  const app = join(tmp, 'app');
  mkdirSync(join(root, 'catalogs/foo'), { recursive: true });
  mkdirSync(join(app, 'assets'), { recursive: true });
  writeFileSync(join(root, 'catalogs/foo/catalog.yaml'), CATALOG);
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  writeFileSync(join(app, 'assets/app.js'), 'console.log(1)');
  const outside = join(tmp, 'secret.txt');
  writeFileSync(outside, 'outside the root');
  const server = await startServer({ appDir: app, folder: await DiskFolder.open(root), ...opts });
  const session = { Host: `127.0.0.1:${server.port}`, Cookie: `fbc-studio-${server.port}=${server.token}` };
  return {
    server,
    tmp,
    root,
    outside,
    session,
    write: { ...session, Origin: server.origin },
    close: async () => {
      await server.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
