import { defineRules } from './types';
import { PACKAGE_VALIDATE, NOT_FROM_FILES } from './upstream';

/**
 * Stage C, the package node (fbc-rules §3 R45–R52). R46 is the icon check, which is a no-op
 * upstream, so it has no entry.
 */
export const PACKAGE_RULES = defineRules('package', 'opm', {
  R45: {
    severity: 'error',
    title: 'Empty package name',
    summary: 'A package of the model has an empty name.',
    description: NOT_FROM_FILES,
    message: 'package name must not be empty',
    upstream: PACKAGE_VALIDATE,
  },
  R47: {
    severity: 'error',
    title: 'No default channel',
    summary: 'An olm.package has no defaultChannel.',
    description:
      'OLM installs from the default channel when a subscription names none. Set defaultChannel to one of ' +
      "the package's channels.",
    message: 'default channel must be set',
    upstream: PACKAGE_VALIDATE,
  },
  R48: {
    severity: 'error',
    title: 'Package without channels',
    summary: 'A package has no channel.',
    description:
      'A package needs at least one olm.channel with at least one entry, or nothing can be installed.',
    message: 'package must contain at least one channel',
    upstream: PACKAGE_VALIDATE,
  },
  R49: {
    severity: 'error',
    title: 'Channel not linked to its package',
    summary: "A channel's key or parent in the model does not match.",
    description: NOT_FROM_FILES,
    message:
      'channel key %q does not match channel name %q / channel %q not correctly linked to parent package',
    upstream: PACKAGE_VALIDATE,
  },
  R50: {
    severity: 'error',
    title: 'Duplicate bundle versions',
    summary: 'Two differently named bundles of a package have the same version.',
    description:
      'OLM orders bundles by version, so each version (with build metadata and release) belongs to one ' +
      'bundle. Give one of them a new version, or use the olm.package release field.',
    message: 'duplicate versions found in bundles: %v',
    since: 'v1.47.0',
    upstream: PACKAGE_VALIDATE,
  },
  R51: {
    severity: 'error',
    title: 'Default channel not in channels',
    summary: "The package's default channel is missing from its channel list.",
    description:
      NOT_FROM_FILES +
      ' (opm creates an empty channel for a defaultChannel that names none, which then fails with R54.)',
    message: 'default channel %q not found in channels list',
    upstream: PACKAGE_VALIDATE,
  },
  R52: {
    severity: 'error',
    title: 'Package deprecation without a message',
    summary: 'The package is deprecated with an empty message.',
    description: 'OLM shows the message to users of a deprecated package: write one.',
    message: 'invalid deprecation: message must be set',
    upstream: PACKAGE_VALIDATE,
  },
});
