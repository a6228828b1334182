/**
 * `fbc-studio open` from the sources, as the e2e specs of the local server start it: on a folder,
 * no browser, the production build of the app (dist/), an own HOME and cache so the developer's
 * credentials and cache are never read; resolves with the URL it prints (token included).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { repoRoot } from './helpers';

export interface OpenServer {
  url: string;
  child: ChildProcess;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts `fbc-studio open FOLDER --no-browser ...flags`; `home` isolates HOME and the XDG folders. */
export async function startOpen(folder: string, flags: string[], home?: string): Promise<OpenServer> {
  const isolated = home
    ? { HOME: home, XDG_CACHE_HOME: join(home, 'cache'), XDG_CONFIG_HOME: join(home, 'config') }
    : {};
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'open', folder, '--no-browser', ...flags],
    {
      cwd: repoRoot,
      env: { ...process.env, ...isolated, FBC_STUDIO_APP_DIR: resolve(repoRoot, 'dist') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((done, fail) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out);
      if (m) done(m[0]);
    });
    child.on('exit', (code) => fail(new Error(`fbc-studio open exited (${code}): ${err}`)));
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}
