import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authFileCandidates, findCredential } from '../../../src/node/registry/credentials';
import { parseReference } from '../../../src/node/registry/reference';
import { tempDir } from '../../support/temp-dir';

function auth(user: string, pw: string): string {
  return Buffer.from(`${user}:${pw}`).toString('base64');
}

function home(): string {
  return tempDir('fbc-creds-');
}

describe('credentials in opm ≥ 1.73 order', () => {
  it('lists REGISTRY_AUTH_FILE, DOCKER_CONFIG, ~/.docker, then podman’s runtime and config files', () => {
    const h = '/home/u';
    expect(
      authFileCandidates({
        home: h,
        env: {
          REGISTRY_AUTH_FILE: '/a/auth.json',
          DOCKER_CONFIG: '/d',
          XDG_RUNTIME_DIR: '/run/user/1',
          XDG_CONFIG_HOME: '/cfg',
        },
      }),
    ).toEqual([
      '/a/auth.json',
      '/d/config.json',
      '/home/u/.docker/config.json',
      '/run/user/1/containers/auth.json',
      '/cfg/containers/auth.json',
    ]);
    expect(authFileCandidates({ home: h, env: {} })).toEqual([
      '/home/u/.docker/config.json',
      '/home/u/.config/containers/auth.json',
    ]);
  });

  it('skips a file that holds no credential for the registry (the empty ~/.docker/config.json of opm < 1.73)', async () => {
    const h = home();
    mkdirSync(join(h, '.docker'));
    writeFileSync(join(h, '.docker', 'config.json'), '{"auths":{}}');
    mkdirSync(join(h, '.config', 'containers'), { recursive: true });
    const podman = join(h, '.config', 'containers', 'auth.json');
    writeFileSync(podman, JSON.stringify({ auths: { 'quay.io': { auth: auth('robot', 's3cret') } } }));
    const c = await findCredential(parseReference('quay.io/org/bundle:v1'), { home: h, env: {} });
    expect(c).toMatchObject({ username: 'robot', password: 's3cret', from: podman });
  });

  it('takes the most specific key, reads docker-style keys, and the first file that matches wins', async () => {
    const h = home();
    const file = join(h, 'auth.json');
    writeFileSync(
      file,
      JSON.stringify({
        auths: {
          'quay.io': { auth: auth('all', 'a') },
          'quay.io/org': { auth: auth('org', 'o') },
          'https://index.docker.io/v1/': { auth: auth('hub', 'h') },
        },
      }),
    );
    const env = { home: h, env: { REGISTRY_AUTH_FILE: file } };
    expect(await findCredential(parseReference('quay.io/org/x'), env)).toMatchObject({ username: 'org' });
    expect(await findCredential(parseReference('quay.io/other/x'), env)).toMatchObject({ username: 'all' });
    expect(await findCredential(parseReference('busybox'), env)).toMatchObject({ username: 'hub' });
    expect(await findCredential(parseReference('registry.redhat.io/x/y'), env)).toBeUndefined();
  });

  it('asks a credential helper through its protocol (server on stdin, JSON out)', async () => {
    const h = home();
    const file = join(h, 'config.json');
    writeFileSync(file, JSON.stringify({ credHelpers: { 'registry.redhat.io': 'secretservice' } }));
    const asked: string[] = [];
    const c = await findCredential(parseReference('registry.redhat.io/ns/img:1'), {
      home: h,
      env: { REGISTRY_AUTH_FILE: file },
      runHelper: async (program, server) => {
        asked.push(`${program} ${server}`);
        return JSON.stringify({ ServerURL: server, Username: 'svc', Secret: 'tok' });
      },
    });
    expect(asked).toEqual(['docker-credential-secretservice registry.redhat.io']);
    expect(c).toMatchObject({ username: 'svc', password: 'tok', from: 'docker-credential-secretservice' });
  });
});
