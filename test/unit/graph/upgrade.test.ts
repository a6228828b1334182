import { describe, expect, it } from 'vitest';
import { olmV0Order } from '../../../src/core/graph/olm-v0-order';
import {
  channelSwitchMatrix,
  compareUpgradePaths,
  nextHopV0,
  nextHopV1,
  upgradePath,
  whoReaches,
  type Installed,
} from '../../../src/core/graph/upgrade';
import { parseVersion } from '../../../src/core/semver';
import { channelOf, modelChannel, modelPackage, type EntrySpec } from './fixtures';

const installed = (name: string, version: string): Installed => ({ name, version: parseVersion(version) });

// fbc-rules §5 worked example (channel `stable`, head first).
const worked = modelPackage('p', {
  stable: [
    { name: 'v1.3', replaces: 'v1.2', skips: ['v1.1', 'v1.0'] },
    { name: 'v1.2', replaces: 'v1.1' },
    { name: 'v1.1' },
    { name: 'v1.0' },
  ],
});
const stable = channelOf(worked);

function order(entries: EntrySpec[]) {
  return olmV0Order('package', modelChannel('package', 'channel', entries));
}

describe('OLM v0 sortChannel (fbc-cases §I)', () => {
  it('§5 worked example: skipped entries are left out', () => {
    expect(olmV0Order('p', stable)).toEqual({ order: ['v1.3', 'v1.2'] });
  });

  it('U01: channel order', () => {
    expect(order([{ name: 'a', replaces: 'b' }, { name: 'b' }])).toEqual({ order: ['a', 'b'] });
  });

  it('U03: a cycle below the head names the head', () => {
    expect(
      order([
        { name: 'a', replaces: 'b' },
        { name: 'b', replaces: 'c' },
        { name: 'c', replaces: 'b' },
      ]),
    ).toEqual({
      error:
        'a cycle exists in the chain of replacement beginning with "a" in channel "channel" of package "package"',
    });
  });

  it('U05: a skipped entry is left out of the order', () => {
    expect(
      order([{ name: 'a', replaces: 'b', skips: ['c'] }, { name: 'b', replaces: 'c' }, { name: 'c' }]),
    ).toEqual({
      order: ['a', 'b'],
    });
  });

  it('a skipped-and-replaced entry is left out too', () => {
    expect(order([{ name: 'a', replaces: 'b', skips: ['b'] }, { name: 'b' }])).toEqual({ order: ['a'] });
  });

  it('two replaces chains', () => {
    expect(order([{ name: 'a' }, { name: 'b', replaces: 'c' }, { name: 'c' }])).toEqual({
      error:
        'a unique replacement chain within a channel is required to determine the relative order between channel ' +
        'entries, but 2 replacement chains were found in channel "channel" of package "package": a, b...c',
    });
  });

  it('no heads', () => {
    expect(
      order([
        { name: 'a', replaces: 'b' },
        { name: 'b', replaces: 'a' },
      ]),
    ).toEqual({
      error:
        'no channel heads (entries not replaced by another entry) found in channel "channel" of package "package"',
    });
  });

  it('links to bundles outside the channel do not count', () => {
    expect(order([{ name: 'a', replaces: 'gone', skips: ['also-gone'] }])).toEqual({ order: ['a'] });
  });
});

describe('next hop: §5 worked example', () => {
  it('installed v1.0: only v1.3 qualifies (it skips v1.0)', () => {
    expect(nextHopV0(worked, stable, installed('v1.0', '1.0.0'))).toEqual({
      target: 'v1.3',
      candidates: ['v1.3'],
      reason: 'v1.3 skips v1.0',
    });
    expect(nextHopV1(worked, stable, installed('v1.0', '1.0.0'))).toEqual({
      target: 'v1.3',
      candidates: ['v1.3'],
      reason: 'v1.3 skips v1.0',
    });
  });

  it('installed v1.1: v1.3 (skips) and v1.2 (replaces) qualify; v1.3 wins under both', () => {
    expect(nextHopV0(worked, stable, installed('v1.1', '1.1.0'))).toEqual({
      target: 'v1.3',
      candidates: ['v1.3', 'v1.2'],
      reason: 'v1.3 skips v1.1 and is nearest the head',
    });
    expect(nextHopV1(worked, stable, installed('v1.1', '1.1.0'))).toEqual({
      target: 'v1.3',
      candidates: ['v1.3', 'v1.2'],
      reason: 'v1.3 skips v1.1 and has the highest version',
    });
  });

  it('installed v1.2: v1.3 replaces it', () => {
    expect(nextHopV0(worked, stable, installed('v1.2', '1.2.0')).target).toBe('v1.3');
    expect(nextHopV1(worked, stable, installed('v1.2', '1.2.0'))).toMatchObject({
      target: 'v1.3',
      reason: 'v1.3 replaces v1.2',
    });
  });

  it('at the head there is nowhere to go', () => {
    expect(nextHopV0(worked, stable, installed('v1.3', '1.3.0'))).toEqual({
      candidates: [],
      reason: 'v1.3 is the head of channel stable: nothing upgrades from it',
    });
  });

  it('a typed version is matched to the entry that has it', () => {
    expect(nextHopV0(worked, stable, { version: parseVersion('1.1.0') })).toMatchObject({
      target: 'v1.3',
      reason: 'v1.3 skips v1.1 and is nearest the head',
    });
  });

  it('paths under both semantics reach the head in one hop', () => {
    for (const [name, v] of [
      ['v1.0', '1.0.0'],
      ['v1.1', '1.1.0'],
      ['v1.2', '1.2.0'],
    ] as const) {
      const cmp = compareUpgradePaths(worked, stable, installed(name, v));
      expect(cmp.v0).toEqual({ semantics: 'v0', hops: [name, 'v1.3'], reachesHead: true });
      expect(cmp.v1).toEqual({ semantics: 'v1', hops: [name, 'v1.3'], reachesHead: true });
      expect(cmp.differ).toBe(false);
      expect(cmp.explanation).toBeUndefined();
    }
  });

  it('whoReaches walks the graph backwards', () => {
    expect(whoReaches(worked, stable, 'v1.3', 'v0')).toEqual(['v1.2', 'v1.1', 'v1.0']);
    // Nobody passes through v1.2: v1.1 users jump straight to v1.3.
    expect(whoReaches(worked, stable, 'v1.2', 'v0')).toEqual([]);
    expect(whoReaches(worked, stable, 'v1.2', 'v1')).toEqual([]);
  });
});

describe('U07: fresh installs and skipped bundles', () => {
  it('a new subscription installs the head; the skipped bundle is never offered', () => {
    const pkg = modelPackage('another-package', {
      alpha: [{ name: 'another-package.v1' }, { name: 'another-package.v2', skips: ['another-package.v1'] }],
    });
    expect(olmV0Order('another-package', channelOf(pkg))).toEqual({ order: ['another-package.v2'] });
    expect(upgradePath(pkg, channelOf(pkg), installed('another-package.v1', '1.0.0'), 'v0').hops).toEqual([
      'another-package.v1',
      'another-package.v2',
    ]);
  });

  it('b-1 can never be chosen: it is skipped, so it is not in the order and nobody reaches it', () => {
    const pkg = modelPackage('b', {
      channel: [
        { name: 'b-3', replaces: 'b-2', skips: ['b-1'] },
        { name: 'b-2', replaces: 'b-1' },
        { name: 'b-1' },
      ],
    });
    expect(olmV0Order('b', channelOf(pkg))).toEqual({ order: ['b-3', 'b-2'] });
    expect(whoReaches(pkg, channelOf(pkg), 'b-1', 'v0')).toEqual([]);
    expect(nextHopV0(pkg, channelOf(pkg), installed('b-1', '1.0.0'))).toEqual({
      target: 'b-3',
      candidates: ['b-3', 'b-2'],
      reason: 'b-3 skips b-1 and is nearest the head',
    });
  });
});

describe('OLM v0 errors reach the caller with OLM text', () => {
  it('U03 as a path query', () => {
    const pkg = modelPackage('package', {
      channel: [
        { name: 'a', replaces: 'b' },
        { name: 'b', replaces: 'c' },
        { name: 'c', replaces: 'b' },
      ],
    });
    const p = upgradePath(pkg, channelOf(pkg), { name: 'b', version: parseVersion('1.0.0') }, 'v0');
    expect(p).toEqual({
      semantics: 'v0',
      hops: ['b'],
      reachesHead: false,
      stuckReason:
        'OLM v0 cannot order the entries of channel channel, so it cannot resolve any upgrade there',
      error:
        'a cycle exists in the chain of replacement beginning with "a" in channel "channel" of package "package"',
    });
  });
});

describe('a channel opm accepts can still break OLM v0', () => {
  // opm stops its walk at the skipped s, so the s ↔ t cycle below it is never seen (both are skipped,
  // so nothing is stranded); OLM v0 follows replaces through skipped entries and meets the cycle.
  const pkg = modelPackage('p', {
    c: [
      { name: 'h.v3.0.0', replaces: 's.v2.0.0', skips: ['s.v2.0.0', 't.v1.0.0'] },
      { name: 's.v2.0.0', replaces: 't.v1.0.0' },
      { name: 't.v1.0.0', replaces: 's.v2.0.0' },
    ],
  });
  const ch = channelOf(pkg);

  it('sortChannel reports the cycle from the head', () => {
    expect(olmV0Order('p', ch)).toEqual({
      error:
        'a cycle exists in the chain of replacement beginning with "h.v3.0.0" in channel "c" of package "p"',
    });
  });

  it('OLM v1 has no chain ordering and moves on', () => {
    const cmp = compareUpgradePaths(pkg, ch, installed('t.v1.0.0', '1.0.0'));
    expect(cmp.v1.hops).toEqual(['t.v1.0.0', 'h.v3.0.0']);
    expect(cmp.v0.error).toBe(
      'a cycle exists in the chain of replacement beginning with "h.v3.0.0" in channel "c" of package "p"',
    );
    expect(cmp.explanation).toBe(
      'OLM v0 cannot resolve upgrades in channel c (a cycle exists in the chain of replacement beginning with ' +
        '"h.v3.0.0" in channel "c" of package "p"), while OLM v1 moves to h.v3.0.0',
    );
  });
});

describe('where OLM v0 and OLM v1 part ways', () => {
  it('the same stop, where only OLM v1 reports an error, is one path (not a difference) with a note', () => {
    const pkg = modelPackage('p', { stable: [{ name: 'v1.3', replaces: 'v1.2' }, { name: 'v1.2' }] });
    const cmp = compareUpgradePaths(pkg, channelOf(pkg), installed('v0.9', '0.9.0'));
    expect(cmp.differ).toBe(false);
    expect(cmp.v0.stuckReason).toBe(cmp.v1.stuckReason);
    expect(cmp.explanation).toBe(
      'Both stop at v0.9: No entry of channel stable replaces or skips v0.9, and no skipRange contains 0.9.0; ' +
        'OLM v1 reports it as an error: error upgrading from currently installed version "0.9.0": ' +
        'no bundles found for package "p" in channels [stable]',
    );
  });

  it('v1 picks a skipped bundle with a higher version, which v0 can never choose', () => {
    const pkg = modelPackage('x', {
      stable: [
        { name: 'x.v1.0.0' },
        { name: 'x.v2.0.0', replaces: 'x.v1.0.0' },
        { name: 'x.v1.1.0', replaces: 'x.v1.0.0', skips: ['x.v2.0.0'] },
      ],
    });
    const ch = channelOf(pkg);
    expect(nextHopV0(pkg, ch, installed('x.v1.0.0', '1.0.0'))).toEqual({
      target: 'x.v1.1.0',
      candidates: ['x.v1.1.0'],
      reason: 'x.v1.1.0 replaces x.v1.0.0; OLM v0 never picks x.v2.0.0 (skipped by x.v1.1.0)',
    });
    expect(nextHopV1(pkg, ch, installed('x.v1.0.0', '1.0.0'))).toEqual({
      target: 'x.v2.0.0',
      candidates: ['x.v2.0.0', 'x.v1.1.0'],
      reason: 'x.v2.0.0 replaces x.v1.0.0 and has the highest version',
    });
    const cmp = compareUpgradePaths(pkg, ch, installed('x.v1.0.0', '1.0.0'));
    expect(cmp.v0).toEqual({ semantics: 'v0', hops: ['x.v1.0.0', 'x.v1.1.0'], reachesHead: true });
    expect(cmp.v1).toEqual({
      semantics: 'v1',
      hops: ['x.v1.0.0', 'x.v2.0.0'],
      reachesHead: false,
      stuckReason: 'x.v2.0.0 stays: no successor has a higher version',
    });
    expect(cmp.differ).toBe(true);
    expect(cmp.explanation).toBe(
      'From x.v1.0.0, OLM v0 moves to x.v1.1.0, the candidate nearest the head, while OLM v1 moves to x.v2.0.0, ' +
        'a higher version that OLM v0 never picks because x.v1.1.0 skips it',
    );
  });

  it('v1 passes over a deprecated bundle that v0 takes', () => {
    const pkg = modelPackage('p', {
      stable: [
        { name: 'v1.3', replaces: 'v1.2', skipRange: '>=1.0.0 <1.3.0', deprecated: 'broken' },
        { name: 'v1.2', replaces: 'v1.0' },
        { name: 'v1.0' },
      ],
    });
    const ch = channelOf(pkg);
    const from = installed('v1.0', '1.0.0');
    expect(nextHopV0(pkg, ch, from)).toEqual({
      target: 'v1.3',
      candidates: ['v1.3', 'v1.2'],
      reason: 'v1.3 has skipRange ">=1.0.0 <1.3.0", which contains 1.0.0, and is nearest the head',
    });
    expect(nextHopV1(pkg, ch, from)).toEqual({
      target: 'v1.2',
      candidates: ['v1.2', 'v1.3'],
      reason: 'v1.2 replaces v1.0 and is the highest version that is not deprecated',
    });
    const cmp = compareUpgradePaths(pkg, ch, from);
    expect(cmp.v1).toEqual({
      semantics: 'v1',
      hops: ['v1.0', 'v1.2'],
      reachesHead: false,
      stuckReason: 'v1.2 stays: v1.3 is deprecated and v1.2 is not',
    });
    expect(cmp.explanation).toBe(
      'From v1.0, OLM v0 moves to v1.3, the candidate nearest the head, while OLM v1 moves to v1.2 because v1.3 is deprecated',
    );
  });

  it('a version only a skipped entry covers: v1 gets through, v0 is stuck', () => {
    const pkg = modelPackage('a', {
      stable: [
        { name: 'a.v3.0.0', replaces: 'a.v2.0.0', skips: ['a.v2.5.0'] },
        { name: 'a.v2.5.0', skipRange: '>=1.0.0 <2.5.0' },
        { name: 'a.v2.0.0', replaces: 'a.v1.9.0' },
      ],
    });
    const ch = channelOf(pkg);
    const from: Installed = { version: parseVersion('1.0.0') };
    expect(nextHopV0(pkg, ch, from)).toEqual({
      candidates: [],
      reason:
        'No upgrade from 1.0.0: a.v2.5.0 (skipped by a.v3.0.0) would qualify, but OLM v0 only picks entries ' +
        "on the head's replaces chain that nothing skips",
    });
    const cmp = compareUpgradePaths(pkg, ch, from);
    expect(cmp.v1.hops).toEqual(['1.0.0', 'a.v2.5.0', 'a.v3.0.0']);
    expect(cmp.v1.reachesHead).toBe(true);
    expect(cmp.v0).toMatchObject({ hops: ['1.0.0'], reachesHead: false });
    expect(cmp.explanation).toBe(
      'From 1.0.0, OLM v1 moves to a.v2.5.0 but OLM v0 cannot, because a.v2.5.0 is skipped by a.v3.0.0',
    );
  });

  it('OLM v1 fails with its own text when nothing in the channel fits', () => {
    const pkg = modelPackage('a', { stable: [{ name: 'a.v3.0.0', replaces: 'a.v2.0.0' }] });
    expect(nextHopV1(pkg, channelOf(pkg), { version: parseVersion('0.1.0') })).toEqual({
      candidates: [],
      reason: 'No entry of channel stable replaces or skips 0.1.0, and no skipRange contains 0.1.0',
      error:
        'error upgrading from currently installed version "0.1.0": no bundles found for package "a" in channels [stable]',
    });
    expect(nextHopV0(pkg, channelOf(pkg), { version: parseVersion('0.1.0') })).toEqual({
      candidates: [],
      reason: 'No entry of channel stable replaces or skips 0.1.0, and no skipRange contains 0.1.0',
    });
  });

  it('an entry whose own skipRange contains its version stays put under v0', () => {
    const pkg = modelPackage('a', {
      stable: [
        { name: 'a.v2.0.0', replaces: 'a.v1.0.0', skipRange: '>=1.0.0 <=2.0.0' },
        { name: 'a.v1.0.0' },
      ],
    });
    expect(nextHopV0(pkg, channelOf(pkg), installed('a.v2.0.0', '2.0.0'))).toEqual({
      candidates: [],
      reason: 'a.v2.0.0 stays: its own skipRange contains its version and no entry nearer the head qualifies',
    });
  });
});

describe('paths over longer chains', () => {
  const chain = modelPackage('a', {
    stable: [
      { name: 'a.v3.0.0', replaces: 'a.v2.0.0' },
      { name: 'a.v2.0.0', replaces: 'a.v1.0.0' },
      { name: 'a.v1.0.0' },
    ],
  });

  it('one hop at a time to the head', () => {
    expect(upgradePath(chain, channelOf(chain), installed('a.v1.0.0', '1.0.0'), 'v0').hops).toEqual([
      'a.v1.0.0',
      'a.v2.0.0',
      'a.v3.0.0',
    ]);
    expect(whoReaches(chain, channelOf(chain), 'a.v2.0.0', 'v0')).toEqual(['a.v1.0.0']);
    expect(whoReaches(chain, channelOf(chain), 'a.v3.0.0', 'v1')).toEqual(['a.v2.0.0', 'a.v1.0.0']);
  });

  it('a path that would loop stops and says so (v0 can move away from the head)', () => {
    // a.v3 is skipped, so from a.v2 the only v0 option is a.v1 (its skipRange covers 2.0.0), and a.v2 replaces a.v1.
    const pkg = modelPackage('a', {
      stable: [
        { name: 'a.v4.0.0', replaces: 'a.v3.0.0', skips: ['a.v3.0.0'] },
        { name: 'a.v3.0.0', replaces: 'a.v2.0.0' },
        { name: 'a.v2.0.0', replaces: 'a.v1.0.0' },
        { name: 'a.v1.0.0', skipRange: '>=2.0.0 <3.0.0' },
      ],
    });
    expect(olmV0Order('a', channelOf(pkg))).toEqual({ order: ['a.v4.0.0', 'a.v2.0.0', 'a.v1.0.0'] });
    expect(upgradePath(pkg, channelOf(pkg), installed('a.v2.0.0', '2.0.0'), 'v0')).toEqual({
      semantics: 'v0',
      hops: ['a.v2.0.0', 'a.v1.0.0'],
      reachesHead: false,
      stuckReason: 'The path loops: from a.v1.0.0 it would go back to a.v2.0.0',
    });
    // OLM v1 only ever moves up in rank, so it cannot loop: here it takes the skipped a.v3 and then the head.
    expect(upgradePath(pkg, channelOf(pkg), installed('a.v2.0.0', '2.0.0'), 'v1').hops).toEqual([
      'a.v2.0.0',
      'a.v3.0.0',
      'a.v4.0.0',
    ]);
  });

  it('v1 moves up the successors by version', () => {
    const pkg = modelPackage('a', {
      stable: [
        { name: 'a.v9.0.0', replaces: 'a.v8.0.0' },
        { name: 'a.v2.0.0', replaces: 'a.v1.0.0' },
        { name: 'a.v1.0.0', skipRange: '>=2.0.0 <3.0.0' },
        { name: 'a.v8.0.0', replaces: 'a.v2.0.0', skips: ['a.v2.0.0'] },
      ],
    });
    expect(upgradePath(pkg, channelOf(pkg), installed('a.v1.0.0', '1.0.0'), 'v1')).toEqual({
      semantics: 'v1',
      hops: ['a.v1.0.0', 'a.v2.0.0', 'a.v8.0.0', 'a.v9.0.0'],
      reachesHead: true,
    });
  });
});

describe('channelSwitchMatrix', () => {
  const pkg = modelPackage('op', {
    'stable-v1': [{ name: 'op.v1.0.0' }, { name: 'op.v1.1.0', replaces: 'op.v1.0.0' }],
    'stable-v2': [{ name: 'op.v1.1.0' }, { name: 'op.v2.0.0', replaces: 'op.v1.1.0' }],
    fast: [{ name: 'op.v2.1.0', skipRange: '>=1.1.0 <2.1.0' }],
  });

  it('rows by version, columns by name; a bundle already in the channel lands on itself', () => {
    expect(channelSwitchMatrix(pkg, 'v0')).toEqual({
      bundles: ['op.v1.0.0', 'op.v1.1.0', 'op.v2.0.0', 'op.v2.1.0'],
      channels: ['fast', 'stable-v1', 'stable-v2'],
      cells: [
        [null, 'op.v1.0.0', null],
        ['op.v2.1.0', 'op.v1.1.0', 'op.v1.1.0'],
        ['op.v2.1.0', null, 'op.v2.0.0'],
        ['op.v2.1.0', null, null],
      ],
    });
    expect(channelSwitchMatrix(pkg, 'v1').cells).toEqual(channelSwitchMatrix(pkg, 'v0').cells);
  });
});
