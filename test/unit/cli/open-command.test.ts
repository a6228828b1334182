/**
 * `fbc-studio open` with what is not a folder here: an image reference is answered "not supported
 * yet" (exit 2: the registry client comes with the images issue); anything else is a usage error.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { looksLikeImage } from '../../../src/cli/open-command';

async function run(...args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('fbc-studio open: arguments', () => {
  it('answers an image reference with "not supported yet" and exit 2', async () => {
    for (const ref of [
      'registry.redhat.io/redhat/redhat-operator-index:v4.18',
      'quay.io/org/catalog@sha256:' + 'a'.repeat(64),
      'localhost:5000/index:latest',
    ]) {
      const r = await run('open', ref, '--no-browser');
      expect(r.code, ref).toBe(2);
      expect(r.err).toBe(
        `fbc-studio open: opening an image (${ref}) is not supported yet; pull it and open its folder\n`,
      );
      expect(r.out).toBe('');
    }
  });

  it('says a missing folder is not a directory (exit 1), and refuses a bad port', async () => {
    expect(await run('open', 'no/such/folder', '--no-browser')).toEqual({
      code: 1,
      out: '',
      err: 'fbc-studio open: no/such/folder is not a directory\n',
    });
    expect((await run('open', '.', '--port', '70000')).code).toBe(1);
    expect((await run('serve', 'extra')).code).toBe(1);
  });

  it('tells image references from folder names', () => {
    expect(looksLikeImage('quay.io/org/index:v1')).toBe(true);
    expect(looksLikeImage('index:v4.18')).toBe(true);
    expect(looksLikeImage('catalogs/foo')).toBe(false);
    expect(looksLikeImage('my-catalog')).toBe(false);
  });
});
