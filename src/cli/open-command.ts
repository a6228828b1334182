/**
 * `fbc-studio open [DIR|IMAGE]` and `fbc-studio serve`: the app built into the package, served on
 * 127.0.0.1 by src/server, with DIR (default: the working directory) opened read-write — a
 * repository or a catalog, as the app opens folders. `serve` is the app's start screen (the demo)
 * without a folder and without a browser. Runs until Ctrl+C.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Io } from './command-args';

export const OPEN_USAGE = `  fbc-studio open [directory] [--port N] [--no-browser] [--read-only]
  fbc-studio serve [--port N]
`;

/** The built app: FBC_STUDIO_APP_DIR, else build/app beside the built CLI or in the checkout. */
export function findAppDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    env.FBC_STUDIO_APP_DIR,
    resolve(here, '../app'), // build/cli/core.cjs → build/app
    resolve(here, '../../build/app'), // src/cli/open-command.ts → build/app
  ];
  return candidates.find((d) => d !== undefined && existsSync(resolve(d, 'index.html')));
}

/**
 * Whether an argument that is not a folder here names an image (`quay.io/org/index:v4.18`,
 * `registry/index@sha256:…`, `name:tag`): those open through the registry client, not built yet.
 */
export function looksLikeImage(arg: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(arg)) return true;
  const [first, ...rest] = arg.split('/');
  if (rest.length > 0 && first !== undefined && (/[.:]/.test(first) || first === 'localhost')) return true;
  return /^[a-z0-9][a-z0-9._/-]*:[\w][\w.-]{0,127}$/.test(arg);
}

/** Opens the URL in the default browser; a machine without one is not an error (the URL is printed). */
function launchBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No launcher: the printed URL is the way in.
  }
}

/** Resolves when the process is asked to stop (Ctrl+C, kill). */
function untilStopped(): Promise<void> {
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function run(io: Io, args: string[], mode: 'open' | 'serve'): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      'no-browser': { type: 'boolean' },
      'read-only': { type: 'boolean' },
    },
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`invalid --port ${JSON.stringify(values.port)}\n`);
    return 1;
  }
  if (positionals.length > (mode === 'open' ? 1 : 0)) {
    io.err(`too many arguments\nUsage:\n${OPEN_USAGE}`);
    return 1;
  }
  let folder;
  if (mode === 'open') {
    const dir = positionals[0] ?? '.';
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      // not here: perhaps an image reference
    }
    if (!isDir) {
      if (looksLikeImage(dir)) {
        io.err(
          `fbc-studio open: opening an image (${dir}) is not supported yet; pull it and open its folder\n`,
        );
        return 2;
      }
      io.err(`fbc-studio open: ${dir} is not a directory\n`);
      return 1;
    }
    const { DiskFolder } = await import('../server/disk-folder');
    folder = await DiskFolder.open(dir);
  }
  const appDir = findAppDir();
  if (!appDir) {
    io.err('fbc-studio: the app is not built; run `npm run build:app` first\n');
    return 2;
  }
  const { startServer } = await import('../server/server');
  let server;
  try {
    server = await startServer({ appDir, folder, readOnly: !!values['read-only'], port });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.err(`fbc-studio ${mode}: cannot listen on 127.0.0.1:${port}: ${code ?? (e as Error).message}\n`);
    return 1;
  }
  const what = folder ? `${folder.root}${values['read-only'] ? ' (read-only)' : ''}` : 'the app';
  io.out(`FBC Studio is serving ${what} at\n  ${server.url}\nPress Ctrl+C to stop.\n`);
  if (mode === 'open' && !values['no-browser']) launchBrowser(server.url);
  await untilStopped();
  await server.close();
  return 0;
}

export const openCommand = (args: string[], io: Io) => run(io, args, 'open');
export const serveCommand = (args: string[], io: Io) => run(io, args, 'serve');
