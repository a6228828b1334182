/**
 * The filter's rules on small catalogs of ours: catalog-filter's inline cases (default channel,
 * deprecations, invalid channels, entries copied as written) and its channel walk's (heads, cycles,
 * the range's contiguous stretch and its warnings).
 */
import { describe, expect, it } from 'vitest';
import { filterCatalog } from '../../../src/core/mirror/filter';
import { loadSpec, op, type PkgSpec } from './fixtures';

const pkg = (over: Partial<PkgSpec>): PkgSpec => ({
  name: 'pkg1',
  defaultChannel: 'ch1',
  bundles: { b0: '0.1.0', b1: '1.0.0', b2: '2.0.0', b3: '3.0.0' },
  channels: { ch1: ['b1', 'b0'], ch2: ['b3', 'b2'] },
  ...over,
});

async function run(spec: PkgSpec, o = op([{ name: 'pkg1' }])) {
  return filterCatalog(await loadSpec([spec]), o);
}
function ok<T extends object>(r: T | { error: string }): T {
  if ('error' in r) throw new Error(r.error);
  return r;
}

describe('default channel', () => {
  it('unspecified: kept, each channel reduced to its head entry as written', async () => {
    const r = ok(await run(pkg({})));
    expect(r.dc.packages[0]?.defaultChannel).toBe('ch1');
    expect(r.dc.channels.map((c) => c.raw.entries)).toEqual([
      [{ name: 'b1', replaces: 'b0' }],
      [{ name: 'b3', replaces: 'b2' }],
    ]);
  });
  it('filtered out and not replaced: the filter stops', async () => {
    const r = await run(pkg({}), op([{ name: 'pkg1', channels: [{ name: 'ch2' }] }]));
    expect(r).toEqual({
      error:
        'failed to filter catalog: invalid default channel configuration for package "pkg1": the default channel "ch1" was filtered out, a new default channel must be configured for this package',
    });
  });
  it('a new one given: the package points at it', async () => {
    const r = ok(
      await run(pkg({}), op([{ name: 'pkg1', defaultChannel: 'ch2', channels: [{ name: 'ch2' }] }])),
    );
    expect(r.dc.packages[0]?.raw.defaultChannel).toBe('ch2');
    expect(r.dc.bundles.map((b) => b.name)).toEqual(['b3']);
  });
  it('an override the output lacks', async () => {
    const r = await run(pkg({}), op([{ name: 'pkg1', defaultChannel: 'ch2', channels: [{ name: 'ch1' }] }]));
    expect(r).toEqual({
      error:
        'failed to filter catalog: invalid default channel configuration for package "pkg1": specified default channel override "ch2" does not exist in the filtered output',
    });
  });
  it('a range that empties it', async () => {
    const r = await run(pkg({}), op([{ name: 'pkg1', channels: [{ name: 'ch1', minVersion: '100.0.1' }] }]));
    expect(r).toEqual({
      error:
        'failed to filter catalog: package "pkg1" channel "ch1" has version range ">=100.0.1" that results in an empty channel',
    });
  });
  it('a range that empties another channel: that channel is dropped', async () => {
    const r = ok(await run(pkg({}), op([{ name: 'pkg1', minVersion: '0.1.0', maxVersion: '1.0.0' }])));
    expect(r.dc.channels.map((c) => c.name)).toEqual(['ch1']);
    expect(r.emptied).toEqual([{ package: 'pkg1', channel: 'ch2' }]);
  });
});

describe('deprecations', () => {
  it('only entries for what remains', async () => {
    const spec = pkg({
      bundles: { b0: '0.0.1', b1: '0.1.0', b2: '0.2.0', b3: '3.0.0', b4: '4.0.0', b5: '5.0.0' },
      channels: { ch1: ['b2<b0', 'b1'], ch2: ['b5<b3', 'b4'] },
      deprecations: [
        { schema: 'olm.package', name: '' },
        { schema: 'olm.channel', name: 'ch1' },
        { schema: 'olm.channel', name: 'ch2' },
        { schema: 'olm.bundle', name: 'b1' },
        { schema: 'olm.bundle', name: 'b2' },
        { schema: 'olm.bundle', name: 'b4' },
      ],
    });
    const r = ok(await run(spec, op([{ name: 'pkg1', channels: [{ name: 'ch1' }] }])));
    expect(r.dc.deprecations[0]?.entries.map((e) => `${e.reference.schema}/${e.reference.name}`)).toEqual([
      'olm.package/',
      'olm.channel/ch1',
      'olm.bundle/b2',
    ]);
    expect(r.dc.channels[0]?.raw.entries).toEqual([{ name: 'b2', replaces: 'b1', skips: ['b0'] }]);
  });
});

describe('the channel walk', () => {
  const one = (channels: Record<string, string[]>) => pkg({ channels, defaultChannel: 'ch1' });
  it('a cycle: no channel heads', async () => {
    const r = await run(
      one({ ch1: ['b1|b0', 'b0|b1'] }),
      op([{ name: 'pkg1', channels: [{ name: 'ch1', minVersion: '1.0.0' }] }]),
    );
    expect(r).toEqual({ error: 'failed to filter catalog: no channel heads found' });
  });
  it('two heads, heads-only: the filter names them sorted', async () => {
    const r = await run(one({ ch1: ['b3|b2', 'b1|b0'] }));
    expect(r).toEqual({
      error:
        'failed to filter catalog: package "pkg1" channel "ch1" unable to filter head of channel: multiple channel heads found: [b1 b3]',
    });
  });
  it('a skip cycle below the head', async () => {
    const r = await run(one({ ch1: ['b3|b2', 'b2<b1|b1', 'b1<b2|'] }));
    expect(r).toEqual({
      error:
        'failed to filter catalog: package "pkg1" channel "ch1" unable to filter head of channel: detected a cycle in the upgrade graph of the channel',
    });
  });
  it('a range keeps the replaces stretch down to its lowest bundle in range, warning for those outside', async () => {
    // b3 → b2 → b1 → b0; the range covers b1 only, but b3 and b2 sit above it on the chain.
    const spec = one({ ch1: ['b3', 'b2', 'b1', 'b0'] });
    const r = ok(
      await run(
        spec,
        op([{ name: 'pkg1', channels: [{ name: 'ch1', minVersion: '1.0.0', maxVersion: '1.5.0' }] }]),
      ),
    );
    expect(r.dc.bundles.map((b) => b.name)).toEqual(['b1']);
    expect(r.warnings).toEqual([]);
  });
  it('a skipped bundle in range pulls in the head that skips it, with the warning', async () => {
    const spec = pkg({ channels: { ch1: ['b2<b1|', 'b1|'] }, bundles: { b1: '1.0.0', b2: '2.0.0' } });
    const r = ok(
      await run(
        spec,
        op([{ name: 'pkg1', channels: [{ name: 'ch1', minVersion: '1.0.0', maxVersion: '1.9.0' }] }]),
      ),
    );
    expect(r.dc.bundles.map((b) => b.name)).toEqual(['b1', 'b2']);
    expect(r.warnings).toEqual([
      'including bundle "b2" with version "2.0.0": it falls outside the specified range of ">=1.0.0 <=1.9.0" but is required to ensure inclusion of all bundles in the range',
    ]);
  });
  it('a release-only range never matches a prerelease bundle (Masterminds)', async () => {
    const spec = pkg({ channels: { ch1: ['b2', 'b1'] }, bundles: { b1: '1.0.0', b2: '1.1.0-rc.1' } });
    const r = ok(await run(spec, op([{ name: 'pkg1', channels: [{ name: 'ch1', minVersion: '1.0.0' }] }])));
    // 1.1.0-rc.1 is above 1.0.0, but `>=1.0.0` does not look for prereleases: the stretch starts at b1.
    expect(r.dc.bundles.map((b) => b.name)).toEqual(['b1']);
  });
  it('a bundle version that is not strict semver stops the filter', async () => {
    const r = await run(pkg({ bundles: { b0: '0.1', b1: '1.0.0', b2: '2.0.0', b3: '3.0.0' } }));
    expect(r).toEqual({ error: 'failed to filter catalog: invalid semantic version' });
  });
});

describe('a range that keeps only what a channel replaces', () => {
  it('keeps the channel with no entries; the plan says so and opm validate fails', async () => {
    const { planCatalog } = await import('../../../src/core/mirror/plan');
    const spec = pkg({ channels: { ch1: ['b1', 'b0'], ch2: ['b3|b2'] } });
    const o = op([
      {
        name: 'pkg1',
        defaultChannel: 'ch1',
        channels: [{ name: 'ch1' }, { name: 'ch2', maxVersion: '2.0.0' }],
      },
    ]);
    const { plan } = planCatalog(await loadSpec([spec]), o);
    expect(plan.error).toBeNull();
    expect(plan.packages[0]?.channels).toEqual([
      { name: 'ch1', bundles: ['b1'] },
      { name: 'ch2', bundles: [] },
    ]);
    expect(plan.findings.map((f) => f.rule)).toContain('mirror-empty-channel');
    expect(plan.validation.passed).toBe(false);
  });
});
