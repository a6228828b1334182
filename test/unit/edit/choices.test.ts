import { describe, expect, it } from 'vitest';
import {
  actionByName,
  actions,
  actionsFor,
  addReplaces,
  addSkip,
  deprecate,
  promoteToChannel,
  removeSkip,
  setDefaultChannel,
  setSkipRange,
  type Choice,
} from '../../../src/core/edit';
import { contextOf } from './helpers';
import { JSON_CATALOG, JSON_PATH, YAML_CATALOG, YAML_PATH } from './fixtures';

const ctx = contextOf({ [YAML_PATH]: YAML_CATALOG });
const pkg = 'anakin';
const values = (c: Choice[] | undefined): string[] => (c ?? []).map((x) => x.value);

describe('choices offer only what makes sense', () => {
  it('replaces: older bundles of the same package, this channel first, not the current target nor newer ones', () => {
    const c = addReplaces.choices?.(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.3.0' });
    expect(c?.replaces).toEqual([
      { value: 'anakin.v0.1.0', label: 'anakin.v0.1.0', detail: '0.1.0' },
      { value: 'anakin.v0.2.1', label: 'anakin.v0.2.1', detail: '0.2.1, not in this channel' },
    ]);
    expect(values(c?.channel)).toEqual(['light']);
    expect(values(c?.bundle)).toEqual(['anakin.v0.3.0', 'anakin.v0.2.0', 'anakin.v0.1.0']);
  });

  it('skips: older bundles not skipped yet', () => {
    const c = addSkip.choices?.(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.3.0' });
    expect(values(c?.skip)).toEqual(['anakin.v0.2.0', 'anakin.v0.1.0']);
    expect(
      values(removeSkip.choices?.(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.3.0' })?.skip),
    ).toEqual(['anakin.v0.2.1']);
  });

  it('promote: channels that lack the bundle; the head is the recommended replaces; a skipRange from the head', () => {
    const c = promoteToChannel.choices?.(ctx, { package: pkg, bundle: 'anakin.v0.4.0', channel: 'light' });
    expect(values(c?.channel)).toEqual(['light']);
    expect(c?.replaces?.[0]).toEqual({
      value: 'anakin.v0.3.0',
      label: 'anakin.v0.3.0',
      detail: '0.3.0, channel head',
      recommended: true,
    });
    expect(values(c?.replaces)).toEqual(['anakin.v0.3.0', 'anakin.v0.2.0', 'anakin.v0.1.0']);
    expect(values(c?.skipRange)).toEqual(['>=0.3.0 <0.4.0']);
    expect(
      values(promoteToChannel.choices?.(ctx, { package: pkg, bundle: 'anakin.v0.2.1' })?.channel),
    ).toEqual(['light']);
  });

  it('default channel: the other channels', () => {
    expect(setDefaultChannel.choices?.(ctx, { package: pkg })?.channel).toEqual([
      { value: 'dark', label: 'dark', detail: '2 entries' },
    ]);
  });

  it('skipRange proposals start from the replaced version (no empty same-minor range for x.y.0)', () => {
    expect(
      values(
        setSkipRange.choices?.(ctx, { package: pkg, channel: 'light', bundle: 'anakin.v0.3.0' })?.skipRange,
      ),
    ).toEqual(['>=0.2.0 <0.3.0', '<0.3.0']);
  });

  it('deprecate: only targets not yet deprecated', () => {
    const j = contextOf({ [JSON_PATH]: JSON_CATALOG });
    expect(values(deprecate.choices?.(j, { package: pkg })?.kind)).toEqual(['package', 'channel', 'bundle']);
    expect(values(deprecate.choices?.(j, { package: pkg, kind: 'bundle' })?.name)).toEqual([
      'anakin.v0.4.0',
      'anakin.v0.3.0',
      'anakin.v0.2.1',
      'anakin.v0.2.0',
    ]);
  });
});

describe('registry', () => {
  it('lists every action once, finds them by name and by target', () => {
    expect(new Set(actions.map((a) => a.name)).size).toBe(actions.length);
    expect(actionByName('promoteToChannel')).toBe(promoteToChannel);
    expect(actionsFor('edge').map((a) => a.name)).toEqual([
      'addReplaces',
      'removeReplaces',
      'addSkip',
      'removeSkip',
      // Offered on a skipRange edge ("Edit skipRange of …"), as the edge menu always did.
      'setSkipRange',
      'removeSkipRange',
    ]);
    expect(actionsFor('package').map((a) => a.name)).toEqual(['createChannel', 'deprecate']);
  });

  it('actions refuse missing arguments instead of throwing', () => {
    for (const a of actions) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const r = a.perform(ctx, {} as any);
      expect(r.changes).toEqual([]);
      expect(r.error).toMatch(/\S/);
    }
  });
});
