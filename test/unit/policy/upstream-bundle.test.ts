/**
 * operator-pipelines tests/static_tests/common/test_bundle.py (commit
 * 422dfd6e9876ec9fdfa2d053c6f9abd77fe3d058), re-created: each case's repository (bundle 0.0.1 of
 * `hello`, its release-config.yaml, ci.yaml) and the (class, reason) set its check yields, as
 * `workspace --policy community` reports them. check_bundle_release_config is
 * community-release-config-fbc, -template and -semver-channels; check_validate_schema_bundle_release_config
 * is community-release-config-schema.
 *
 * Left out, checks of a bundle's manifests the pack does not run (it judges catalogs and their
 * configuration; the bundle's own image is tested by the pipeline's other tasks):
 * test_operator_name (12 cases, check_operator_name), test_check_network_policy_presence (2),
 * test_check_operator_version_directory_name (2), test_check_replaces_availability (7).
 */
import { describe, expect, it } from 'vitest';
import { bundleFiles, communityFindings, results, type Files } from './upstream-repo';

const CI = 'operators/hello/ci.yaml';
const RC = 'operators/hello/0.0.1/release-config.yaml';
const RELEASE_RULES = [
  'community-release-config-fbc',
  'community-release-config-template',
  'community-release-config-semver-channels',
];
const notMapped = (t: string) =>
  `Fail: Bundle's 'release-config.yaml' contains a catalog template '${t}' that is not defined in the ci.yaml file under 'catalog_mapping'. Add the template to the 'catalog_mapping.`;
const schema = (what: string) =>
  `Fail: Bundle's 'release-config.yaml' contains invalid data which does not comply with the schema: ${what}`;

async function check(files: Files, ...rules: string[]): Promise<Set<string>> {
  return results(await communityFindings(bundleFiles('hello', '0.0.1'), files), ...rules);
}

describe('test_check_bundle_release_config', () => {
  const cases: [string, Files, string[]][] = [
    ['No release config', {}, []],
    [
      'Release config without FBC',
      { [RC]: { key: 'value' } },
      [
        "Fail: Bundle's 'release-config.yaml' is used but FBC is not enabled for the operator. Update the 'fbc.enabled' field in the ci.yaml file.",
      ],
    ],
    [
      'Missing template in mapping',
      {
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
      [notMapped('template2.yaml'), notMapped('template3.yaml')],
    ],
    [
      'Invalid semver channels',
      {
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
      [
        "Fail: Bundle's 'release-config.yaml' contains a semver catalog template 'template3.yaml' with invalid channels: ['Fast', 'Custom']. Allowed channels are: ['Fast', 'Candidate', 'Stable']. Follow olm [documentation](https://olm.operatorframework.io/docs/reference/catalog-templates/#specification) to see more details about semver template.",
      ],
    ],
  ];
  it.each(cases)('%s', async (_id, files, expected) => {
    expect(await check(files, ...RELEASE_RULES)).toEqual(new Set(expected));
  });
});

describe('test_check_validate_schema_bundle_release_config', () => {
  const missingBoth = [
    schema("'channels' is a required property"),
    schema("'template_name' is a required property"),
  ];
  const cases: [string, unknown, string[]][] = [
    ['pass: no release config', undefined, []],
    [
      'fail: release config without catalog_templates',
      { key: 'value' },
      [
        schema("'catalog_templates' is a required property"),
        schema("Additional properties are not allowed ('key' was unexpected)"),
      ],
    ],
    [
      'fail: release config without proper catalog_templates content',
      { catalog_templates: 'hello' },
      [schema("'hello' is not of type 'array'")],
    ],
    [
      'fail: release config has catalog_templates no array content',
      { catalog_templates: [{ hello: '' }] },
      missingBoth,
    ],
    [
      'fail: release config has catalog_templates missing all required',
      { catalog_templates: [{ hello: '' }] },
      missingBoth,
    ],
    [
      'fail: release config has catalog_templates missing template_name',
      { catalog_templates: [{ channels: ['foo', 'bar'] }] },
      [schema("'template_name' is a required property")],
    ],
    [
      'fail: release config has catalog_templates missing channels',
      { catalog_templates: [{ template_name: 'foo' }] },
      [schema("'channels' is a required property")],
    ],
    [
      'pass: release config has it all!',
      { catalog_templates: [{ template_name: 'foo', channels: ['foo', 'bar'] }] },
      [],
    ],
  ];
  it.each(cases)('%s', async (_id, rc, expected) => {
    const files: Files = rc === undefined ? {} : { [RC]: rc as Record<string, unknown> };
    expect(await check(files, 'community-release-config-schema')).toEqual(new Set(expected));
  });
});
