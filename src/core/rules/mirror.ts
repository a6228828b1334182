import { defineRules } from './types';
import { CITED } from './upstream';

/**
 * `fbc-studio mirror plan`: what the catalog oc-mirror v2 rebuilds from an ImageSetConfiguration
 * lacks or breaks (src/core/mirror/findings.ts). oc-mirror never validates the filtered catalog;
 * these say what a cluster would meet.
 */
export const MIRROR_RULES = defineRules('mirror', 'fbc-studio', {
  'mirror-default-channel-lost': {
    severity: 'error',
    title: 'The filter drops the default channel',
    summary:
      "The ImageSetConfiguration filters out a package's default channel, or leaves it empty: oc-mirror stops.",
    description:
      'oc-mirror refuses to rebuild a catalog whose package lost its default channel. Name a kept channel ' +
      'as `defaultChannel` of the package in the ImageSetConfiguration, or keep the default channel (add it ' +
      'to `channels`, widen its minVersion/maxVersion).',
    upstream: CITED.catalogFilter,
  },
  'mirror-empty-channel': {
    severity: 'warning',
    title: 'The filter empties a channel',
    summary: 'No bundle of a channel survives the version range or bundle selection: the channel is dropped.',
    description:
      'Clusters subscribed to that channel find no update in the mirrored catalog; if that channel is what ' +
      'they run, widen its range or give it its own range.',
    upstream: CITED.catalogFilter,
  },
  'mirror-multiple-heads': {
    severity: 'error',
    title: 'A filtered channel has more than one head',
    summary: 'The entries kept in a channel do not lead to one head: the rebuilt catalog is invalid.',
    description:
      'OLM requires one head per channel; the mirrored catalog will fail to serve (opm validate reports the ' +
      'same channel). Keep the bundles that join the kept entries, or select a contiguous range.',
    upstream: CITED.catalogFilter,
  },
  'mirror-kept-outside-range': {
    severity: 'info',
    title: 'Bundles kept outside the version range',
    summary: 'The filter keeps bundles outside minVersion/maxVersion so that the range has one head.',
    description:
      'The filter keeps the replaces chain from the range to its head whole: these bundles are mirrored ' +
      'too (their images count toward what is copied). The message is the filter’s own warning.',
    upstream: CITED.catalogFilter,
  },
  'mirror-head-unreachable': {
    severity: 'error',
    title: 'An installed version cannot reach the mirrored head',
    summary: 'A version given with --from cannot upgrade to the head of the filtered channel.',
    description:
      'Clusters running that version stay where they are after switching to the mirrored catalog. ' +
      '`fbc-studio mirror plan` prints the smallest ImageSetConfiguration change that fixes it.',
    upstream: CITED.ocMirrorStudy,
  },
});
