import { describe, expect, it } from 'vitest';
import { generationCounter, SnapshotBuilder } from '../../../src/core/service/session-snapshot';
import { CatalogViews } from '../../../src/core/service/session-views';
import { bundleView, fileView, packageGraph, packageView } from '../../../src/core/service/build-views';
import { packageYaml, WORKED } from './paths-fixtures';
import { snapshotOf } from './session-fixtures';

const FILES = { 'op/catalog.yaml': packageYaml(WORKED) };

describe('a catalog’s views', () => {
  it('summarises the generation, saying whether bundle objects are still being checked', () => {
    const views = new CatalogViews();
    const s = snapshotOf(FILES);
    expect(views.summary(s, false)).toMatchObject({
      name: 'fixture',
      generation: 1,
      files: 1,
      packages: 1,
      channels: 1,
      bundles: 4,
      passed: true,
      errors: 0,
      bundleObjects: 'checked',
    });
    expect(views.summary(s, true).bundleObjects).toBe('checking');
  });

  it('builds a channel view once per generation, and afresh for the next one', () => {
    const views = new CatalogViews();
    const builder = new SnapshotBuilder(generationCounter());
    const s1 = snapshotOf(FILES, builder);
    const v1 = views.channel(s1, 'op', 'stable');
    expect(v1?.entries.map((e) => e.name)).toEqual(['op.v1.3.0', 'op.v1.2.0', 'op.v1.1.0', 'op.v1.0.0']);
    expect(views.channel(s1, 'op', 'stable')).toBe(v1);
    const s2 = snapshotOf(FILES, builder);
    const v2 = views.channel(s2, 'op', 'stable');
    expect(v2).not.toBe(v1);
    expect(v2).toEqual(v1);
    expect(views.channel(s1, 'op', 'nope')).toBeNull();
  });

  it('answers null for what the catalog does not have', () => {
    const s = snapshotOf(FILES);
    expect(packageView(s, 'nope')).toBeNull();
    expect(bundleView(s, 'op', 'nope')).toBeNull();
    expect(bundleView(s, 'nope', 'op.v1.2.0')).toBeNull();
    expect(packageGraph(s, 'nope')).toBeNull();
    expect(fileView(s, 'nope.yaml')).toBeNull();
    expect(fileView(s, 'op/catalog.yaml')).toEqual({
      path: 'op/catalog.yaml',
      text: FILES['op/catalog.yaml'],
      format: 'yaml',
    });
    expect(bundleView(s, 'op', 'op.v1.2.0')).toMatchObject({
      version: '1.2.0',
      image: 'example.com/op-bundle:1.2.0',
    });
  });
});
