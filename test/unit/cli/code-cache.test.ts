/**
 * Where the built CLI keeps its code cache (src/cli/boot.ts). Its behaviour as a user meets it
 * (written, read, damaged, off, shipped) is tested on the installed package in pack.test.ts.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDir, cacheFile, scriptFor } from '../../../src/cli/boot';

describe('the CLI’s code cache location', () => {
  it('lives in the user’s cache folder, never a shared temporary one, and can be turned off', () => {
    expect(cacheDir({ FBC_STUDIO_CACHE_DIR: '/x/y', XDG_CACHE_HOME: '/c' })).toBe('/x/y');
    expect(cacheDir({ XDG_CACHE_HOME: '/home/u/.cache' })).toBe('/home/u/.cache/fbc-studio');
    expect(cacheDir({})).toBe(join(homedir(), '.cache', 'fbc-studio'));
    expect(cacheDir({ FBC_STUDIO_CACHE: 'off', XDG_CACHE_HOME: '/c' })).toBeUndefined();
  });

  it('keeps one file per script and command, named by the script’s hash, Node and architecture', () => {
    const f = cacheFile('/c', 'pipeline', 'ab'.repeat(32), 'validate');
    expect(f).toBe(join('/c', `pipeline-abababababababab-${process.version}-${process.arch}-validate.v8`));
    // A command name from the command line never becomes a path.
    expect(cacheFile('/c', 'core', 'ab'.repeat(32), '../../etc/x')).toMatch(/^.*core-a{1}b.*-other\.v8$/);
    expect(cacheFile('/c', 'core', 'ab'.repeat(32), undefined)).toMatch(/-other\.v8$/);
  });

  it('runs a pipeline’s commands from the smaller script, everything else from the whole CLI', () => {
    expect(scriptFor('validate')).toBe('pipeline');
    expect(scriptFor('validate-changed')).toBe('pipeline');
    for (const other of ['workspace', 'rules', '--help', 'help', 'validatex', undefined]) {
      expect(scriptFor(other)).toBe('core');
    }
  });
});
