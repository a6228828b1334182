import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareWalkOrder, loadFile, mergeFileLoads } from '../../../src/core/load';
import type { FileLoad } from '../../../src/core/load/types';
import { printTree } from '../../../src/core/model/validate-model';
import { IncrementalValidator } from '../../../src/core/validate/incremental';
import { validateCatalog, type ValidationResult } from '../../../src/core/validate/validate-catalog';
import { applyEdit, catalog, edit } from './incremental-catalogs';

/** Everything a user sees of a result, as plain data (diagnostics in their order). */
function observable(r: ValidationResult): unknown {
  return {
    passed: r.passed,
    stage: r.stage,
    opmMessage: r.opmMessage,
    tree: r.tree === undefined ? undefined : printTree(r.tree),
    diagnostics: JSON.parse(JSON.stringify(r.diagnostics)) as unknown,
    model: [...r.model.packages.values()].map((p) => ({
      name: p.name,
      deprecated: p.deprecation?.message,
      channels: [...p.channels.values()].map((c) => ({
        name: c.name,
        deprecated: c.deprecation?.message,
        bundles: [...c.bundles.values()].map((b) => [
          b.name,
          b.version?.raw,
          b.image,
          b.deprecation?.message,
        ]),
      })),
    })),
  };
}

/** opm's stage-B passes, by rule: packages, channels, bundles, entries (R35), deprecations. */
function pass(rule: string): number | undefined {
  const n = Number(rule.slice(1));
  if (!rule.startsWith('R') || n < 17 || n > 44) return undefined;
  return n <= 19 ? 0 : n <= 23 ? 1 : n <= 34 ? 2 : n === 35 ? 3 : 4;
}

/**
 * An oracle for opm's order that does not share code with the validator: conversion findings come by
 * pass, then by the place of their blob in its list in load order (R35 is only checked for its pass).
 */
function expectOpmOrder(m: ReturnType<typeof mergeFileLoads>, r: ValidationResult): void {
  const place = new Map<string, number>();
  const lists = [m.dc.packages, m.dc.channels, m.dc.bundles, [], m.dc.deprecations];
  lists.forEach((list, phase) =>
    list.forEach((b, i) => place.set(`${phase}:${b.origin.file}:${b.origin.index}`, i)),
  );
  const keys = r.diagnostics.flatMap((d) => {
    const phase = pass(d.rule);
    if (phase === undefined || d.source !== 'opm') return [];
    const at = phase === 3 ? 0 : place.get(`${phase}:${d.ref?.origin.file}:${d.ref?.origin.index}`);
    return [[phase, at ?? -1]];
  });
  const sorted = [...keys].sort(
    (a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number),
  );
  expect(keys).toEqual(sorted);
  if (r.stage === 'convert')
    expect(r.opmMessage).toBe(r.diagnostics.find((d) => pass(d.rule) !== undefined)?.message);
}

/** The app's view of a catalog: one FileLoad per file, kept (same objects) until that file changes. */
class Workspace {
  readonly loads = new Map<string, FileLoad>();
  constructor(readonly files: Map<string, string>) {
    for (const [path, text] of files) this.loads.set(path, loadFile(path, text, { bundleObjects: 'lazy' }));
  }
  reload(paths: readonly string[]): void {
    for (const p of [...this.loads.keys()]) if (!this.files.has(p)) this.loads.delete(p);
    for (const p of paths)
      this.loads.set(p, loadFile(p, this.files.get(p) as string, { bundleObjects: 'lazy' }));
  }
  merged(): ReturnType<typeof mergeFileLoads> {
    const order = [...this.loads.keys()].sort(compareWalkOrder);
    return mergeFileLoads(order.map((p) => this.loads.get(p) as FileLoad));
  }
}

const pkg = (name: string, def = 'stable') => ({ schema: 'olm.package', name, defaultChannel: def });
const channel = (p: string, name: string, ...entries: { name: string; replaces?: string }[]) => ({
  schema: 'olm.channel',
  package: p,
  name,
  entries,
});
const bundle = (p: string, name: string, version: string) => ({
  schema: 'olm.bundle',
  package: p,
  name,
  image: `quay.io/x/${name}:1`,
  properties: [{ type: 'olm.package', value: { packageName: p, version } }],
});
const json = (...blobs: object[]) => blobs.map((b) => JSON.stringify(b)).join('\n');

describe('IncrementalValidator', () => {
  it('after every single-file edit, equals a stateless validateCatalog of the same catalog', () => {
    fc.assert(
      fc.property(catalog, fc.array(edit, { minLength: 1, maxLength: 8 }), (files, edits) => {
        const ws = new Workspace(new Map(files));
        const inc = new IncrementalValidator();
        const check = (): void => {
          const m = ws.merged();
          const r = inc.validate(m);
          expect(observable(r)).toEqual(observable(validateCatalog(m)));
          expectOpmOrder(m, r);
        };
        check();
        for (const e of edits) {
          ws.reload(applyEdit(ws.files, e));
          check();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reuses the packages whose blobs did not change and redoes the edited one', () => {
    const ws = new Workspace(
      new Map([
        ['a.json', json(pkg('a'), channel('a', 'stable', { name: 'a.v1' }), bundle('a', 'a.v1', '1.0.0'))],
        ['b.json', json(pkg('b'), channel('b', 'stable', { name: 'b.v1' }), bundle('b', 'b.v1', '1.0.0'))],
      ]),
    );
    const inc = new IncrementalValidator();
    const first = inc.validate(ws.merged());
    expect(first.passed).toBe(true);

    ws.files.set(
      'b.json',
      json(pkg('b'), channel('b', 'stable', { name: 'b.v2' }), bundle('b', 'b.v2', '2.0.0')),
    );
    ws.reload(['b.json']);
    const second = inc.validate(ws.merged());
    expect(second.passed).toBe(true);
    expect(second.model.packages.get('a')).toBe(first.model.packages.get('a'));
    expect(second.model.packages.get('b')).not.toBe(first.model.packages.get('b'));
    expect(second.model.packages.get('b')?.channels.get('stable')?.bundles.has('b.v2')).toBe(true);
  });

  it("reports opm's first stage-B error when cached and fresh packages both have errors", () => {
    const ws = new Workspace(
      new Map([
        ['a.json', json(pkg('a'), channel('a', 'stable', { name: 'a.v1' }), bundle('a', 'a.v1', '1.0.0'))],
        ['b.json', json(pkg('b'), channel('b', 'stable', { name: 'b.v1' }), bundle('b', 'b.v1', 'x1'))],
      ]),
    );
    const inc = new IncrementalValidator();
    const bad = 'error parsing bundle "b.v1" version "x1": No Major.Minor.Patch elements found';
    expect(inc.validate(ws.merged()).opmMessage).toBe(bad);

    // An earlier bundle (a.json is loaded first) with a bad version now comes first; b is cached.
    ws.files.set(
      'a.json',
      json(pkg('a'), channel('a', 'stable', { name: 'a.v1' }), bundle('a', 'a.v1', '01.0.0')),
    );
    ws.reload(['a.json']);
    const r = inc.validate(ws.merged());
    expect(r.stage).toBe('convert');
    expect(r.opmMessage).toBe(
      'error parsing bundle "a.v1" version "01.0.0": Major number must not contain leading zeroes "01"',
    );
    expect(r.diagnostics.filter((d) => d.rule === 'R32').map((d) => d.bundle)).toEqual(['a.v1', 'b.v1']);

    // Channels are checked before any bundle: an unknown package in b.json now beats both.
    ws.files.set(
      'b.json',
      json(
        pkg('b'),
        channel('b', 'stable', { name: 'b.v1' }),
        channel('zz', 'stable'),
        bundle('b', 'b.v1', 'x1'),
      ),
    );
    ws.reload(['b.json']);
    expect(inc.validate(ws.merged()).opmMessage).toBe('unknown package "zz" for channel "stable"');

    // Back to a valid a and b: the cached a (unchanged since) and a fresh b give the stage-C tree.
    ws.files.set('a.json', json(pkg('a'), channel('a', 'stable', { name: 'a.v1' }, { name: 'a.v2' })));
    ws.files.set(
      'b.json',
      json(pkg('b'), channel('b', 'stable', { name: 'b.v1' }), bundle('b', 'b.v1', '1.0.0')),
    );
    ws.reload(['a.json', 'b.json']);
    expect(inc.validate(ws.merged()).opmMessage).toBe(
      'no olm.bundle blobs found in package "a" for olm.channel entries [a.v1 a.v2]',
    );
  });

  it('orders R35 across packages by the first channel of each package, as before', () => {
    // opm's order here is Go's random map order; ours is the order in which its map first sees each package.
    const files = new Map([
      ['a.json', json(channel('a', 'beta'))],
      ['c.json', json(pkg('b'))],
      [
        'd.json',
        json(channel('b', 'stable', { name: 'b.v1' }), pkg('a'), channel('a', 'stable', { name: 'a.v1' })),
      ],
    ]);
    const r = new IncrementalValidator().validate(new Workspace(files).merged());
    expect(r.opmMessage).toBe('no olm.bundle blobs found in package "a" for olm.channel entries [a.v1]');
    expect(
      r.diagnostics.filter((d) => d.rule === 'R35' && d.bundle === undefined).map((d) => d.package),
    ).toEqual(['a', 'b']);
  });

  it('prints the stage-C tree exactly when packages are reused and the last package changes', () => {
    const stranded = (p: string) =>
      json(
        pkg(p),
        channel(p, 'stable', { name: `${p}.v1` }, { name: `${p}.v2` }),
        bundle(p, `${p}.v1`, '1.0.0'),
        bundle(p, `${p}.v2`, '2.0.0'),
      );
    const ws = new Workspace(
      new Map([
        ['a.json', stranded('a')],
        ['b.json', stranded('b')],
      ]),
    );
    const inc = new IncrementalValidator();
    inc.validate(ws.merged());
    ws.files.set('c.json', stranded('c'));
    ws.reload(['c.json']);
    const r = inc.validate(ws.merged());
    const pkgTree = (p: string, last: boolean) => {
      const [t, s] = last ? ['└── ', '    '] : ['├── ', '│   '];
      return (
        `${t}invalid package "${p}":\n${s}└── invalid channel "stable":\n` +
        `${s}    └── multiple channel heads found in graph: ${p}.v1, ${p}.v2`
      );
    };
    expect(r.opmMessage).toBe(
      `invalid index:\n${pkgTree('a', false)}\n${pkgTree('b', false)}\n${pkgTree('c', true)}`,
    );
    expect(r.opmMessage).toBe(validateCatalog(ws.merged()).opmMessage);
  });
});
