import { describe, expect, it } from 'vitest';
import { demoChannel } from '../../../bench/graph-synthetic';
import type { EntryRow } from '../../../src/core/service/views';
import { defaultSort, entryRows, nextSort, sortRows } from '../../../src/app/entries/rows';
import { compareDisplayVersions } from '../../../src/app/graph/version-order';

describe('entryRows', () => {
  const rows = entryRows(demoChannel());

  it('has one row per entry, none for ghosts', () => {
    expect(rows.map((r) => r.id).sort()).toEqual(
      [
        'etcdoperator.v0.9.0',
        'etcdoperator.v0.9.1',
        'etcdoperator.v0.9.2',
        'etcdoperator.v0.9.3',
        'etcdoperator.v0.9.4',
        'etcdoperator.v0.9.4-bad',
      ].sort(),
    );
  });

  it('reads replaces, skips and skipRange back from the edges', () => {
    const head = rows.find((r) => r.id === 'etcdoperator.v0.9.4')!;
    expect(head).toMatchObject({
      version: '0.9.4',
      replaces: 'etcdoperator.v0.9.3',
      skips: ['etcdoperator.v0.9.4-bad', 'etcdoperator.v0.9.1'],
      skipRange: '>=0.9.0 <0.9.4',
      head: true,
    });
    expect(rows.find((r) => r.id === 'etcdoperator.v0.9.0')).toMatchObject({
      replaces: 'etcdoperator.v0.6.1',
      skips: [],
      skipRange: '',
      head: false,
      stranded: true,
    });
    expect(rows.find((r) => r.id === 'etcdoperator.v0.9.3')!.deprecated).toBe(
      'v0.9.3 loses data on restore; upgrade.',
    );
  });

  it('prefers the service’s entry rows when given (a skipRange that matches nothing has no edge)', () => {
    const entries: EntryRow[] = [
      {
        name: 'etcdoperator.v0.9.2',
        version: '0.9.2',
        replaces: 'etcdoperator.v0.9.1',
        skips: ['etcdoperator.v0.9.1-rc.1'],
        skipRange: '<0.0.1',
        head: false,
        inChain: true,
        skipped: false,
        stranded: false,
      },
    ];
    expect(entryRows(demoChannel(), entries).find((r) => r.id === 'etcdoperator.v0.9.2')!.skipRange).toBe(
      '<0.0.1',
    );
  });
});

describe('sortRows', () => {
  const rows = entryRows(demoChannel());
  const names = (s: Parameters<typeof sortRows>[1]) =>
    sortRows(rows, s).map((r) => r.name.replace('etcdoperator.', ''));

  it('sorts by version with semver precedence, newest first by default (prerelease below its release)', () => {
    expect(defaultSort).toEqual({ key: 'version', dir: 'descending' });
    expect(names(defaultSort)).toEqual(['v0.9.4', 'v0.9.4-bad', 'v0.9.3', 'v0.9.2', 'v0.9.1', 'v0.9.0']);
    expect(names({ key: 'version', dir: 'ascending' })).toEqual([
      'v0.9.0',
      'v0.9.1',
      'v0.9.2',
      'v0.9.3',
      'v0.9.4-bad',
      'v0.9.4',
    ]);
  });

  it('sorts flags with the flagged rows first when descending, ties in upgrade order', () => {
    expect(names({ key: 'head', dir: 'descending' })[0]).toBe('v0.9.4');
    expect(names({ key: 'deprecated', dir: 'descending' })[0]).toBe('v0.9.3');
    expect(names({ key: 'skips', dir: 'descending' }).slice(0, 2)).toEqual(['v0.9.4', 'v0.9.2']);
  });

  it('sorts names as text', () => {
    expect(names({ key: 'bundle', dir: 'ascending' })).toEqual([
      'v0.9.0',
      'v0.9.1',
      'v0.9.2',
      'v0.9.3',
      'v0.9.4',
      'v0.9.4-bad',
    ]);
  });

  it('toggles direction on the same header and starts new ones in their natural direction', () => {
    expect(nextSort({ key: 'version', dir: 'descending' }, 'version')).toEqual({
      key: 'version',
      dir: 'ascending',
    });
    expect(nextSort({ key: 'version', dir: 'ascending' }, 'bundle')).toEqual({
      key: 'bundle',
      dir: 'ascending',
    });
    expect(nextSort({ key: 'bundle', dir: 'ascending' }, 'head')).toEqual({ key: 'head', dir: 'descending' });
  });
});

describe('compareDisplayVersions', () => {
  it('uses blang precedence and puts missing/invalid versions first', () => {
    const vs = [
      '1.10.0',
      '1.2.0',
      '1.2.0-rc.1',
      '1.2.0-alpha',
      'not-a-version',
      '',
      '1.2.0+build.5',
      '01.0.0',
    ];
    expect([...vs].sort(compareDisplayVersions)).toEqual([
      '',
      '01.0.0', // leading zero: not valid blang semver
      'not-a-version',
      '1.2.0-alpha',
      '1.2.0-rc.1',
      '1.2.0',
      '1.2.0+build.5', // build metadata ignored: equal to 1.2.0, stable sort keeps input order
      '1.10.0',
    ]);
  });
});
