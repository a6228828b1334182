/** Masterminds semver constraints as Crossplane reads them: which versions they allow, and when two never meet. */
import { describe, expect, it } from 'vitest';
import {
  constraintsMeet,
  parseConstraint,
  satisfies,
  type Constraint,
} from '../../../src/core/crossplane/constraint';

function c(text: string): Constraint {
  const r = parseConstraint(text);
  if ('error' in r) throw new Error(r.error);
  return r;
}

describe('Masterminds constraints', () => {
  it.each([
    ['v0.3.0', 'v0.3.0', true],
    ['v0.3.0', 'v0.3.1', false],
    ['>=v0.11.2', 'v1.0.0', true],
    ['>=v1.14.1-0', '1.14.0', false],
    ['~1.2.3', '1.2.9', true],
    ['~1.2.3', '1.3.0', false],
    ['^1.2', '1.9.0', true],
    ['^1.2', '2.0.0', false],
    ['^0.2.3', '0.2.9', true],
    ['^0.2.3', '0.3.0', false],
    ['1.2.x', '1.2.7', true],
    ['1.2.x', '1.3.0', false],
    ['>1.2', '1.2.9', false],
    ['<=1.2', '1.2.9', true],
    ['*', '9.9.9', true],
    ['1.2 - 1.4.5', '1.4.5', true],
    ['1.2 - 1.4.5', '1.4.6', false],
    ['>= 1.0, < 2.0 || 3.x', '3.1.0', true],
    ['>= 1.0, < 2.0 || 3.x', '2.1.0', false],
    ['>=1.0 <2.0', '1.5.0', true],
    ['!=1.2.3', '1.2.3', false],
  ])('%s allows %s: %s', (constraint, version, allowed) => {
    expect(satisfies(c(constraint), version)).toBe(allowed);
  });

  it('says which constraints leave no common version', () => {
    expect(constraintsMeet(c('v0.3.0'), c('>=v0.4.0'))).toBe(false);
    expect(constraintsMeet(c('~0.7.0'), c('^0.8.2'))).toBe(false);
    expect(constraintsMeet(c('~0.3'), c('>=v0.3.5'))).toBe(true);
    expect(constraintsMeet(c('<1.0.0'), c('>=1.0.0'))).toBe(false);
    expect(constraintsMeet(c('<=1.0.0'), c('>=1.0.0'))).toBe(true);
  });

  it('rejects what Masterminds rejects, with its message: the || segment it stopped at, quoted', () => {
    for (const bad of ['latest', '>=abc', '1.2.3.4', '', '>a0.13.0']) {
      expect(parseConstraint(bad)).toEqual({ error: `improper constraint: "${bad}"` });
    }
    expect(parseConstraint('>= 1.0 ||')).toEqual({ error: 'improper constraint: ""' });
    expect(parseConstraint('^1.0 || 2.x.y')).toEqual({ error: 'improper constraint: " 2.x.y"' });
  });
});
