/**
 * The community pack's ci.yaml and release-config.yaml checks on files of ours laid out as the
 * community repositories are (operators/<name>/ci.yaml, operators/<name>/<version>/release-config.yaml):
 * each violating case and a near miss that passes, with the pipeline's exact words (python-jsonschema's
 * messages, Python's repr of values) and where in the file.
 */
import { describe, expect, it } from 'vitest';
import { checkCommunityRepository } from '../../../src/core/policy/community-repo';

async function lines(files: Record<string, string>, operators?: string[]): Promise<string[]> {
  const found = await checkCommunityRepository(
    Object.keys(files),
    (p) => Promise.resolve(files[p]),
    operators && new Set(operators),
  );
  return found.map((d) => {
    const at = d.location ? `${d.location.file}:${d.location.start.line}:${d.location.start.column}` : '-';
    return `${d.severity} ${d.rule} ${at} ${d.message}`;
  });
}

const CI = 'operators/foo/ci.yaml';
const RC = 'operators/foo/1.0.0/release-config.yaml';
const ciSchema = "Operator's 'ci.yaml' contains invalid data which does not comply with the schema: ";
const rcSchema =
  "Bundle's 'release-config.yaml' contains invalid data which does not comply with the schema: ";

const mapped = `fbc:
  enabled: true
  catalog_mapping:
    - template_name: basic.yaml
      type: olm.template.basic
      catalog_names: ["v4.16", "v4.17"]
    - template_name: semver.yaml
      type: olm.semver
      catalog_names: ["v4.18"]
`;

describe('ci.yaml against the pipeline’s schema', () => {
  it('each violation in jsonschema’s words, sorted as the pipeline sorts them, at its value', async () => {
    const ci = `updateGraph: replace-mode
reviewers: []
fbc:
  enabled: "yes"
  promotion: always
  catalog_mapping:
    - template_name: basic.yaml
      catalog_names: [v4.17, v4.17]
`;
    expect(await lines({ [CI]: ci })).toEqual([
      `error community-ci-schema ${CI}:1:14 ${ciSchema}'replace-mode' is not one of ['replaces-mode', 'semver-mode']`,
      `error community-ci-schema ${CI}:7:7 ${ciSchema}'type' is a required property`,
      `error community-ci-schema ${CI}:4:12 ${ciSchema}'yes' is not of type 'boolean'`,
      `error community-ci-schema ${CI}:5:3 ${ciSchema}Additional properties are not allowed ('promotion' was unexpected)`,
      `error community-ci-schema ${CI}:8:22 ${ciSchema}['v4.17', 'v4.17'] has non-unique elements`,
      `error community-ci-schema ${CI}:2:12 ${ciSchema}[] should be non-empty`,
      // The pipeline counts mentions, not templates: one template naming a catalog twice is "two".
      `error community-ci-catalog-mapping ${CI}:8:30 Operator's 'ci.yaml' contains multiple templates '['basic.yaml', 'basic.yaml']' for the same catalog 'v4.17'.`,
    ]);
  });

  it('a near miss passes: YAML 1.1 `yes` is a boolean as PyYAML reads it, unknown top-level keys are allowed', async () => {
    const ci = `updateGraph: semver-mode
reviewers: [alice]
merge: yes
addReviewers: true
fbc:
  enabled: true
  version_promotion_strategy: never
`;
    expect(await lines({ [CI]: ci })).toEqual([]);
  });

  it('a ci.yaml that is not a mapping, and one that is not YAML', async () => {
    expect(await lines({ [CI]: '- a\n' })).toEqual([
      `error community-ci-schema ${CI}:1:1 ${ciSchema}['a'] is not of type 'object'`,
    ]);
    expect(await lines({ [CI]: 'fbc: [\n' })).toEqual([
      expect.stringMatching(
        new RegExp(`^error community-ci-schema ${CI}:\\d+:\\d+ ${CI} is not a valid yaml document$`),
      ),
    ]);
  });
});

describe('ci.yaml: one catalog mapped by two templates', () => {
  it('fails naming both templates, at the second mention', async () => {
    const ci = mapped.replace('catalog_names: ["v4.18"]', 'catalog_names: ["v4.18", "v4.17"]');
    expect(await lines({ [CI]: ci })).toEqual([
      `error community-ci-catalog-mapping ${CI}:9:32 Operator's 'ci.yaml' contains multiple templates '['basic.yaml', 'semver.yaml']' for the same catalog 'v4.17'.`,
    ]);
  });

  it('a near miss passes: each catalog once, templates with several catalogs', async () => {
    expect(await lines({ [CI]: mapped })).toEqual([]);
  });
});

describe('release-config.yaml', () => {
  it('against its schema: catalog_templates required, no other keys', async () => {
    expect(await lines({ [CI]: mapped, [RC]: 'merge: false\nauto: true\n' })).toEqual([
      `error community-release-config-schema ${RC}:1:1 ${rcSchema}'catalog_templates' is a required property`,
      `error community-release-config-schema ${RC}:2:1 ${rcSchema}Additional properties are not allowed ('auto' was unexpected)`,
    ]);
  });

  it('a template ci.yaml does not map, and a semver template’s channel other than Fast/Candidate/Stable', async () => {
    const rc = `catalog_templates:
  - template_name: other.yaml
    channels: [stable]
  - template_name: semver.yaml
    channels: [Fast, stable-v1]
`;
    expect(await lines({ [CI]: mapped, [RC]: rc })).toEqual([
      `error community-release-config-template ${RC}:2:20 Bundle's 'release-config.yaml' contains a catalog template 'other.yaml' that is not defined in the ci.yaml file under 'catalog_mapping'. Add the template to the 'catalog_mapping.`,
      `error community-release-config-semver-channels ${RC}:5:15 Bundle's 'release-config.yaml' contains a semver catalog template 'semver.yaml' with invalid channels: ['Fast', 'stable-v1']. Allowed channels are: ['Fast', 'Candidate', 'Stable']. Follow olm [documentation](https://olm.operatorframework.io/docs/reference/catalog-templates/#specification) to see more details about semver template.`,
    ]);
  });

  it('FBC not enabled in ci.yaml (or no ci.yaml): the one finding, at the top', async () => {
    const rc = 'catalog_templates:\n  - template_name: basic.yaml\n    channels: [stable]\n';
    const message = `error community-release-config-fbc ${RC}:1:1 Bundle's 'release-config.yaml' is used but FBC is not enabled for the operator. Update the 'fbc.enabled' field in the ci.yaml file.`;
    expect(await lines({ [CI]: 'fbc:\n  enabled: false\n', [RC]: rc })).toEqual([message]);
    expect(await lines({ [RC]: rc })).toEqual([message]);
  });

  it('a near miss passes: mapped templates, semver channels among the three, basic any channel', async () => {
    const rc = `catalog_templates:
  - template_name: basic.yaml
    channels: [stable, alpha]
    replaces: foo.v0.9.0
  - template_name: semver.yaml
    channels: [Fast, Stable]
`;
    expect(await lines({ [CI]: mapped, [RC]: rc })).toEqual([]);
  });

  it('with --base, only the operators the change touches are checked', async () => {
    const files = { [CI]: 'updateGraph: 1\n', 'operators/bar/ci.yaml': 'updateGraph: semver-mode\n' };
    expect(await lines(files, ['operators/bar'])).toEqual([]);
    expect((await lines(files, ['operators/foo'])).length).toBe(2);
  });
});
