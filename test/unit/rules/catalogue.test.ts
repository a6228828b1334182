/**
 * The rule catalogue itself: every entry can explain itself to a user, ids are unique, and opm's
 * entries are exactly the checks of fbc-rules.md §3 (when ../shared is there to compare with).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GROUP_TITLES, RULES, ruleById, type RuleId, type RuleIds } from '../../../src/core/rules';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

/** §3 rows that are not checks: R16 is a note on ordering, R46 the icon check opm leaves as a no-op. */
const NOT_CHECKS = ['R16', 'R46'];

function specRuleIds(): string[] {
  const md = readFileSync(sharedPath('spec/fbc-rules.md'), 'utf8');
  const section = md.slice(md.indexOf('## 3. Validation rules'), md.indexOf('## 4. '));
  return [...section.matchAll(/^\| (R\d+) \|/gm)].map((m) => m[1] as string);
}

describe('rule catalogue', () => {
  it('has unique ids, each found by ruleById', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(ruleById(id)?.id).toBe(id);
    expect(ruleById('R999')).toBeUndefined();
  });

  it('makes an id without an entry a compile error (checked by the type check of this file)', () => {
    // @ts-expect-error 'R999' has no catalogue entry
    const unknown: RuleId = 'R999';
    // @ts-expect-error R16 is a note of fbc-rules.md, not a check
    type NotACheck = RuleIds<'R16'>;
    const known: RuleIds<'R55' | 'skips-only'> = 'R55';
    expect([unknown, known, undefined as NotACheck | undefined]).toEqual(['R999', 'R55', undefined]);
  });

  it('gives every entry a title, a summary, a paragraph and an upstream reference', () => {
    for (const r of RULES) {
      const where = `${r.id}: `;
      expect(where + r.title.trim()).not.toBe(where);
      expect(where + r.summary.trim()).not.toBe(where);
      expect(where + r.description.trim()).not.toBe(where);
      expect(where + r.upstream.text.trim()).not.toBe(where);
      expect(where + r.upstream.url).toMatch(/^\S+: https:\/\/\S+$/);
      expect(GROUP_TITLES[r.group], where).toBeTruthy();
    }
  });

  it("keeps opm's ids and ours apart: R-numbers are opm errors, kebab ids FBC Studio's non-errors", () => {
    for (const r of RULES) {
      if (r.source === 'opm') {
        expect(r.id).toMatch(/^R\d+$/);
        expect(r.severity, r.id).toBe('error');
        expect(r.message, r.id).toBeTruthy();
      } else if (r.source === 'operator-framework') {
        // Bundle directory checks ported from operator-framework's validators: their text, not opm's.
        expect(r.id).toMatch(/^bundle(-[a-z0-9]+)+$/);
        expect(r.group, r.id).toBe('bundle-dir');
        expect(r.message, r.id).toBeTruthy();
      } else if (r.group === 'diff') {
        // A diff's findings judge a change, not a catalog: its impacts are errors (what `diff` fails on).
        expect(r.id).toMatch(/^diff(-[a-z0-9]+)+$/);
        expect(r.source, r.id).toBe('fbc-studio');
      } else if (r.group === 'mirror') {
        // A mirror plan judges what oc-mirror rebuilds from a configuration: a lost default channel or
        // an unreachable head breaks the clusters that use it, so those are errors.
        expect(r.id).toMatch(/^mirror(-[a-z0-9]+)+$/);
        expect(r.source, r.id).toBe('fbc-studio');
      } else if (r.source === 'fbc-studio') {
        expect(r.id).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
        expect(r.severity, r.id).not.toBe('error');
        // Our checks of the formats beside OLM sit in their format's group.
        expect([
          'fbc-studio',
          'workspace',
          'repo-config',
          'bundle-dir',
          'crossplane',
          'fleet',
          'lifecycle',
        ]).toContain(r.group);
      } else if (r.source === 'konflux' || r.source === 'community') {
        // A pipeline's policy pack: ids named for the pack, the pipeline's words where it fails.
        expect(r.id).toMatch(new RegExp(`^${r.source}(-[a-z0-9]+)+$`));
        expect(r.group, r.id).toBe(`policy-${r.source}`);
        if (r.severity === 'error') expect(r.message, r.id).toBeTruthy();
        // Where the check is read from: the pipeline's own repository.
        expect(r.upstream.url, r.id).toMatch(/konflux-ci|operator-pipelines/);
      } else {
        // Crossplane and Fleet checks live beside OLM in their own groups, named for their format.
        expect(r.id).toMatch(/^(xp|fleet)(-[a-z0-9]+)+$/);
        expect(r.group, r.id).toBe(r.source);
      }
    }
  });

  it('lists opm rules in the order operator-registry runs its stages', () => {
    const numbers = RULES.filter((r) => r.source === 'opm').map((r) => Number(r.id.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});

if (!hasShared) console.log(skipReason('rule catalogue against fbc-rules.md §3'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('rule catalogue against fbc-rules.md §3', () => {
  it("has an entry for each of §3's checks, and no opm entry §3 does not number", () => {
    const spec = specRuleIds();
    expect(spec.length).toBeGreaterThanOrEqual(67);
    const opm = RULES.filter((r) => r.source === 'opm').map((r) => r.id);
    expect(opm.filter((id) => !spec.includes(id))).toEqual([]);
    expect(spec.filter((id) => !opm.includes(id))).toEqual(NOT_CHECKS);
  });
});
