/**
 * The package as a user gets it: `npm pack` (which builds the CLI through `prepare`), then
 * `npm install -g` of the tarball into an empty prefix with an empty cache and `--offline` (so
 * nothing may come from a registry: the bundle must carry every dependency), then the installed
 * `fbc-studio` run from outside the checkout on a fixture catalog and, when ../shared is there, a
 * real repository from the corpus.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { hasShared, repoRoot, sharedPath, skipReason } from '../../support/shared';
import { pkgBlobs, render } from '../../support/bundle-object-catalog';

const hasNpm = spawnSync('npm', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasNpm) console.log('npm pack/install test: skipped, npm is not on PATH');

let tmp = '';
let bin = '';
let files: string[] = [];

function sh(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 120_000 });
}

/** The installed bin, with only node and the prefix on PATH, from a folder outside the checkout. */
function fbc(cwd: string, ...args: string[]) {
  return fbcWith({}, cwd, ...args);
}

function fbcWith(extra: NodeJS.ProcessEnv, cwd: string, ...args: string[]) {
  const env = { ...process.env, ...extra, PATH: [dirname(bin), dirname(process.execPath)].join(delimiter) };
  return sh(bin, args, cwd, env);
}

// Needs the npm binary to pack and install: skipped, with the printed reason, where it is not on PATH.
describe.skipIf(!hasNpm)('npm pack + npm install -g', () => {
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'fbc-pack-'));
    const env = { ...process.env, npm_config_cache: join(tmp, 'cache'), npm_config_update_notifier: 'false' };
    const pack = sh('npm', ['pack', '--pack-destination', tmp, '--json'], repoRoot, env);
    expect(pack.status, pack.stderr).toBe(0);
    // `prepare` (the CLI and the app build) prints first, and the build's log has brackets of its
    // own: npm's JSON starts at the line that is a lone `[`.
    const [info] = JSON.parse(pack.stdout.slice(pack.stdout.search(/^\[$/m))) as {
      filename: string;
      files: { path: string }[];
    }[];
    files = (info?.files ?? []).map((f) => f.path).sort();
    const prefix = join(tmp, 'prefix');
    const install = sh(
      'npm',
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        '--offline',
        '--no-audit',
        '--no-fund',
        join(tmp, info?.filename ?? ''),
      ],
      tmp,
      env,
    );
    expect(install.status, install.stderr).toBe(0);
    bin = join(prefix, process.platform === 'win32' ? 'fbc-studio.cmd' : 'bin/fbc-studio');
    cpSync(join(repoRoot, 'test/fixtures/cli-report'), join(tmp, 'work'), { recursive: true });
  }, 180_000);

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('ships only the bin, the built CLI (the whole CLI and the pipeline’s smaller script with their licence notices, the loader thread, the code caches made at pack time) and the built app', () => {
    const rest = files.filter((f) => !f.startsWith('build/cli/cache/') && !f.startsWith('build/app/'));
    expect(rest).toEqual([
      'README.md',
      'bin/fbc-studio.cjs',
      'build/cli/core.cjs',
      'build/cli/load-worker.mjs',
      'build/cli/main.cjs',
      'build/cli/pipeline.cjs',
      'package.json',
    ]);
    // validate and validate-changed from the pipeline's script, workspace from the whole CLI.
    expect(
      files
        .filter((f) => f.startsWith('build/cli/cache/'))
        .map((f) => f.replace(/-[0-9a-f]{16}-v[\d.]+-\w+-/, ' ')),
    ).toEqual([
      'build/cli/cache/core workspace.v8',
      'build/cli/cache/pipeline validate-changed.v8',
      'build/cli/cache/pipeline validate.v8',
    ]);
    // The production build of the app (`fbc-studio open`), with the demo it starts on.
    expect(files).toContain('build/app/index.html');
    expect(files).toContain('build/app/demo/manifest.json');
    expect(files.some((f) => /^build\/app\/assets\/.+\.js$/.test(f))).toBe(true);
  });

  it('serves the installed app and a catalog with `open --no-browser`, on 127.0.0.1, behind the token', async () => {
    const child = spawn(bin, ['open', 'catalog', '--no-browser'], {
      cwd: join(tmp, 'work'),
      env: { ...process.env, PATH: [dirname(bin), dirname(process.execPath)].join(delimiter) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((done, fail) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out);
          if (m) done(m[0]);
        });
        child.on('exit', (code) => fail(new Error(`open exited with ${code}`)));
      });
      const origin = new URL(url).origin;
      expect((await fetch(`${origin}/api/files`)).status).toBe(401);
      const login = await fetch(url, { redirect: 'manual' });
      expect(login.status).toBe(303);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const get = (path: string) => fetch(origin + path, { headers: { cookie } });
      const page = await (await get('/')).text();
      expect(page).toContain('name="fbc-studio-served"');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
      expect(script).toBeDefined();
      const js = await get(script as string);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toMatch(/javascript/);
      const listed = (await (await get('/api/files')).json()) as { files: { path: string }[] };
      const paths = listed.files.map((f) => f.path).sort();
      expect(paths).toEqual(
        readdirSync(join(tmp, 'work/catalog'), { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => join(d.parentPath, d.name).slice(join(tmp, 'work/catalog').length + 1))
          .sort(),
      );
      const first = paths[0] as string;
      expect(await (await get(`/api/file?path=${encodeURIComponent(first)}`)).text()).toBe(
        readFileSync(join(tmp, 'work/catalog', first), 'utf8'),
      );
    } finally {
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 60_000);

  it('starts validate from the code cache it ships (made with this Node): no user cache is written', () => {
    const user = join(tmp, 'user-cache');
    const warm = fbcWith(
      { FBC_STUDIO_CACHE_DIR: user },
      join(tmp, 'work'),
      'validate',
      'catalog',
      '-o',
      'json',
    );
    const cold = fbcWith({ FBC_STUDIO_CACHE: 'off' }, join(tmp, 'work'), 'validate', 'catalog', '-o', 'json');
    expect(warm.status).toBe(1);
    expect(warm.stdout).toBe(cold.stdout);
    expect(existsSync(user)).toBe(false);
  });

  it('writes a command’s code cache on its first run and reads it on the next, with the same output', () => {
    const user = join(tmp, 'user-rules');
    const first = fbcWith({ FBC_STUDIO_CACHE_DIR: user }, tmp, 'rules', '-o', 'json');
    expect(first.status).toBe(0);
    const written = readdirSync(user);
    expect(written).toEqual([expect.stringMatching(/^core-[0-9a-f]{16}-v[\d.]+-\w+-rules\.v8$/)]);
    const bytes = readFileSync(join(user, written[0] as string));
    const second = fbcWith({ FBC_STUDIO_CACHE_DIR: user }, tmp, 'rules', '-o', 'json');
    expect(second.stdout).toBe(first.stdout);
    expect(readFileSync(join(user, written[0] as string)).equals(bytes)).toBe(true); // read, not rewritten
    // FBC_STUDIO_CACHE=off reads and writes nothing.
    const off = join(tmp, 'user-off');
    expect(fbcWith({ FBC_STUDIO_CACHE: 'off', FBC_STUDIO_CACHE_DIR: off }, tmp, 'rules').status).toBe(0);
    expect(existsSync(off)).toBe(false);
  });

  it('a damaged code cache changes nothing a user sees, and is replaced', () => {
    const user = join(tmp, 'user-damaged');
    // The user's file of the same name as the package's own comes first.
    const name = readdirSync(join(tmp, 'prefix/lib/node_modules/fbc-studio/build/cli/cache')).find((f) =>
      f.endsWith('-validate.v8'),
    ) as string;
    mkdirSync(user);
    writeFileSync(join(user, name), Buffer.from('not a V8 code cache at all'.repeat(100)));
    const clean = fbcWith({ FBC_STUDIO_CACHE: 'off' }, join(tmp, 'work'), 'validate', 'catalog');
    const damaged = fbcWith({ FBC_STUDIO_CACHE_DIR: user }, join(tmp, 'work'), 'validate', 'catalog');
    expect(damaged.status).toBe(1);
    expect(damaged.stdout + damaged.stderr).toBe(clean.stdout + clean.stderr);
    expect(readFileSync(join(user, name)).toString('latin1')).not.toContain('not a V8 code cache');
  });

  it('installs with no registry, and validates a catalog with locations and exit code', () => {
    expect(readdirSync(join(tmp, 'prefix/lib/node_modules/fbc-studio'))).not.toContain('node_modules');
    const text = fbc(join(tmp, 'work'), 'validate', 'catalog');
    expect(text.status).toBe(1);
    expect(text.stderr).toMatch(/foo\/index\.yaml:13:11 +error +\[R35\] +no olm\.bundle blobs found/);
    const gh = fbc(join(tmp, 'work'), 'validate', 'catalog', '-o', 'github');
    expect(gh.status).toBe(1);
    expect(gh.stdout.split('\n').at(-2)).toBe('catalog: failed, 3 errors, 1 warning');
    expect(fbc(join(tmp, 'work'), 'validate', 'warned').status).toBe(0);
    expect(fbc(join(tmp, 'work'), 'validate', 'missing', '--fail-on', 'error').status).toBe(2);
  });

  it('validates on loader threads from the installed package, printing what one thread prints', () => {
    const one = fbcWith({ FBC_STUDIO_THREADS: '0' }, join(tmp, 'work'), 'validate', 'catalog', '-o', 'json');
    const two = fbcWith({ FBC_STUDIO_THREADS: '2' }, join(tmp, 'work'), 'validate', 'catalog', '-o', 'json');
    expect(two.stderr).toBe('');
    expect(two.status).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stdout).toContain('no olm.bundle blobs found');
    // The folder above is a repository of several catalogs: each validated on the thread that holds
    // its files, the text and the CI report as one thread prints them.
    for (const args of [
      ['validate', '.'],
      ['validate', '.', '-o', 'github'],
    ]) {
      const oneRepo = fbcWith({ FBC_STUDIO_THREADS: '0' }, join(tmp, 'work'), ...args);
      const twoRepo = fbcWith({ FBC_STUDIO_THREADS: '2' }, join(tmp, 'work'), ...args);
      expect(twoRepo.status).toBe(oneRepo.status);
      expect(twoRepo.stdout + twoRepo.stderr).toBe(oneRepo.stdout + oneRepo.stderr);
      expect(oneRepo.stdout + oneRepo.stderr).toContain('no olm.bundle blobs found');
    }
  });

  it('validates large JSON catalog files with their base64 cut out, printing what the usual read prints', () => {
    // One catalog twice, its files over 64 KB of bundle objects, findings after the cut strings on
    // compact lines; the second copy has a non-ASCII letter in each package's description, which the
    // cut read declines (elided-json.ts): its files are read as they were before it.
    const big = join(tmp, 'big');
    for (const [dir, description] of [
      ['cut', 'plain'],
      ['usual', 'plaîn'],
    ] as const) {
      for (const i of [0, 1, 2]) {
        const blobs = pkgBlobs(`pkg${i}`, 10, 5000, true);
        (blobs[0] as Record<string, unknown>).description = description;
        const text = render(blobs, ['compact', 'pretty']);
        expect(text.length).toBeGreaterThan(64 << 10);
        mkdirSync(join(big, dir, `pkg${i}`), { recursive: true });
        writeFileSync(join(big, dir, `pkg${i}`, 'index.json'), text);
      }
    }
    for (const threads of ['0', '2']) {
      for (const format of ['github', 'json', 'text']) {
        const args = ['validate', '.', ...(format === 'text' ? [] : ['-o', format])];
        const cut = fbcWith({ FBC_STUDIO_THREADS: threads }, join(big, 'cut'), ...args);
        const usual = fbcWith({ FBC_STUDIO_THREADS: threads }, join(big, 'usual'), ...args);
        expect(cut.status).toBe(1);
        expect(cut.stdout + cut.stderr).toContain('parse property[3] of type');
        expect([threads, format, cut.stdout, cut.stderr]).toEqual([
          threads,
          format,
          usual.stdout,
          usual.stderr,
        ]);
      }
    }
  });

  it('prints what the sources print, command by command (the bundle is one CommonJS script)', async () => {
    const demo = join(repoRoot, 'public/demo');
    const runs: string[][] = [
      ['rules', '-o', 'json'],
      ['render-graph', demo],
      ['validate', demo, '-o', 'sarif'],
      ['workspace', demo, '-o', 'junit'],
      ['diff', demo, join(repoRoot, 'test/fixtures/cli-report/catalog'), '-o', 'markdown'],
      ['--help'],
    ];
    if (hasShared) {
      runs.push(['crossplane', 'deps', sharedPath('corpus/crossplane/configuration-quickstart')]);
      runs.push(['workspace', sharedPath('corpus/fbc/kubev2v-mtv-fbc'), '-o', 'json']);
    }
    for (const args of runs) {
      let out = '';
      let err = '';
      const code = await main(args, { out: (x) => (out += x), err: (x) => (err += x) });
      const installed = fbc(repoRoot, ...args);
      expect({ args, code: installed.status, out: installed.stdout, err: installed.stderr }).toEqual({
        args,
        code,
        out,
        err,
      });
    }
  }, 60_000);

  // A real repository from ../shared/corpus: skipped, saying so (below), where it is absent.
  it.skipIf(!hasShared)(
    'validates a corpus repository: every catalog passes opm, our warnings fail only at --fail-on warning',
    () => {
      const repo = sharedPath('corpus/fbc/openshift-kueue-fbc');
      const out = fbc(tmp, 'validate', repo);
      expect(out.status).toBe(0);
      expect(out.stdout).toContain('v4.18/catalog (OpenShift 4.18): passed, 0 errors');
      const strict = fbc(tmp, 'validate', repo, '-o', 'github', '--fail-on', 'warning');
      expect(strict.status).toBe(1);
      expect(strict.stdout).toMatch(
        /^::warning file=.*v4\.19\/catalog\/kueue-operator\/catalog\.json,line=\d+,col=\d+,title=fbc-studio skew-bundle-dropped/m,
      );
      // Each channel's head skips every older entry: no cluster is left behind, so no skips-only.
      expect(strict.stdout).not.toContain('skips-only');
    },
  );
  if (!hasShared) console.log(skipReason('npm pack corpus run'));
});
