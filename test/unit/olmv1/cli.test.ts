/** `fbc-studio olmv1 preview|generate` over catalogs written to a temporary folder. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { bundle, bundleName, genPackage, PKG } from './fixtures';

let root = '';
async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => void (out += s), err: (s) => void (err += s) });
  return { code, out, err };
}

const CE = (extra = '') => `apiVersion: olm.operatorframework.io/v1
kind: ClusterExtension
metadata:
  name: demo
spec:
  namespace: demo
  source:
    sourceType: Catalog
    catalog:
      packageName: ${PKG}
${extra}`;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'olmv1-'));
  const write = (dir: string, blobs: object[]) => {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'catalog.json'), blobs.map((b) => JSON.stringify(b)).join('\n'));
  };
  write('main', genPackage());
  write('extra', [{ schema: 'olm.package', name: PKG }, bundle(PKG, '9.0.0')]);
  writeFileSync(join(root, 'ce.yaml'), CE());
  writeFileSync(join(root, 'ce-beta.yaml'), CE('      channels: [beta]\n'));
  writeFileSync(
    join(root, 'catalogs.yaml'),
    `apiVersion: olm.operatorframework.io/v1
kind: ClusterCatalog
metadata:
  name: main
  annotations: { fbc-studio/catalog-dir: main }
spec:
  priority: 10
  source: { type: Image, image: { ref: quay.io/example/main:latest } }
---
apiVersion: olm.operatorframework.io/v1
kind: ClusterCatalog
metadata:
  name: extra
  annotations: { fbc-studio/catalog-dir: extra }
spec:
  source: { type: Image, image: { ref: quay.io/example/extra:latest } }
`,
  );
  writeFileSync(
    join(root, 'escape.yaml'),
    `kind: ClusterCatalog\nmetadata:\n  name: x\n  annotations: { fbc-studio/catalog-dir: ../.. }\n`,
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('fbc-studio olmv1 preview', () => {
  it('prints the exact JSON shape: resolved, error, candidates, conditions', async () => {
    const r = await run(
      'olmv1',
      'preview',
      join(root, 'ce-beta.yaml'),
      '--catalog',
      join(root, 'main'),
      '-o',
      'json',
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as Record<string, unknown>;
    expect(Object.keys(j)).toEqual(['resolved', 'error', 'candidates', 'conditions']);
    expect(j.resolved).toEqual({
      package: PKG,
      bundle: bundleName(PKG, '1.0.2'),
      version: '1.0.2',
      channel: 'beta',
    });
    expect(j.error).toBeNull();
    const cands = j.candidates as { bundle: string; kept: boolean; why: string }[];
    expect(Object.keys(cands[0]!)).toEqual(['bundle', 'version', 'kept', 'why']);
    expect(cands.find((c) => c.bundle === bundleName(PKG, '3.0.0'))).toMatchObject({
      kept: false,
      why: 'not in channels [beta]',
    });
  });

  it('ClusterCatalogs by priority; --installed as a version', async () => {
    const r = await run(
      'olmv1',
      'preview',
      join(root, 'ce.yaml'),
      '--cluster-catalogs',
      join(root, 'catalogs.yaml'),
      '-o',
      'json',
    );
    // main has priority 10: its 3.0.0 beats extra's 9.0.0.
    expect(JSON.parse(r.out).resolved.bundle).toBe(bundleName(PKG, '3.0.0'));
    const up = await run(
      'olmv1',
      'preview',
      join(root, 'ce.yaml'),
      '--catalog',
      join(root, 'main'),
      '--installed',
      '0.1.0',
    );
    expect(up.code).toBe(0);
    expect(up.out).toContain(`resolved: ${bundleName(PKG, '1.0.2')}`);
    expect(up.out).toContain('BundleDeprecated=False (NotDeprecated): bundle not deprecated');
  });

  it('an unresolvable ClusterExtension exits 1 with upstream’s message', async () => {
    writeFileSync(join(root, 'ce-none.yaml'), CE('      version: ">=5.0.0"\n'));
    const r = await run(
      'olmv1',
      'preview',
      join(root, 'ce-none.yaml'),
      '--catalog',
      join(root, 'main'),
      '-o',
      'json',
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).error).toBe(`no bundles found for package "${PKG}" matching version ">=5.0.0"`);
  });

  it('a catalog folder outside the manifest’s folder is refused', async () => {
    const r = await run(
      'olmv1',
      'preview',
      join(root, 'ce.yaml'),
      '--cluster-catalogs',
      join(root, 'escape.yaml'),
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain('leaves');
  });
});

describe('fbc-studio olmv1 generate', () => {
  it('writes a ClusterExtension that previews back to the chosen bundle', async () => {
    const g = await run(
      'olmv1',
      'generate',
      join(root, 'main'),
      '--package',
      PKG,
      '--bundle',
      bundleName(PKG, '1.0.2'),
      '--channel',
      'beta',
    );
    expect(g.code).toBe(0);
    writeFileSync(join(root, 'generated.yaml'), g.out);
    const r = await run(
      'olmv1',
      'preview',
      join(root, 'generated.yaml'),
      '--catalog',
      join(root, 'main'),
      '-o',
      'json',
    );
    expect(JSON.parse(r.out).resolved).toMatchObject({ bundle: bundleName(PKG, '1.0.2'), channel: 'beta' });
  });
});

describe('fbc-studio olmv1 eligibility', () => {
  it('prints one row per bundle; a catalog without CSV data is unknown (null), not a guess', async () => {
    const r = await run('olmv1', 'eligibility', join(root, 'main'), '--package', PKG, '-o', 'json');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as Record<string, unknown>[];
    expect(rows).toHaveLength(6);
    expect(Object.keys(rows[0]!)).toEqual(['package', 'bundle', 'eligible', 'reasons']);
    expect(rows.every((x) => x.eligible === null)).toBe(true);
  });
});
