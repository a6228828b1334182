/**
 * `fbc-studio open` with what is not a folder here: an image reference is pulled (an unreachable
 * registry is exit 1 with the reason); anything else is not a directory (1), a bad option 2.
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
  it('pulls an image reference, and says why when it cannot (exit 1)', async () => {
    // Nothing listens on port 9: the pull fails at once, and the message says where.
    const r = await run('open', '127.0.0.1:9/index:v4.18', '--no-browser', '--use-http');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^fbc-studio open: GET 127\.0\.0\.1:9\/v2\/index\/manifests\/v4\.18: connect ECONNREFUSED/,
    );
    expect(r.out).toBe('');
  });

  it('says a missing folder is not a directory (exit 1), and refuses a bad port', async () => {
    expect(await run('open', 'no/such/folder', '--no-browser')).toEqual({
      code: 1,
      out: '',
      err: 'fbc-studio open: no/such/folder is not a directory\n',
    });
    expect((await run('open', '.', '--port', '70000')).code).toBe(2);
    expect((await run('serve', 'extra')).code).toBe(2);
  });

  it('tells image references from folder names', () => {
    expect(looksLikeImage('quay.io/org/index:v1')).toBe(true);
    expect(looksLikeImage('index:v4.18')).toBe(true);
    expect(looksLikeImage('catalogs/foo')).toBe(false);
    expect(looksLikeImage('my-catalog')).toBe(false);
  });
});
