/**
 * A CatalogSession on its own (no service): one catalog with loading, views, queries, export and
 * write-back support, and the life cycle the service drives (open, cancel, close).
 */
import { describe, expect, it } from 'vitest';
import { renderGraph } from '../../../src/core/mermaid/render-graph';
import { loadCatalog } from '../../../src/core/load';
import { CatalogSession } from '../../../src/core/service/catalog-session';
import { MemorySource } from '../../../src/core/source/memory';
import type { CatalogSource } from '../../../src/core/source/types';
import { demoTree } from './demo-files';
import { packageYaml, WORKED } from './paths-fixtures';

const b64 = (s: string) => btoa(s);
/** One package whose only bundle carries an olm.bundle.object that is not YAML (opm's R15). */
const BAD_OBJECT = {
  'p/catalog.json': [
    { schema: 'olm.package', name: 'p', defaultChannel: 'stable' },
    { schema: 'olm.channel', package: 'p', name: 'stable', entries: [{ name: 'p.v1' }] },
    {
      schema: 'olm.bundle',
      package: 'p',
      name: 'p.v1',
      image: 'example.com/p:1',
      properties: [
        { type: 'olm.package', value: { packageName: 'p', version: '1.0.0' } },
        { type: 'olm.bundle.object', value: { data: b64('k: v: w\n') } },
      ],
    },
  ]
    .map((b) => JSON.stringify(b))
    .join('\n'),
};

describe('CatalogSession', () => {
  it('opens, then answers views, queries, export and the file list for its catalog', async () => {
    const files = { 'op/catalog.yaml': packageYaml(WORKED) };
    const session = new CatalogSession('worked');
    expect(session.isOpen).toBe(false);
    expect(session.getSummary()).toBeNull();
    expect(() => session.getPackageList()).toThrow('No catalog is open');
    const summary = await session.open(new MemorySource(files, 'worked'), {
      kind: 'files',
      readOnly: true,
    });
    expect(summary).toMatchObject({ generation: 1, packages: 1, passed: true });
    expect(session.isOpen).toBe(true);
    expect(session.listFiles()).toEqual([
      {
        path: 'op/catalog.yaml',
        format: 'yaml',
        bytes: new TextEncoder().encode(files['op/catalog.yaml']).length,
        blobs: 6,
      },
    ]);
    const path = await session.getUpgradePath({ package: 'op', channel: 'stable', bundle: 'op.v1.0.0' });
    expect(path).toMatchObject({ heads: ['op.v1.3.0'], v0: { reachesHead: true } });
    const dc = (await loadCatalog(new MemorySource(files), { bundleObjects: 'eager' })).dc;
    expect((await session.exportMermaid()).documents[0]?.text).toBe(renderGraph(dc, {}).text);
    expect((await session.getImpact()).pending).toBe(false);
  });

  it('a cancelled re-open keeps the catalog; close forgets it and answers whoever waits for the check', async () => {
    const session = new CatalogSession('demo');
    await session.open(new MemorySource(demoTree(), 'demo'), { kind: 'demo', readOnly: true });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const inner = new MemorySource(demoTree(), 'slow');
    const slow: CatalogSource = {
      name: 'slow',
      list: async () => (await gate, inner.list()),
      read: (p) => inner.read(p),
    };
    const opening = session.open(slow, { kind: 'files', readOnly: true });
    expect(session.isLoading).toBe(true);
    session.cancel();
    release();
    await expect(opening).rejects.toMatchObject({ name: 'AbortError' });
    expect(session.isLoading).toBe(false);
    expect(session.getSummary()).toMatchObject({ name: 'demo', generation: 1 });

    const bad = new CatalogSession('bad');
    await bad.open(new MemorySource(BAD_OBJECT, 'bad'), { kind: 'files', readOnly: true });
    expect(bad.getSummary()?.bundleObjects).toBe('checking');
    const waiting = bad.whenBundleObjectsChecked();
    bad.close();
    expect(await waiting).toBeNull();
    expect(bad.isOpen).toBe(false);
    expect(bad.getSummary()).toBeNull();
  });

  it('the deferred check re-validates its own catalog: a new generation with opm’s verdict', async () => {
    const session = new CatalogSession('bad');
    const opened = await session.open(new MemorySource(BAD_OBJECT, 'bad'), {
      kind: 'files',
      readOnly: true,
    });
    expect(opened).toMatchObject({ passed: true, bundleObjects: 'checking' });
    const checked = await session.whenBundleObjectsChecked();
    expect(checked).toMatchObject({
      generation: opened.generation + 1,
      passed: false,
      bundleObjects: 'checked',
    });
    expect(checked?.opmMessage).toContain('read bundle objects: package "p", bundle "p.v1"');
  });
});
