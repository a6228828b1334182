import { describe, expect, it } from 'vitest';
import { demoTree, text } from './demo-files';

describe('public/demo/manifest.json', () => {
  it('lists exactly the demo catalog’s files, with their sizes (a static server cannot list a folder)', () => {
    const tree = demoTree();
    const manifest = JSON.parse(text(tree['manifest.json'])) as {
      name: string;
      files: { path: string; size: number }[];
    };
    const onDisk = Object.entries(tree)
      .filter(([p]) => p !== 'manifest.json')
      .map(([path, bytes]) => ({ path, size: bytes.byteLength }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(manifest.files).toEqual(onDisk);
  });
});
