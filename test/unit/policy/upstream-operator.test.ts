/**
 * operator-pipelines tests/static_tests/common/test_operator.py (commit
 * 422dfd6e9876ec9fdfa2d053c6f9abd77fe3d058), re-created: each case's repository (a bundle of `hello`
 * and its ci.yaml) and the (class, reason) set its check yields, as `workspace --policy community`
 * reports them. check_schema_operator_ci_config is community-ci-schema; check_catalog_usage_ci_config
 * is community-ci-catalog-mapping. Every case of the file is here.
 */
import { describe, expect, it } from 'vitest';
import { bundleFiles, communityFindings, results } from './upstream-repo';

const CI = 'operators/hello/ci.yaml';
const schema = (what: string) =>
  `Fail: Operator's 'ci.yaml' contains invalid data which does not comply with the schema: ${what}`;
const basic = (template_name: string, catalog_names: string[]) => ({
  template_name,
  catalog_names,
  type: 'olm.template.basic',
});

async function check(ci: unknown, ...rules: string[]): Promise<Set<string>> {
  return results(
    await communityFindings(bundleFiles('hello', '0.0.1'), { [CI]: ci as Record<string, unknown> }),
    ...rules,
  );
}

describe('test_check_schema_operator_ci_config', () => {
  const cases: [string, unknown, string[]][] = [
    [
      'Testing the validation for invalid fbc field type',
      { fbc: 'hello' },
      [schema("'hello' is not of type 'object'")],
    ],
    [
      'Testing the validation for invalid catalog_mapping array data',
      { fbc: { enabled: true, catalog_mapping: 'hello' } },
      [schema("'hello' is not of type 'array'")],
    ],
    [
      'Testing with missing all required fields in catalog_mapping array',
      { fbc: { enabled: true, catalog_mapping: [{ hello: '' }] } },
      [
        schema("'template_name' is a required property"),
        schema("'type' is a required property"),
        schema("'catalog_names' is a required property"),
      ],
    ],
    [
      'Testing with missing required fields and invalid enum value in catalog_mapping array',
      { fbc: { enabled: true, catalog_mapping: [{ type: 'demo.type' }] } },
      [
        schema("'template_name' is a required property"),
        schema("'catalog_names' is a required property"),
        schema("'demo.type' is not one of ['olm.template.basic', 'olm.semver']"),
      ],
    ],
    [
      'Testing duplicated items in catalog_names.',
      { fbc: { enabled: true, catalog_mapping: [basic('foo', ['1.0', '1.0'])] } },
      [schema("['1.0', '1.0'] has non-unique elements")],
    ],
    [
      'Testing with all valid fields with required data for ci.yaml schema.',
      { fbc: { enabled: true, catalog_mapping: [basic('foo', ['1.0', '2.0'])] } },
      [],
    ],
  ];
  it.each(cases)('%s', async (_id, ci, expected) => {
    expect(await check(ci, 'community-ci-schema')).toEqual(new Set(expected));
  });
});

describe('test_check_catalog_usage_ci_config', () => {
  const multiple = (catalog: string) =>
    `Fail: Operator's 'ci.yaml' contains multiple templates '['foo', 'bar']' for the same catalog '${catalog}'.`;
  const cases: [string, unknown, string[]][] = [
    ['No catalog mapping in ci.yaml', { fbc: {} }, []],
    [
      'Operator with multiple templates for the same catalog',
      {
        fbc: { catalog_mapping: [basic('foo', ['1.0', '2.0', '3.0']), basic('bar', ['2.0', '3.0', '4.0'])] },
      },
      [multiple('2.0'), multiple('3.0')],
    ],
    [
      'Operator with no intersection in catalog names',
      { fbc: { catalog_mapping: [basic('foo', ['1.0', '2.0']), basic('bar', ['3.0', '4.0'])] } },
      [],
    ],
  ];
  it.each(cases)('%s', async (_id, ci, expected) => {
    expect(await check(ci, 'community-ci-catalog-mapping')).toEqual(new Set(expected));
  });
});
