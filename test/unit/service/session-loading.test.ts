import { describe, expect, it } from 'vitest';
import { CatalogLoading, type LoadingHost } from '../../../src/core/service/session-loading';
import {
  generationCounter,
  SnapshotBuilder,
  type Snapshot,
} from '../../../src/core/service/session-snapshot';
import { CatalogViews } from '../../../src/core/service/session-views';
import { MemorySource } from '../../../src/core/source/memory';
import type { CatalogSource } from '../../../src/core/source/types';
import { packageYaml, WORKED } from './paths-fixtures';

/** A package whose bundle's olm.bundle.object is not YAML: only the deferred check (opm's R15) finds it. */
const BAD = [
  { schema: 'olm.package', name: 'p', defaultChannel: 'stable' },
  { schema: 'olm.channel', package: 'p', name: 'stable', entries: [{ name: 'p.v1' }] },
  {
    schema: 'olm.bundle',
    package: 'p',
    name: 'p.v1',
    image: 'example.com/p:1',
    properties: [
      { type: 'olm.package', value: { packageName: 'p', version: '1.0.0' } },
      { type: 'olm.bundle.object', value: { data: btoa('k: v: w\n') } },
    ],
  },
]
  .map((b) => JSON.stringify(b))
  .join('\n');

/** The host a session gives its loading, recording what is committed. */
function host() {
  const builder = new SnapshotBuilder(generationCounter());
  const views = new CatalogViews();
  const commits: { generation: number; opened: boolean }[] = [];
  let current: Snapshot | undefined;
  const h: LoadingHost = {
    current: () => current,
    build: (f, t) => builder.build(f, t),
    commit: (s, opened) => {
      current = s;
      commits.push({ generation: s.generation, opened });
    },
    // The loading is made below; the summary is only asked for once it exists.
    summary: (s) => views.summary(s, loading.isChecking(s.loads.values())),
  };
  const loading = new CatalogLoading(h);
  return { loading, commits, current: () => current };
}

describe('loading one catalog', () => {
  it('commits the open, then the deferred check’s re-validation, and tells whoever waits', async () => {
    const { loading, commits } = host();
    const files = { 'op/catalog.yaml': packageYaml(WORKED), 'p/catalog.json': BAD };
    const opened = await loading.open(new MemorySource(files, 'x'), { kind: 'files', readOnly: true });
    expect(opened).toMatchObject({ passed: true, bundleObjects: 'checking' });
    expect(commits).toEqual([{ generation: 1, opened: true }]);
    const checked = await loading.whenBundleObjectsChecked();
    expect(checked).toMatchObject({ generation: 2, passed: false, bundleObjects: 'checked' });
    expect(commits).toEqual([
      { generation: 1, opened: true },
      { generation: 2, opened: false },
    ]);
    // Nothing pending any more: answered at once.
    expect(await loading.whenBundleObjectsChecked()).toEqual(checked);
  });

  it('a second open cancels the first, which commits nothing', async () => {
    const { loading, commits, current } = host();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const inner = new MemorySource({ 'op/catalog.yaml': packageYaml(WORKED) }, 'slow');
    const slow: CatalogSource = {
      name: 'slow',
      list: async () => (await gate, inner.list()),
      read: (p) => inner.read(p),
    };
    const first = loading.open(slow, { kind: 'files', readOnly: true });
    const second = loading.open(new MemorySource({ 'op/catalog.yaml': packageYaml(WORKED) }, 'quick'), {
      kind: 'files',
      readOnly: true,
    });
    release();
    await expect(first).rejects.toMatchObject({ name: 'AbortError', message: 'Loading was cancelled' });
    expect(await second).toMatchObject({ name: 'quick' });
    expect(commits).toHaveLength(1);
    expect(current()?.source.name).toBe('quick');
    expect(loading.busy).toBe(false);
  });

  it('with nothing opened there is nothing to wait for', async () => {
    expect(await host().loading.whenBundleObjectsChecked()).toBeNull();
  });
});
