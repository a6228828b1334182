/**
 * compiler-tuning.ts turns TurboFan's inlining off for a large run, after Node has started: this
 * checks that V8 honours the setting then (its own trace of inlining decisions), and that a small
 * run keeps V8's defaults.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TUNE_MIN_BYTES } from '../../../src/cli/compiler-tuning';

/** V8's inlining trace of a hot loop, after the run was sized at `bytes`. */
function inliningTrace(bytes: number): string {
  const code = `
    import { tuneCompilerFor } from './src/cli/compiler-tuning.ts';
    tuneCompilerFor(${bytes});
    function add(a, b) { return a + b; }
    function hot(n) { let s = 0; for (let i = 0; i < n; i++) s = add(s, i); return s; }
    let t = 0;
    for (let k = 0; k < 3000; k++) t += hot(1000);
    console.log('sum', t);`;
  const r = spawnSync(
    process.execPath,
    ['--trace-turbo-inlining', '--import', 'tsx', '--input-type=module', '-e', code],
    { encoding: 'utf8', cwd: process.cwd() },
  );
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('sum ');
  return r.stdout;
}

describe('compiler tuning for large runs', () => {
  it('keeps inlining for a small catalog', () => {
    expect(inliningTrace(1024)).toMatch(/Inlining .*add.* into .*hot/);
  });

  it('turns inlining off from TUNE_MIN_BYTES on, though Node has already started', () => {
    const trace = inliningTrace(TUNE_MIN_BYTES);
    expect(trace).not.toMatch(/Inlining .*add/);
  });
});
