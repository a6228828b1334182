/**
 * The operator pipeline's own test cases for the ci.yaml and release-config.yaml checks
 * (operator-pipelines tests/static_tests/common/test_operator.py and test_bundle.py), re-created
 * from what each asserts: the files a case writes, the check it runs, the set of failures it expects.
 * Each check is one of our rules; a case's expected messages are the pipeline's, word for word.
 */
import { describe, expect, it } from 'vitest';
import { checkCommunityRepository } from '../../../src/core/policy/community-repo';

const CI = 'operators/hello/ci.yaml';
const RC = 'operators/hello/0.0.1/release-config.yaml';
const ciSchema = "Operator's 'ci.yaml' contains invalid data which does not comply with the schema: ";
const rcSchema =
  "Bundle's 'release-config.yaml' contains invalid data which does not comply with the schema: ";
const notMapped = (t: string) =>
  `Bundle's 'release-config.yaml' contains a catalog template '${t}' that is not defined in the ci.yaml file under 'catalog_mapping'. Add the template to the 'catalog_mapping.`;

interface Case {
  name: string;
  rules: string[];
  files: Record<string, unknown>;
  expected: string[];
}

const mapping = (names: string[][]) => ({
  fbc: {
    catalog_mapping: names.map((catalog_names, i) => ({
      template_name: ['foo', 'bar'][i],
      catalog_names,
      type: 'olm.template.basic',
    })),
  },
});

const CASES: Case[] = [
  // test_check_schema_operator_ci_config
  {
    name: 'invalid fbc field type',
    rules: ['community-ci-schema'],
    files: { [CI]: { fbc: 'hello' } },
    expected: [`${ciSchema}'hello' is not of type 'object'`],
  },
  {
    name: 'invalid catalog_mapping array data',
    rules: ['community-ci-schema'],
    files: { [CI]: { fbc: { enabled: true, catalog_mapping: 'hello' } } },
    expected: [`${ciSchema}'hello' is not of type 'array'`],
  },
  {
    name: 'missing all required fields in catalog_mapping array',
    rules: ['community-ci-schema'],
    files: { [CI]: { fbc: { enabled: true, catalog_mapping: [{ hello: '' }] } } },
    expected: [
      `${ciSchema}'template_name' is a required property`,
      `${ciSchema}'type' is a required property`,
      `${ciSchema}'catalog_names' is a required property`,
    ],
  },
  {
    name: 'missing required fields and invalid enum value',
    rules: ['community-ci-schema'],
    files: { [CI]: { fbc: { enabled: true, catalog_mapping: [{ type: 'demo.type' }] } } },
    expected: [
      `${ciSchema}'template_name' is a required property`,
      `${ciSchema}'catalog_names' is a required property`,
      `${ciSchema}'demo.type' is not one of ['olm.template.basic', 'olm.semver']`,
    ],
  },
  {
    name: 'duplicated items in catalog_names',
    rules: ['community-ci-schema'],
    files: {
      [CI]: {
        fbc: {
          enabled: true,
          catalog_mapping: [
            { template_name: 'foo', catalog_names: ['1.0', '1.0'], type: 'olm.template.basic' },
          ],
        },
      },
    },
    expected: [`${ciSchema}['1.0', '1.0'] has non-unique elements`],
  },
  {
    name: 'all valid fields',
    rules: ['community-ci-schema'],
    files: {
      [CI]: {
        fbc: {
          enabled: true,
          catalog_mapping: [
            { template_name: 'foo', catalog_names: ['1.0', '2.0'], type: 'olm.template.basic' },
          ],
        },
      },
    },
    expected: [],
  },
  // test_check_catalog_usage_ci_config
  {
    name: 'no catalog mapping',
    rules: ['community-ci-catalog-mapping'],
    files: { [CI]: { fbc: {} } },
    expected: [],
  },
  {
    name: 'multiple templates for the same catalog',
    rules: ['community-ci-catalog-mapping'],
    files: {
      [CI]: mapping([
        ['1.0', '2.0', '3.0'],
        ['2.0', '3.0', '4.0'],
      ]),
    },
    expected: [
      "Operator's 'ci.yaml' contains multiple templates '['foo', 'bar']' for the same catalog '2.0'.",
      "Operator's 'ci.yaml' contains multiple templates '['foo', 'bar']' for the same catalog '3.0'.",
    ],
  },
  {
    name: 'no intersection in catalog names',
    rules: ['community-ci-catalog-mapping'],
    files: {
      [CI]: mapping([
        ['1.0', '2.0'],
        ['3.0', '4.0'],
      ]),
    },
    expected: [],
  },
  // test_check_bundle_release_config
  {
    name: 'no release config',
    rules: ['community-release-config-fbc', 'community-release-config-template'],
    files: {},
    expected: [],
  },
  {
    name: 'release config without FBC',
    rules: ['community-release-config-fbc', 'community-release-config-template'],
    files: { [RC]: { key: 'value' } },
    expected: [
      "Bundle's 'release-config.yaml' is used but FBC is not enabled for the operator. Update the 'fbc.enabled' field in the ci.yaml file.",
    ],
  },
  {
    name: 'missing template in mapping',
    rules: ['community-release-config-template', 'community-release-config-semver-channels'],
    files: {
      [RC]: {
        catalog_templates: [
          { template_name: 'template1.yaml' },
          { template_name: 'template2.yaml' },
          { template_name: 'template3.yaml' },
        ],
      },
      [CI]: {
        fbc: {
          enabled: true,
          catalog_mapping: [{ template_name: 'template1.yaml', type: 'olm.template.basic' }],
        },
      },
    },
    expected: [notMapped('template2.yaml'), notMapped('template3.yaml')],
  },
  {
    name: 'invalid semver channels',
    rules: ['community-release-config-template', 'community-release-config-semver-channels'],
    files: {
      [RC]: {
        catalog_templates: [
          { template_name: 'template1.yaml', channels: ['Fast', 'Candidate', 'Stable'] },
          { template_name: 'template2.yaml', channels: ['Fast', 'Candidate'] },
          { template_name: 'template3.yaml', channels: ['Fast', 'Custom'] },
          { template_name: 'template4.yaml', channels: ['Custom'] },
        ],
      },
      [CI]: {
        fbc: {
          enabled: true,
          catalog_mapping: [
            { template_name: 'template1.yaml', type: 'olm.semver' },
            { template_name: 'template2.yaml', type: 'olm.semver' },
            { template_name: 'template3.yaml', type: 'olm.semver' },
            { template_name: 'template4.yaml', type: 'olm.template.basic' },
          ],
        },
      },
    },
    expected: [
      "Bundle's 'release-config.yaml' contains a semver catalog template 'template3.yaml' with invalid channels: ['Fast', 'Custom']. Allowed channels are: ['Fast', 'Candidate', 'Stable']. Follow olm [documentation](https://olm.operatorframework.io/docs/reference/catalog-templates/#specification) to see more details about semver template.",
    ],
  },
  // test_check_validate_schema_bundle_release_config
  {
    name: 'release config without catalog_templates',
    rules: ['community-release-config-schema'],
    files: { [RC]: { key: 'value' } },
    expected: [
      `${rcSchema}'catalog_templates' is a required property`,
      `${rcSchema}Additional properties are not allowed ('key' was unexpected)`,
    ],
  },
  {
    name: 'catalog_templates not an array',
    rules: ['community-release-config-schema'],
    files: { [RC]: { catalog_templates: 'hello' } },
    expected: [`${rcSchema}'hello' is not of type 'array'`],
  },
  {
    name: 'catalog_templates missing all required',
    rules: ['community-release-config-schema'],
    files: { [RC]: { catalog_templates: [{ hello: '' }] } },
    expected: [
      `${rcSchema}'channels' is a required property`,
      `${rcSchema}'template_name' is a required property`,
    ],
  },
  {
    name: 'catalog_templates missing template_name',
    rules: ['community-release-config-schema'],
    files: { [RC]: { catalog_templates: [{ channels: ['foo', 'bar'] }] } },
    expected: [`${rcSchema}'template_name' is a required property`],
  },
  {
    name: 'catalog_templates missing channels',
    rules: ['community-release-config-schema'],
    files: { [RC]: { catalog_templates: [{ template_name: 'foo' }] } },
    expected: [`${rcSchema}'channels' is a required property`],
  },
];

describe('operator-pipelines’ test cases, re-created', () => {
  it.each(CASES)('$name', async ({ rules, files, expected }) => {
    // Written as JSON, which YAML reads as the pipeline's yaml.safe_load does.
    const texts = Object.fromEntries(Object.entries(files).map(([p, v]) => [p, JSON.stringify(v)]));
    const found = await checkCommunityRepository(Object.keys(texts), (p) => Promise.resolve(texts[p]));
    // The pipeline's tests compare sets; ours also keeps the pipeline's printed order.
    expect(new Set(found.filter((d) => rules.includes(d.rule)).map((d) => d.message))).toEqual(
      new Set(expected),
    );
  });
});
