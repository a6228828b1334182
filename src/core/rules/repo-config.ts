import { defineRules } from './types';
import { JSON_SCHEMA_DRAFT7, SARIF_2_1 } from './upstream';

/** The file is checked against its JSON Schema (draft-07), published in schema/. */
/** Accepted findings are SARIF suppressions of kind external, with the reason as justification. */

/**
 * FBC Studio's checks of the repository configuration file (src/core/repo-config): its own
 * warnings, never opm's; a broken entry is left out rather than guessed at.
 */
export const REPO_CONFIG_RULES = defineRules(
  'repo-config',
  'fbc-studio',
  {
    'config-syntax': {
      severity: 'warning',
      title: 'Repository configuration does not parse',
      summary: 'The .fbc-studio.yaml file is not valid YAML, or is not a mapping.',
      description: 'Nothing in it is applied until it parses.',
      upstream: { text: 'the JSON Schema of the repository configuration', url: JSON_SCHEMA_DRAFT7 },
    },
    'config-unknown-key': {
      severity: 'warning',
      title: 'Unknown key in the repository configuration',
      summary: 'A key the configuration schema does not define.',
      description:
        'Usually a misspelling (`reasons` for `reason`, `ocp` for `ocpVersion`): the key is ignored.',
      upstream: { text: 'the JSON Schema of the repository configuration', url: JSON_SCHEMA_DRAFT7 },
    },
    'config-wrong-type': {
      severity: 'warning',
      title: 'Wrong type or value in the repository configuration',
      summary:
        'A value of the wrong type, or not one the schema allows (an apiVersion, a migrate level, a version).',
      description:
        'An OpenShift version is a quoted string such as "4.16" (unquoted, YAML reads 4.10 as 4.1).',
      upstream: { text: 'the JSON Schema of the repository configuration', url: JSON_SCHEMA_DRAFT7 },
    },
    'config-unknown-rule': {
      severity: 'warning',
      title: 'Accepted entry names no rule',
      summary: 'An accepted entry names a rule id the rule catalogue does not have.',
      description: 'It would accept nothing. `fbc-studio rules` lists every id; rules are case-sensitive.',
      upstream: {
        text: 'SARIF 2.1.0 suppressions: a result is suppressed under its rule id',
        url: SARIF_2_1,
      },
    },
    'config-missing-reason': {
      severity: 'warning',
      title: 'Accepted entry without a reason',
      summary: 'An accepted entry has no (or an empty) reason.',
      description:
        'An accepted finding stays visible with its reason, so the next maintainer knows it is intended; ' +
        'without one the entry is not applied.',
      upstream: { text: 'the JSON Schema of the repository configuration', url: JSON_SCHEMA_DRAFT7 },
    },
    'config-accepts-opm-rule': {
      severity: 'warning',
      title: "Accepted entry names one of opm's checks",
      summary:
        "An accepted entry names a rule of opm validate (or operator-framework's), which cannot be accepted.",
      description:
        "opm's verdict is never changed: its findings stay errors and still fail, whatever the " +
        "configuration says. Only FBC Studio's own findings (drift, skew, warnings) can be accepted.",
      upstream: {
        text: "opm validate's verdict is the catalog's; SARIF suppressions apply to FBC Studio's results only",
        url: SARIF_2_1,
      },
    },
  },
  // The sentence every description above ends with.
  'The repository configuration (.fbc-studio.yaml, schema/fbc-studio-config.schema.json) is read once, ' +
    'at the repository root; a finding about it points at its line and column, and the entry it names ' +
    'is not applied.',
);
