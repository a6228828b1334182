import { defineRules } from './types';
import { CITED, OLM_V0_UPDATE_GRAPH } from './upstream';

/**
 * `fbc-studio diff` in CI formats (src/cli/report/from-diff.ts): one id per impact kind
 * (src/core/diff/impact.ts) and one for every other change. An impact is what `--fail-on breaking`
 * fails on, so these are errors: they are the change's verdict, not a catalog check, and they never
 * touch `opm validate`'s. A change with no impact on installed users is a note.
 */
export const DIFF_RULES = defineRules(
  'diff',
  'fbc-studio',
  {
    'diff-no-path': {
      severity: 'error',
      title: 'Installed version loses the path to the channel head',
      summary: 'Users on a bundle could reach the head of their channel before the change and no longer can.',
      description:
        'Clusters on this version stop upgrading short of the head (OLM v0, OLM v1 or both, as the message ' +
        'says). Add a replaces, skips or skipRange edge that leads away from it.',
      upstream: OLM_V0_UPDATE_GRAPH,
    },
    'diff-next-hop': {
      severity: 'error',
      title: 'Next upgrade of an installed version changes',
      summary: 'Users on a bundle are now offered another next bundle, or none, than before the change.',
      description:
        'Often intended (a new release inserted in the graph); check that the new hop is the one you want ' +
        'clusters on this version to take.',
      upstream: OLM_V0_UPDATE_GRAPH,
    },
    'diff-lands-deprecated': {
      severity: 'error',
      title: 'Installed version now upgrades onto a deprecated bundle',
      summary: 'After the change, the next hop of users on a bundle is a deprecated bundle.',
      description:
        'Clusters following the channel will be moved onto a bundle the catalog itself tells them not to ' +
        'use. Point the edge past it, or lift the deprecation.',
      upstream: OLM_V0_UPDATE_GRAPH,
    },
    'diff-removed': {
      severity: 'error',
      title: 'Bundle removed from a channel',
      summary: 'A bundle of the old channel is gone from it (removed from the channel or pruned).',
      description:
        'Clusters running it stay on it; the message says whether OLM v0 and v1 still take them to the head. ' +
        'Keep an edge from it when pruning.',
      upstream: CITED.olmV1Upgrades,
    },
    'diff-retag': {
      severity: 'error',
      title: 'Bundle re-tagged',
      summary: 'A bundle keeps its name but points at another image.',
      description:
        'Clusters that installed the old image do not see a change, new installs get other content under ' +
        'the same name. Publish a new bundle name instead of re-tagging.',
      upstream: OLM_V0_UPDATE_GRAPH,
    },
    'diff-channel-removed': {
      severity: 'error',
      title: 'Channel removed',
      summary: 'A channel of the old catalog is gone.',
      description:
        'Subscriptions to it have nothing to resolve and their clusters receive no more upgrades. Keep the ' +
        'channel (deprecate it) until its users have moved.',
      upstream: CITED.olmV1Upgrades,
    },
    'diff-default-channel-gone': {
      severity: 'error',
      title: 'Default channel gone',
      summary: "The package's old default channel no longer exists.",
      description:
        'Subscriptions that name no channel follow the default: they change course to the new default, or ' +
        'find none.',
      upstream: CITED.olmV1Upgrades,
    },
    'diff-package-removed': {
      severity: 'error',
      title: 'Package removed',
      summary: 'A package of the old catalog is gone.',
      description: 'Every subscription to it has nothing to resolve.',
      upstream: CITED.olmV1Upgrades,
    },
    'diff-change': {
      severity: 'info',
      title: 'Catalog change without impact',
      summary:
        'A package, channel or bundle was added or changed with no effect on the upgrades of installed versions.',
      description:
        'For the reviewer: what the change adds or edits, where. Nothing to fix; `--fail-on any` fails on it.',
      upstream: OLM_V0_UPDATE_GRAPH,
    },
  },
  // The sentence every description above ends with.
  'opm validate sees one catalog and accepts both; `fbc-studio diff` compares the two and reports what ' +
    'the change does to clusters already running the old one.',
);
