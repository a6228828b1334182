import { describe, expect, it } from 'vitest';
import { demoTree, text } from './demo-files';

describe('public/demo/manifest.json', () => {
  // Every file but manifest.json and the .indexignore that hides it from `opm validate public/demo`:
  // the app's listing never names manifest.json, so it needs no ignore file (nor its matcher).
  it('lists exactly the demo catalog’s files, with their sizes (a static server cannot list a folder)', () => {
    const tree = demoTree();
    const manifest = JSON.parse(text(tree['manifest.json'])) as {
      name: string;
      files: { path: string; size: number }[];
    };
    const onDisk = Object.entries(tree)
      .filter(([p]) => p !== 'manifest.json' && p !== '.indexignore')
      .map(([path, bytes]) => ({ path, size: bytes.byteLength }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(manifest.files).toEqual(onDisk);
  });
});
