/**
 * The action's inputs as the CLI arguments they become (run-action.ts, before any bundle is built):
 * `policy` and `base` pass `--policy` and `--base` to both runs (SARIF and annotations); empty, nothing.
 */
import { describe, expect, it } from 'vitest';
import { runAction } from '../../../src/action/run-action';

async function argvs(inputs: Record<string, string>): Promise<string[][]> {
  const env = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]));
  const calls: string[][] = [];
  await runAction(
    (argv) => {
      calls.push(argv);
      return Promise.resolve(0);
    },
    env,
    { out: () => {}, err: () => {} },
  );
  return calls;
}

describe('the action’s policy inputs', () => {
  it('base and policy reach validate as --base and --policy', async () => {
    expect(await argvs({ path: 'repo', policy: 'community', base: 'origin/main' })).toEqual([
      [
        'validate',
        'repo',
        '-o',
        'github',
        '--fail-on',
        'error',
        '--policy',
        'community',
        '--base',
        'origin/main',
      ],
    ]);
  });

  it('empty inputs add nothing', async () => {
    expect(await argvs({ path: 'repo' })).toEqual([
      ['validate', 'repo', '-o', 'github', '--fail-on', 'error'],
    ]);
  });
});
