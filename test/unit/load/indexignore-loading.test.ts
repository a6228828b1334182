/**
 * opm's .indexignore matcher loads only for a source that has an .indexignore (walk.ts). Each test
 * file gets its own module instance, so here the matcher starts unloaded.
 */
import { describe, expect, it } from 'vitest';
import { loadIndexIgnore, selectFiles } from '../../../src/core/load';

describe('the .indexignore matcher, loaded on demand', () => {
  it('is not needed without an .indexignore, and is said to be missing when one is there', async () => {
    expect(selectFiles(['b.yaml', 'a.yaml'], () => undefined)).toEqual({
      load: ['a.yaml', 'b.yaml'],
      ignored: [],
    });
    await loadIndexIgnore(['a.yaml']); // no .indexignore: nothing loads
    expect(() => selectFiles(['.indexignore', 'a.yaml'], () => 'a.yaml\n')).toThrow(
      'internal: the .indexignore matcher is not loaded (await loadIndexIgnore(paths))',
    );
    await loadIndexIgnore(['.indexignore', 'a.yaml']);
    expect(selectFiles(['.indexignore', 'a.yaml', 'b.yaml'], () => 'a.yaml\n')).toEqual({
      load: ['b.yaml'],
      ignored: ['a.yaml'],
    });
  });
});
