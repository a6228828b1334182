import { describe, expect, it } from 'vitest';
import { actionSpecs, missingFields } from '../../../src/core/edit';
import { drawOffers, offersAt, paletteOffer } from '../../../src/core/edit/offers';

/** The menus a user sees, derived from the registry's specs alone (what the UI gets from the worker). */
const specs = actionSpecs();
const labels = (offers: { label: string }[]) => offers.map((o) => o.label);

describe('menus derived from the action registry', () => {
  it('a bundle offers every bundle action, in menu order, on that bundle', () => {
    const offers = offersAt(specs, 'bundle', { package: 'p', channel: 'fast', bundle: 'p.v2' });
    expect(labels(offers)).toEqual([
      'Promote to channel…',
      'Remove from channel',
      'Add replaces edge…',
      'Remove replaces edge',
      'Add skips edge…',
      'Set skipRange…',
      'Remove skipRange',
      'Deprecate…',
      'Remove bundle from every channel…',
      'Substitute bundle (respin)…',
    ]);
    expect(offers.find((o) => o.action === 'deprecate')?.args).toEqual({
      package: 'p',
      channel: 'fast',
      bundle: 'p.v2',
      kind: 'bundle',
      name: 'p.v2',
    });
  });

  it('a channel offers its own wording, and a new channel is not named after the clicked one', () => {
    const offers = offersAt(specs, 'channel', { package: 'p', channel: 'fast' });
    expect(labels(offers)).toEqual([
      'Promote a bundle to this channel…',
      'Set as default channel',
      'Create channel…',
      'Deprecate channel…',
    ]);
    expect(offers.find((o) => o.action === 'createChannel')?.args).toEqual({ package: 'p' });
    expect(offers.find((o) => o.action === 'deprecate')?.args).toMatchObject({
      kind: 'channel',
      name: 'fast',
    });
  });

  it('each edge kind names both ends; the skips edge passes the skipped bundle', () => {
    const click = { package: 'p', channel: 'c', bundle: 'p.v2', from: 'p.v1', to: 'p.v2' };
    expect(labels(offersAt(specs, 'edge:replaces', click))).toEqual([
      'Remove “p.v2 replaces p.v1”',
      'Turn into “p.v2 skips p.v1”…',
    ]);
    const skips = offersAt(specs, 'edge:skips', click);
    expect(skips).toEqual([
      {
        action: 'removeSkip',
        label: 'Remove “p.v2 skips p.v1”',
        args: { package: 'p', channel: 'c', bundle: 'p.v2', skip: 'p.v1' },
      },
    ]);
    expect(labels(offersAt(specs, 'edge:skipRange', click))).toEqual([
      'Edit skipRange of p.v2…',
      'Remove skipRange of p.v2',
    ]);
  });

  it('a drawn edge is offered both ways, replaces before skips', () => {
    const offers = drawOffers(specs, { package: 'p', channel: 'c', from: 'a', to: 'b' });
    expect(labels(offers)).toEqual(['a replaces b', 'a skips b', 'b replaces a', 'b skips a']);
    expect(offers[3]?.args).toEqual({ package: 'p', channel: 'c', bundle: 'b', skip: 'a' });
  });

  it('the palette runs each action on the most specific selected thing it is offered for', () => {
    const sel = { package: 'p', channel: 'fast', bundle: 'p.v2' };
    const byName = (n: string) =>
      paletteOffer(
        specs.find((s) => s.name === n)!,
        sel,
      );
    expect(byName('deprecate')).toMatchObject({ on: 'p.v2', args: { kind: 'bundle', name: 'p.v2' } });
    expect(byName('setDefaultChannel').on).toBe('channel fast');
    expect(byName('createChannel').on).toBe('p');
    const onChannel = paletteOffer(
      specs.find((s) => s.name === 'deprecate')!,
      { package: 'p', channel: 'fast' },
    );
    expect(onChannel.args).toMatchObject({ kind: 'channel', name: 'fast' });
  });

  it('says what is still to pick, honouring optional and conditional fields', () => {
    const promote = specs.find((s) => s.name === 'promoteToChannel')!;
    expect(missingFields(promote, { package: 'p', bundle: 'b' }).map((f) => f.arg)).toEqual(['channel']);
    expect(missingFields(promote, { package: 'p', bundle: 'b', channel: 'new' })).toEqual([]);
    const deprecate = specs.find((s) => s.name === 'deprecate')!;
    expect(missingFields(deprecate, { package: 'p', kind: 'package' }).map((f) => f.arg)).toEqual([
      'message',
    ]);
    expect(missingFields(deprecate, { package: 'p', kind: 'bundle' }).map((f) => f.arg)).toEqual([
      'name',
      'message',
    ]);
  });

  it('specs are plain data (they cross the worker boundary) and shortcuts are unique', () => {
    expect(JSON.parse(JSON.stringify(specs))).toEqual(specs);
    const keys = specs.flatMap((s) => (s.shortcut ? [s.shortcut] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(0);
  });
});
