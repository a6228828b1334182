import { describe, expect, it } from 'vitest';
import { UI_ACTIONS, missingFields, uiAction } from '../../../src/app/actions/catalog';
import { actions } from '../../../src/core/edit';

describe('the UI action list', () => {
  it('is the edit core’s registry: same names, labels and targets, in menu order', () => {
    expect(UI_ACTIONS.map((a) => [a.name, a.label, a.appliesTo])).toEqual(
      actions.map((a) => [a.name, a.label, [...a.appliesTo]]),
    );
  });

  it('says what is still to pick, honouring optional and conditional fields', () => {
    const promote = uiAction('promoteToChannel')!;
    expect(missingFields(promote, { package: 'p', bundle: 'b' }).map((f) => f.arg)).toEqual(['channel']);
    expect(missingFields(promote, { package: 'p', bundle: 'b', channel: 'new' })).toEqual([]);
    const deprecate = uiAction('deprecate')!;
    expect(missingFields(deprecate, { package: 'p', kind: 'package' }).map((f) => f.arg)).toEqual([
      'message',
    ]);
    expect(missingFields(deprecate, { package: 'p', kind: 'bundle' }).map((f) => f.arg)).toEqual([
      'name',
      'message',
    ]);
  });
});
