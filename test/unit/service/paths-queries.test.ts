import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import type { PathAnswer, PathView } from '../../../src/core/service/paths-views';
import { MemorySource } from '../../../src/core/source/memory';
import { demoTree } from './demo-files';
import { openFiles, packageYaml, WORKED } from './paths-fixtures';

async function demo() {
  const service = new CatalogService();
  await service.open(new MemorySource(demoTree(), 'demo'), { kind: 'demo', readOnly: true });
  return service;
}

const names = (p: PathView) => p.steps.map((s) => s.name);

function answer(x: unknown): PathAnswer {
  if (x && typeof x === 'object' && 'error' in x) throw new Error(String((x as { error: string }).error));
  return x as PathAnswer;
}

describe('getUpgradePath: fbc-rules §5 worked example', () => {
  it('installed v1.0: only v1.3 qualifies (it skips v1.0), under v0 and v1 alike', async () => {
    const s = await openFiles({ 'op.yaml': packageYaml(WORKED) });
    const a = answer(await s.getUpgradePath({ package: 'op', channel: 'stable', bundle: 'op.v1.0.0' }));
    expect(a.heads).toEqual(['op.v1.3.0']);
    expect(a.differ).toBe(false);
    expect(a.explanation).toBeUndefined();
    expect(a.v0.steps).toEqual([
      { name: 'op.v1.0.0', version: '1.0.0', inChannel: true, head: false },
      {
        name: 'op.v1.3.0',
        version: '1.3.0',
        inChannel: true,
        head: true,
        reason: 'op.v1.3.0 skips op.v1.0.0',
      },
    ]);
    expect(a.v0.reachesHead).toBe(true);
    expect(names(a.v1)).toEqual(['op.v1.0.0', 'op.v1.3.0']);
  });

  it('installed v1.1: v1.3 and v1.2 qualify; v1.3 wins, nearest the head (v0) and highest (v1)', async () => {
    const s = await openFiles({ 'op.yaml': packageYaml(WORKED) });
    const a = answer(await s.getUpgradePath({ package: 'op', channel: 'stable', bundle: 'op.v1.1.0' }));
    expect(names(a.v0)).toEqual(['op.v1.1.0', 'op.v1.3.0']);
    expect(a.v0.steps[1]!.reason).toBe('op.v1.3.0 skips op.v1.1.0 and is nearest the head');
    expect(names(a.v1)).toEqual(['op.v1.1.0', 'op.v1.3.0']);
    expect(a.v1.steps[1]!.reason).toBe('op.v1.3.0 skips op.v1.1.0 and has the highest version');
    expect(a.differ).toBe(false);
  });

  it('installed v1.2: v1.3 replaces it', async () => {
    const s = await openFiles({ 'op.yaml': packageYaml(WORKED) });
    const a = answer(await s.getUpgradePath({ package: 'op', channel: 'stable', bundle: 'op.v1.2.0' }));
    expect(names(a.v0)).toEqual(['op.v1.2.0', 'op.v1.3.0']);
    expect(a.v0.steps[1]!.reason).toBe('op.v1.3.0 replaces op.v1.2.0');
  });

  it('a typed version finds the bundle that has it (with or without a leading v)', async () => {
    const s = await openFiles({ 'op.yaml': packageYaml(WORKED) });
    for (const version of ['1.1.0', 'v1.1.0', ' 1.1.0 ', 'op.v1.1.0']) {
      const a = answer(await s.getUpgradePath({ package: 'op', channel: 'stable', version }));
      expect(a.from).toEqual({ label: 'op.v1.1.0', name: 'op.v1.1.0', version: '1.1.0' });
      expect(names(a.v0)).toEqual(['op.v1.1.0', 'op.v1.3.0']);
    }
  });

  it('a typed version no bundle has: OLM v0 finds nothing, OLM v1 gives its exact error', async () => {
    const s = await openFiles({ 'op.yaml': packageYaml(WORKED) });
    const a = answer(await s.getUpgradePath({ package: 'op', channel: 'stable', version: '0.9.0' }));
    expect(a.from).toEqual({ label: '0.9.0', version: '0.9.0' });
    expect(a.v0).toEqual({
      semantics: 'v0',
      steps: [{ name: '0.9.0', version: '0.9.0', inChannel: false, head: false }],
      reachesHead: false,
      stuckReason: 'No entry of channel stable replaces or skips 0.9.0, and no skipRange contains 0.9.0',
    });
    expect(a.v1.error).toBe(
      'error upgrading from currently installed version "0.9.0": no bundles found for package "op" in channels [stable]',
    );
  });

  it('says what is wrong with a query', async () => {
    const s = await openFiles({ 'op.yaml': packageYaml(WORKED) });
    expect(await s.getUpgradePath({ package: 'op', channel: 'stable', version: '1.x' })).toEqual({
      error: '1.x is not a version (expected semver such as 1.2.0)',
    });
    expect(await s.getUpgradePath({ package: 'op', channel: 'stable', version: '' })).toEqual({
      error: 'Pick a bundle or type a version',
    });
    expect(await s.getUpgradePath({ package: 'op', channel: 'fast', bundle: 'op.v1.0.0' })).toEqual({
      error: 'Package op has no channel fast',
    });
    expect(await s.getUpgradePath({ package: 'nope', channel: 'stable', bundle: 'x' })).toEqual({
      error: 'Package nope is not in the catalog',
    });
    expect(await s.getUpgradePath({ package: 'op', channel: 'stable', bundle: 'op.v9' })).toEqual({
      error: 'No bundle named op.v9 in package op',
    });
  });
});

describe('getUpgradePath: fbc-cases §I', () => {
  it('U05: from c, both a (skips c) and b (replaces c) qualify; a is nearest the head', async () => {
    const s = await openFiles({
      'p.yaml': packageYaml({
        name: 'package',
        channels: {
          channel: [
            { name: 'a', version: '3.0.0', replaces: 'b', skips: ['c'] },
            { name: 'b', version: '2.0.0', replaces: 'c' },
            { name: 'c', version: '1.0.0' },
          ],
        },
      }),
    });
    const a = answer(await s.getUpgradePath({ package: 'package', channel: 'channel', bundle: 'c' }));
    expect(names(a.v0)).toEqual(['c', 'a']);
    expect(a.v0.steps[1]!.reason).toBe('a skips c and is nearest the head');
    expect(names(a.v1)).toEqual(['c', 'a']);
  });

  it('U07: another-package.v2 skips v1; from v1 both semantics go to v2', async () => {
    const s = await openFiles({
      'p.yaml': packageYaml({
        name: 'another-package',
        channels: {
          alpha: [
            { name: 'another-package.v1', version: '1.0.0' },
            { name: 'another-package.v2', version: '2.0.0', skips: ['another-package.v1'] },
          ],
        },
      }),
    });
    const a = answer(
      await s.getUpgradePath({ package: 'another-package', channel: 'alpha', bundle: 'another-package.v1' }),
    );
    expect(names(a.v0)).toEqual(['another-package.v1', 'another-package.v2']);
    expect(a.v0.steps[1]!.reason).toBe('another-package.v2 skips another-package.v1');
    expect(a.differ).toBe(false);
  });
});

describe('getUpgradePath on the demo catalog', () => {
  it('cirrus-operator/alpha from v0.1.0: OLM v0 is stuck (v0.2.0 is skipped), OLM v1 reaches the head', async () => {
    const s = await demo();
    const a = answer(
      await s.getUpgradePath({
        package: 'cirrus-operator',
        channel: 'alpha',
        bundle: 'cirrus-operator.v0.1.0',
      }),
    );
    expect(a.differ).toBe(true);
    expect(names(a.v0)).toEqual(['cirrus-operator.v0.1.0']);
    expect(a.v0.reachesHead).toBe(false);
    expect(a.v0.stuckReason).toBe(
      'No upgrade from cirrus-operator.v0.1.0: cirrus-operator.v0.2.0 (skipped by cirrus-operator.v0.3.0) would ' +
        "qualify, but OLM v0 only picks entries on the head's replaces chain that nothing skips",
    );
    expect(names(a.v1)).toEqual([
      'cirrus-operator.v0.1.0',
      'cirrus-operator.v0.2.0',
      'cirrus-operator.v0.3.0',
    ]);
    expect(a.v1.steps.map((x) => x.reason)).toEqual([
      undefined,
      'cirrus-operator.v0.2.0 replaces cirrus-operator.v0.1.0',
      'cirrus-operator.v0.3.0 replaces cirrus-operator.v0.2.0',
    ]);
    expect(a.v1.reachesHead).toBe(true);
    expect(a.explanation).toBe(
      'From cirrus-operator.v0.1.0, OLM v1 moves to cirrus-operator.v0.2.0 but OLM v0 cannot, because ' +
        'cirrus-operator.v0.2.0 is skipped by cirrus-operator.v0.3.0',
    );
  });

  it('a bundle from another channel: aurora v1.0.0 (stable only) into fast finds no way in', async () => {
    const s = await demo();
    const a = answer(
      await s.getUpgradePath({
        package: 'aurora-operator',
        channel: 'fast',
        bundle: 'aurora-operator.v1.0.0',
      }),
    );
    expect(a.v0.steps).toEqual([
      {
        name: 'aurora-operator.v1.0.0',
        version: '1.0.0',
        inChannel: false,
        head: false,
        deprecated: 'aurora-operator 1.0.0 has a known controller leak; upgrade to 1.1.0 or later.',
      },
    ]);
    expect(a.v0.reachesHead).toBe(false);
  });
});

describe('getWhoReaches', () => {
  it('§5 worked example: every bundle ends at the head v1.3', async () => {
    const s = await openFiles({ 'op.yaml': packageYaml(WORKED) });
    expect(await s.getWhoReaches('op', 'stable', 'op.v1.3.0')).toEqual({
      package: 'op',
      channel: 'stable',
      target: 'op.v1.3.0',
      v0: ['op.v1.2.0', 'op.v1.1.0', 'op.v1.0.0'],
      v1: ['op.v1.2.0', 'op.v1.1.0', 'op.v1.0.0'],
    });
    // Nobody passes through v1.2: v1.1 jumps straight to v1.3.
    expect(await s.getWhoReaches('op', 'stable', 'op.v1.2.0')).toMatchObject({ v0: [], v1: [] });
  });

  it('demo cirrus alpha: only OLM v1 brings v0.1.0 users to v0.2.0', async () => {
    const s = await demo();
    expect(await s.getWhoReaches('cirrus-operator', 'alpha', 'cirrus-operator.v0.2.0')).toMatchObject({
      v0: [],
      v1: ['cirrus-operator.v0.1.0'],
    });
    expect(await s.getWhoReaches('cirrus-operator', 'alpha', 'nope')).toEqual({
      error: 'Channel alpha has no entry nope',
    });
  });
});

describe('getSwitchMatrix', () => {
  it('demo aurora: rows by version, columns by name, where a user lands when switching', async () => {
    const s = await demo();
    const m = await s.getSwitchMatrix('aurora-operator', 'v0');
    if ('error' in m) throw new Error(m.error);
    expect(m.channels).toEqual([
      { name: 'candidate', isDefault: false, heads: ['aurora-operator.v1.4.0-rc.1'] },
      { name: 'fast', isDefault: false, heads: ['aurora-operator.v1.3.0'] },
      { name: 'stable', isDefault: true, heads: ['aurora-operator.v1.2.0'] },
    ]);
    expect(m.rows.map((r) => `${r.bundle} ${r.version} ${r.channels.join(',')}`)).toEqual([
      'aurora-operator.v1.0.0 1.0.0 stable',
      'aurora-operator.v1.1.0 1.1.0 stable,fast',
      'aurora-operator.v1.2.0 1.2.0 stable,fast',
      'aurora-operator.v1.3.0 1.3.0 fast,candidate',
      'aurora-operator.v1.4.0-rc.1 1.4.0-rc.1 candidate',
    ]);
    const cell = (r: number) =>
      m.cells[r]!.map((c) =>
        c.to === null ? 'no path' : `${c.stays ? '=' : '→'}${c.to}${c.reachesHead ? ' ✓' : ''}`,
      );
    expect(cell(0)).toEqual(['no path', 'no path', '=aurora-operator.v1.0.0 ✓']);
    expect(cell(1)).toEqual(['no path', '=aurora-operator.v1.1.0 ✓', '=aurora-operator.v1.1.0 ✓']);
    expect(cell(3)).toEqual(['=aurora-operator.v1.3.0 ✓', '=aurora-operator.v1.3.0 ✓', 'no path']);
    expect(cell(4)).toEqual(['=aurora-operator.v1.4.0-rc.1 ✓', 'no path', 'no path']);
  });

  it('a switch into a channel that skips the installed version lands on the skipping entry', async () => {
    const s = await openFiles({
      'p.yaml': packageYaml({
        name: 'p',
        channels: {
          a: [
            { name: 'p.v1.0.0', version: '1.0.0' },
            { name: 'p.v1.1.0', version: '1.1.0', replaces: 'p.v1.0.0' },
          ],
          b: [{ name: 'p.v2.0.0', version: '2.0.0', skipRange: '>=1.0.0 <2.0.0' }],
        },
      }),
    });
    for (const sem of ['v0', 'v1'] as const) {
      const m = await s.getSwitchMatrix('p', sem);
      if ('error' in m) throw new Error(m.error);
      expect(m.rows.map((r) => r.bundle)).toEqual(['p.v1.0.0', 'p.v1.1.0', 'p.v2.0.0']);
      expect(m.cells[0]![1]).toEqual({ to: 'p.v2.0.0', stays: false, reachesHead: true });
      expect(m.cells[2]![0]).toEqual({ to: null, stays: false, reachesHead: false });
    }
  });
});
