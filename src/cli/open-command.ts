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
import type { Io } from './command-args';
import type { PullOptions } from '../node/registry';
import type { BundleRenderer, ImagePuller } from '../server/images';
import { looksLikeImage, registryFlags } from './image-args';

export { looksLikeImage };

/** `open` / `serve` options as declared in commands.ts (`--no-browser` arrives as `browser: false`). */
export interface OpenOptions {
  port?: string;
  browser?: boolean;
  readOnly?: boolean;
  /** How a catalog image is pulled (docs/images.md). */
  useHttp?: boolean;
  skipTlsVerify?: boolean;
  caFile?: string;
  mirrors?: string[];
}

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
 * What the app's "Open image…" and "Add bundle by image reference…" ask the server for: the image
 * pulled with this run's registry options and its folder served read-only (src/server/images.ts).
 */
export function imagePuller(values: OpenOptions, io: Io): ImagePuller {
  let options: PullOptions | undefined;
  return async (ref) => {
    const registry = await import('../node/registry');
    options ??= registry.pullOptions(registryFlags(values), io.err);
    const image = await registry.pullImage(ref, options);
    io.err(`pulled ${ref} (${image.digest}) for the app\n`);
    const { SourceFolder } = await import('../server/source-folder');
    const { NodeFsSource } = await import('./node-source');
    const source = new NodeFsSource(image.dir);
    return {
      folder: new SourceFolder(source, `${ref}@${image.digest}`, ref),
      kind: image.kind,
      digest: image.digest,
    };
  };
}

/**
 * What the app asks for to render a template whose bundle images no catalog of the repository
 * holds: the images pulled and rendered exactly as `render-template` does (./template-pulls.ts:
 * the repository configuration's mirrors at `root`, the rendered-blob cache), said on stderr.
 */
export function bundleRenderer(values: OpenOptions, io: Io, root: string): BundleRenderer {
  return async (refs) => {
    const { pullTemplateBundles } = await import('./template-pulls');
    const r = await pullTemplateBundles(refs, root, values, io);
    for (const f of r.failed) io.err(`cannot pull ${f.image}: ${f.message}\n`);
    return { fbc: r.text, pulled: r.pulled, failed: r.failed };
  };
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

async function run(
  io: Io,
  target: string | undefined,
  values: OpenOptions,
  mode: 'open' | 'serve',
): Promise<number> {
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`invalid --port ${JSON.stringify(values.port)}\n`);
    return 2;
  }
  let folder;
  if (mode === 'open') {
    const dir = target ?? '.';
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      // not here: perhaps an image reference
    }
    if (!isDir) {
      if (!looksLikeImage(dir)) {
        io.err(`fbc-studio open: ${dir} is not a directory\n`);
        return 1;
      }
    }
    const { DiskFolder } = await import('../server/disk-folder');
    if (isDir) folder = await DiskFolder.open(dir);
    else {
      // A catalog image opens read-only: its FBC, pulled into the image cache (src/node/registry).
      const registry = await import('../node/registry');
      let image;
      try {
        image = await registry.pullImage(dir, registry.pullOptions(registryFlags(values), io.err));
      } catch (e) {
        io.err(`fbc-studio open: ${(e as Error).message}\n`);
        return 1;
      }
      if (image.kind !== 'catalog') {
        io.err(`fbc-studio open: ${dir} is a bundle image; open a catalog image or folder\n`);
        return 1;
      }
      io.err(`pulled ${dir} (${image.digest})\n`);
      folder = await DiskFolder.open(image.dir);
      values = { ...values, readOnly: true };
    }
  }
  const appDir = findAppDir();
  if (!appDir) {
    io.err('fbc-studio: the app is not built; run `npm run build:app` first\n');
    return 2;
  }
  const { startServer } = await import('../server/server');
  let server;
  try {
    server = await startServer({
      appDir,
      folder,
      readOnly: !!values.readOnly,
      port,
      pullImage: imagePuller(values, io),
      ...(folder && { renderBundles: bundleRenderer(values, io, folder.root) }),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.err(`fbc-studio ${mode}: cannot listen on 127.0.0.1:${port}: ${code ?? (e as Error).message}\n`);
    return 1;
  }
  const what = folder ? `${folder.root}${values.readOnly ? ' (read-only)' : ''}` : 'the app';
  io.out(`FBC Studio is serving ${what} at\n  ${server.url}\nPress Ctrl+C to stop.\n`);
  if (mode === 'open' && values.browser !== false) launchBrowser(server.url);
  await untilStopped();
  await server.close();
  return 0;
}

export const openCommand = (target: string | undefined, o: OpenOptions, io: Io) => run(io, target, o, 'open');
export const serveCommand = (o: OpenOptions, io: Io) => run(io, undefined, o, 'serve');
