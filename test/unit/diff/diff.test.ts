import { describe, expect, it } from 'vitest';
import { diffCatalogs } from '../../../src/core/diff';
import { model, NEW, OLD } from './fixtures';

describe('diffCatalogs on a pair written by hand', () => {
  it('lists only what changed, per package', async () => {
    const { packages } = diffCatalogs(await model(OLD), await model(NEW));
    expect(packages.map((p) => [p.name, p.status])).toEqual([
      ['etcd', 'changed'],
      ['fresh', 'added'],
      ['gone', 'removed'],
    ]);
    const etcd = packages[0];
    expect(etcd?.defaultChannel).toEqual({ old: 'fast', new: 'stable' });
    expect(etcd?.bundles).toEqual({
      added: ['etcd.v1.3.0'],
      removed: ['etcd.v0.9.0', 'etcd.v1.0.0'],
      changed: [
        {
          name: 'etcd.v1.1.0',
          image: { old: 'quay.io/etcd/bundle:v1.1.0', new: 'quay.io/etcd/bundle:v1.1.0-respin' },
          properties: [],
        },
        {
          name: 'etcd.v1.2.0',
          properties: [{ type: 'olm.maxOpenShiftVersion', old: [], new: ['"4.18"'] }],
          deprecation: { old: null, new: 'etcd.v1.2.0 has a data-loss bug' },
        },
      ],
    });
    expect(etcd?.channels).toEqual([
      {
        name: 'fast',
        status: 'removed',
        head: { old: 'etcd.v1.2.0', new: null },
        entries: { added: [], removed: ['etcd.v1.2.0'], changed: [] },
      },
      {
        name: 'stable',
        status: 'changed',
        head: { old: 'etcd.v1.2.0', new: 'etcd.v1.3.0' },
        entries: {
          added: ['etcd.v1.3.0'],
          removed: ['etcd.v0.9.0', 'etcd.v1.0.0'],
          changed: [{ name: 'etcd.v1.2.0', skips: { old: [], new: ['etcd.v1.0.0'] } }],
        },
      },
    ]);
  });

  it('says what the change does to installed users, under OLM v0 and v1', async () => {
    const { impact } = diffCatalogs(await model(OLD), await model(NEW));
    const dep = 'etcd.v1.2.0 has a data-loss bug';
    expect(impact).toEqual([
      {
        package: 'etcd',
        channel: null,
        bundle: 'etcd.v1.1.0',
        kind: 'retag',
        v0: true,
        v1: true,
        why: 'etcd.v1.1.0 now points at quay.io/etcd/bundle:v1.1.0-respin instead of quay.io/etcd/bundle:v1.1.0: the same name with other content (a re-tag).',
      },
      {
        package: 'etcd',
        channel: 'fast',
        bundle: null,
        kind: 'default-channel-gone',
        v0: true,
        v1: true,
        why: 'The default channel fast no longer exists: the default is now stable, so subscriptions that name no channel change course.',
      },
      {
        package: 'etcd',
        channel: 'stable',
        bundle: 'etcd.v0.9.0',
        kind: 'removed',
        v0: true,
        v1: true,
        why: 'etcd.v0.9.0 was pruned from the catalog; OLM v0 has no path to the head for them, OLM v1 has no path to the head for them.',
      },
      {
        package: 'etcd',
        channel: 'stable',
        bundle: 'etcd.v0.9.0',
        kind: 'no-path',
        v0: true,
        v1: true,
        why: 'Users on etcd.v0.9.0 can no longer reach the head of stable, because no entry of channel stable replaces or skips etcd.v0.9.0, and no skipRange contains 0.9.0.',
      },
      {
        package: 'etcd',
        channel: 'stable',
        bundle: 'etcd.v1.0.0',
        kind: 'removed',
        v0: true,
        v1: true,
        why: 'etcd.v1.0.0 was pruned from the catalog; OLM v0 still takes them to etcd.v1.2.0, OLM v1 has no path to the head for them.',
      },
      {
        package: 'etcd',
        channel: 'stable',
        bundle: 'etcd.v1.0.0',
        kind: 'next-hop',
        v0: true,
        v1: false,
        why: 'Users on etcd.v1.0.0 now move to etcd.v1.2.0 in stable (before, they moved to etcd.v1.1.0).',
      },
      {
        package: 'etcd',
        channel: 'stable',
        bundle: 'etcd.v1.0.0',
        kind: 'lands-deprecated',
        v0: true,
        v1: false,
        why: `Users on etcd.v1.0.0 now move to etcd.v1.2.0 in stable, which is deprecated: ${dep}`,
      },
      {
        // OLM v1 takes them to v1.1.0, which now stays put (below).
        package: 'etcd',
        channel: 'stable',
        bundle: 'etcd.v1.0.0',
        kind: 'no-path',
        v0: false,
        v1: true,
        why: 'Users on etcd.v1.0.0 can no longer reach the head of stable: they move to etcd.v1.1.0 and get stuck there.',
      },
      {
        package: 'etcd',
        channel: 'stable',
        bundle: 'etcd.v1.1.0',
        kind: 'lands-deprecated',
        v0: true,
        v1: false,
        why: `Users on etcd.v1.1.0 now move to etcd.v1.2.0 in stable, which is deprecated: ${dep}`,
      },
      {
        // OLM v1 never leaves a bundle for a deprecated one.
        package: 'etcd',
        channel: 'stable',
        bundle: 'etcd.v1.1.0',
        kind: 'no-path',
        v0: false,
        v1: true,
        why: 'Users on etcd.v1.1.0 can no longer reach the head of stable, because etcd.v1.1.0 stays: etcd.v1.2.0 is deprecated and etcd.v1.1.0 is not.',
      },
      {
        package: 'etcd',
        channel: 'fast',
        bundle: null,
        kind: 'channel-removed',
        v0: true,
        v1: true,
        why: 'Channel fast is gone: subscriptions to it have nothing to resolve.',
      },
      {
        package: 'gone',
        channel: null,
        bundle: null,
        kind: 'package-removed',
        v0: true,
        v1: true,
        why: 'Package gone is gone: every subscription to it has nothing to resolve.',
      },
    ]);
  });

  it('finds nothing between a catalog and itself', async () => {
    expect(diffCatalogs(await model(OLD), await model(OLD))).toEqual({
      packages: [],
      impact: [],
      overlays: [],
    });
  });
});
