import { describe, expect, it } from 'vitest';
import { parseReference } from '../../../src/node/registry/reference';
import { parseChallenges } from '../../../src/node/registry/www-authenticate';

describe('image references, as distribution/reference reads them', () => {
  it('names Docker Hub when the first component is no registry', () => {
    expect(parseReference('busybox')).toMatchObject({
      registry: 'docker.io',
      repository: 'library/busybox',
      tag: 'latest',
    });
    expect(parseReference('operator-framework/opm:v1.40')).toMatchObject({
      registry: 'docker.io',
      repository: 'operator-framework/opm',
      tag: 'v1.40',
    });
  });
  it('reads a registry with a port, a tag and a digest', () => {
    const d = 'sha256:' + 'a'.repeat(64);
    expect(parseReference(`127.0.0.1:5000/ns/bundle:v1@${d}`)).toMatchObject({
      registry: '127.0.0.1:5000',
      repository: 'ns/bundle',
      tag: 'v1',
      digest: d,
    });
    expect(parseReference(`quay.io/org/repo@${d}`)).toMatchObject({
      registry: 'quay.io',
      repository: 'org/repo',
      digest: d,
    });
    expect(parseReference(`quay.io/org/repo@${d}`).tag).toBeUndefined();
    expect(parseReference('localhost/x')).toMatchObject({ registry: 'localhost', repository: 'x' });
  });
  it('refuses what distribution refuses', () => {
    expect(() => parseReference('Quay.io/Org/Repo')).toThrow(/lowercase/);
    expect(() => parseReference('quay.io/org/repo@sha256:short')).toThrow(/invalid digest/);
    expect(() => parseReference('')).toThrow(/invalid reference/);
    expect(() => parseReference('quay.io/org/repo:bad tag')).toThrow();
  });
});

describe('WWW-Authenticate challenges', () => {
  it('reads a Bearer challenge as quay.io and registry.redhat.io send it', () => {
    expect(
      parseChallenges(
        'Bearer realm="https://quay.io/v2/auth",service="quay.io",scope="repository:org/repo:pull"',
      ),
    ).toEqual([
      {
        scheme: 'bearer',
        params: { realm: 'https://quay.io/v2/auth', service: 'quay.io', scope: 'repository:org/repo:pull' },
      },
    ]);
  });
  it('reads Basic, and two challenges in one header', () => {
    expect(parseChallenges('Basic realm="test-realm"')).toEqual([
      { scheme: 'basic', params: { realm: 'test-realm' } },
    ]);
    const two = parseChallenges('Basic realm="r", Bearer realm="https://a/t",service="s"');
    expect(two.map((c) => c.scheme)).toEqual(['basic', 'bearer']);
    expect(two[1]?.params).toEqual({ realm: 'https://a/t', service: 's' });
  });
});
