/**
 * `fbc-studio validate-bundle` with operator-sdk's optional-validator flags, on a bundle folder written
 * here: --list-optional prints the table, --select-optional adds the selected validators' findings
 * (text and CI formats), --optional-values feeds them, a selector matching nothing is a usage error.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dump } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { ANNOTATIONS, crdV1beta1, csv } from './api-fixture';

const dir = mkdtempSync(join(tmpdir(), 'bundle-optional-'));
const files: Record<string, string> = {
  'metadata/annotations.yaml': ANNOTATIONS,
  'manifests/etcd.csv.yaml': dump(csv()),
  'manifests/etcdclusters.crd.yaml': dump(
    crdV1beta1('EtcdCluster', 'etcdclusters', 'etcd.example.com', 'v1beta2'),
  ),
};
for (const [p, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dir, p)), { recursive: true });
  writeFileSync(join(dir, p), text);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  let out = '';
  let err = '';
  const code = await main(['validate-bundle', ...args], { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('validate-bundle --select-optional', () => {
  it('lists the optional validators with their labels', async () => {
    const { code, out } = await run('--list-optional');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^NAME\s+LABELS\s+DESCRIPTION$/);
    expect(out).toMatch(/^good-practices\s+name=good-practices\s/m);
    expect(out).toMatch(/^\s+suite=operatorframework$/m);
  });

  it('runs nothing optional by default, and the removed-API check when selected', async () => {
    const plain = await run(dir, '-o', 'json');
    const findings = (JSON.parse(plain.out) as { findings: { rule: string }[] }).findings;
    expect(findings.some((f) => f.rule.startsWith('bundle-removed-api'))).toBe(false);

    const warned = await run(dir, '--select-optional', 'name=alpha-deprecated-apis');
    expect(warned.code).toBe(0);
    expect(warned.out).toContain(
      'warning [bundle-removed-api-warning] this bundle is using APIs which were deprecated and removed in v1.22.',
    );

    const failed = await run(
      dir,
      '--select-optional=name=alpha-deprecated-apis',
      '--optional-values',
      'k8s-version=1.22',
      '-o',
      'github',
    );
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(
      /^::error file=.*etcd\.csv\.yaml,title=operator-framework bundle-removed-api%3A/m,
    );
  });

  it('reads the Dockerfile index-path names for the community validator, and says when it is missing', async () => {
    const dockerfile = join(dir, 'bundle.Dockerfile');
    writeFileSync(dockerfile, 'FROM scratch\nLABEL com.redhat.openshift.versions="v4.6-v4.9"\n');
    const json = async (...extra: string[]) =>
      (
        JSON.parse((await run(dir, '-o', 'json', '--select-optional', 'name=community', ...extra)).out) as {
          findings: { rule: string; message: string }[];
        }
      ).findings.filter((f) => f.rule === 'bundle-community-index-label');
    expect((await json('--optional-values', `index-path=${dockerfile}`))[0]?.message).toContain(
      'Upgrade the APIs from for CRD: (["etcdclusters.etcd.example.com"])',
    );
    const missing = join(dir, 'nope.Dockerfile');
    expect((await json('--optional-values', `index-path=${missing}`))[0]?.message).toContain(
      `Error : stat ${missing}: no such file or directory`,
    );
  });

  it('refuses a selector that matches no validator, as operator-sdk does', async () => {
    const { code, err } = await run(dir, '--select-optional', 'name=multiarch');
    expect(code).toBe(2);
    expect(err).toBe('selector "name=multiarch" does not match any validator labels\n');
  });

  it('refuses a selector labels.Parse refuses, in its words; `in` takes a set, `!` a missing label', async () => {
    const bad = await run(dir, '--select-optional', 'suite in (operatorframework');
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("unable to parse requirement: found '', expected: ',' or ')'\n");
    const set = await run(
      dir,
      '-o',
      'json',
      '--select-optional',
      'name in (alpha-deprecated-apis, good-practices),!nope',
    );
    expect(set.code).toBe(0);
    // operator-sdk quotes a selector that picks nothing as Selector.String() prints it.
    const none = await run(dir, '--select-optional', 'suite=x, name in (b,a)');
    expect(none.err).toBe('selector "name in (a,b),suite=x" does not match any validator labels\n');
    const rules = (JSON.parse(set.out) as { findings: { rule: string }[] }).findings.map((f) => f.rule);
    expect(rules.some((r) => r.startsWith('bundle-removed-api'))).toBe(true);
  });
});
