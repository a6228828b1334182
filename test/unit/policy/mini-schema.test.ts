/**
 * The hand-written schema check (mini-schema.ts) says "valid" exactly where Ajv, a full JSON Schema
 * 2020-12 validator, does — over our restatement of the pipeline's schemas and documents that break
 * each constraint — and prints values as Python's repr does.
 */
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { CI_SCHEMA, RELEASE_CONFIG_SCHEMA } from '../../../src/core/policy/community-schemas';
import { schemaErrors } from '../../../src/core/policy/mini-schema';
import { pyRepr } from '../../../src/core/policy/py-repr';

const ciDocs: unknown[] = [
  {},
  { updateGraph: 'semver-mode', reviewers: ['a'], merge: true, other: 1 },
  { updateGraph: 'x' },
  { updateGraph: 3 },
  { reviewers: [] },
  { reviewers: [1] },
  { fbc: { enabled: 'yes' } },
  { fbc: { enabled: true, extra: 1 } },
  { fbc: { version_promotion_strategy: 'sometimes' } },
  { fbc: { catalog_mapping: [{ template_name: 'a', type: 'olm.semver', catalog_names: ['v4.17'] }] } },
  { fbc: { catalog_mapping: [{ template_name: 'a', type: 'olm.semver', catalog_names: [] }] } },
  { fbc: { catalog_mapping: [{ template_name: 'a', type: 'olm.semver', catalog_names: ['x', 'x'] }] } },
  { fbc: { catalog_mapping: [{ template_name: 'a', catalog_names: ['x'] }] } },
  { fbc: { catalog_mapping: [{ template_name: 'a', type: 'olm.other', catalog_names: ['x'] }] } },
  { fbc: { catalog_mapping: {} } },
  { fbc: [] },
  [],
  null,
  'text',
];
const rcDocs: unknown[] = [
  {},
  { catalog_templates: [] },
  { catalog_templates: [{ template_name: 'a', channels: ['s'] }] },
  { catalog_templates: [{ template_name: 'a', channels: ['s'] }], merge: 'no' },
  { catalog_templates: [{ template_name: 'a', channels: ['s'] }], other: 1 },
  { catalog_templates: [{ template_name: 'a' }] },
  { catalog_templates: [{ template_name: 'a', channels: ['s', 's'] }] },
  { catalog_templates: [{ template_name: 'a', channels: ['s'], skips: [] }] },
  { catalog_templates: [{ template_name: 'a', channels: ['s'], skipRange: 1 }] },
  {
    catalog_templates: [
      { template_name: 'a', channels: ['s'] },
      { template_name: 'a', channels: ['s'] },
    ],
  },
  { catalog_templates: [1] },
];

describe('mini-schema agrees with Ajv on the verdict', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  it.each([
    ['ci.yaml', CI_SCHEMA, ciDocs],
    ['release-config.yaml', RELEASE_CONFIG_SCHEMA, rcDocs],
  ] as const)('%s', (_name, schema, docs) => {
    const validate = ajv.compile(schema);
    const verdicts = docs.map((d) => [schemaErrors(schema, d).length === 0, validate(d)]);
    for (const [ours, theirs] of verdicts) expect(ours).toBe(theirs);
    // Both kinds occur, so the agreement says something.
    expect(new Set(verdicts.map(([v]) => v)).size).toBe(2);
  });
});

describe('Python repr', () => {
  it('prints values as the pipeline’s f-strings do', () => {
    expect(pyRepr(['a', 1, true, null, 1.5])).toBe("['a', 1, True, None, 1.5]");
    expect(pyRepr({ k: 'v', n: [] })).toBe("{'k': 'v', 'n': []}");
    expect(pyRepr("it's")).toBe('"it\'s"');
    expect(pyRepr('a\'b"c\n')).toBe("'a\\'b\"c\\n'");
  });
});
