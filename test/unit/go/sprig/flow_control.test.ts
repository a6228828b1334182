/**
 * Port of Masterminds/sprig v3.3.0 flow_control_test.go (1 case, all of them): `fail` returns its
 * message as the error, which the engine reports as `error calling fail: …`.
 */
import { describe, expect, it } from 'vitest';
import { callError, f } from './helpers';

describe('flow_control_test.go', () => {
  it('TestFail', () => {
    const msg = 'This is an error!';
    expect(callError(f.fail, msg)).toContain(msg);
  });
});
