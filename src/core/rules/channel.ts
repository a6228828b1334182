import { defineRules } from './types';
import { CHANNEL_VALIDATE, NOT_FROM_FILES, OPM_MODEL } from './upstream';

/** Stage C, the channel node (fbc-rules §3 R53–R57, §4). */
export const CHANNEL_RULES = defineRules('channel', 'opm', {
  R53: {
    severity: 'error',
    title: 'Channel without name or package',
    summary: 'A channel of the model has an empty name or package.',
    description: NOT_FROM_FILES,
    message: 'channel name must not be empty / package must be set',
    upstream: CHANNEL_VALIDATE,
  },
  R54: {
    severity: 'error',
    title: 'Empty channel',
    summary: 'A channel has no entries (including a defaultChannel that names no channel).',
    description:
      "A channel needs at least one bundle. When the package's defaultChannel names a channel that does " +
      'not exist, opm creates it empty, so this is also what a misspelt defaultChannel looks like.',
    message: 'channel must contain at least one bundle',
    upstream: CHANNEL_VALIDATE,
  },
  R55: {
    severity: 'error',
    title: 'Channel graph has no single head or strands bundles',
    summary: 'The channel has no head, several heads, a replaces cycle, or stranded bundles.',
    description:
      'A channel must have exactly one head (an entry nothing replaces or skips), and every entry must ' +
      "be on the head's replaces chain or be skipped by some entry. skipRange does not count. Since opm " +
      'v1.58 the chain walk stops at a replaces target that some entry skips, so what it replaces is ' +
      'stranded unless it is skipped too.',
    message:
      'no channel head found in graph / multiple channel heads found in graph: %s / detected cycle in ' +
      'replaces chain of upgrade graph: %s / channel contains one or more stranded bundles: %s',
    upstream: {
      text: 'model.Channel.Head and validateReplacesChain in alpha/model/model.go (PR #1750)',
      url: OPM_MODEL,
    },
  },
  R56: {
    severity: 'error',
    title: 'Bundle not linked to its channel',
    summary: "A bundle's key or parent in the model does not match.",
    description: NOT_FROM_FILES,
    message: 'bundle key %q does not match bundle name %q / bundle %q not correctly linked to parent channel',
    upstream: CHANNEL_VALIDATE,
  },
  R57: {
    severity: 'error',
    title: 'Channel deprecation without a message',
    summary: 'A channel is deprecated with an empty message.',
    description: 'OLM shows the message to subscribers of a deprecated channel: write one.',
    message: 'invalid deprecation: message must be set',
    upstream: CHANNEL_VALIDATE,
  },
});
