import { defineRules } from './types';
import { convertToModel } from './upstream';

/**
 * Stage B, packages and channels: `declcfg.ConvertToModel` (fbc-rules §3 R16–R23). R16 is the
 * table's note on the order of R17–R19, not a check, so it has no entry.
 */
export const CONVERSION_RULES = defineRules('conversion', 'opm', {
  R17: {
    severity: 'error',
    title: 'Package without a name',
    summary: 'An olm.package blob has an empty name.',
    description: 'Every olm.package needs a name; channels and bundles refer to their package by it.',
    message: 'config contains package with no name',
    upstream: convertToModel('the package loop'),
  },
  R18: {
    severity: 'error',
    title: 'Duplicate package',
    summary: 'Two olm.package blobs have the same name.',
    description:
      'A package is declared once per catalog. Merge the two blobs, or rename one if they are meant to ' +
      'be different packages.',
    message: 'duplicate package %q',
    upstream: convertToModel('the package loop'),
  },
  R19: {
    severity: 'error',
    title: 'Package name is not a DNS-1123 label',
    summary: 'A package name has upper case, dots or other characters, or is over 63 characters.',
    description:
      'Package names must be lower-case letters, digits and "-", start and end with a letter or digit, ' +
      'and be at most 63 characters, because OLM uses them as Kubernetes label values.',
    message: 'invalid package name %q: %v',
    since: 'v1.41.0',
    upstream: convertToModel('the package loop, validation.IsDNS1123Label'),
  },
  R20: {
    severity: 'error',
    title: 'Channel of an unknown package',
    summary: "An olm.channel's package names no olm.package of the catalog (or is empty).",
    description:
      'Each channel belongs to a package declared in the catalog. Check the spelling of its package, ' +
      'or add the olm.package blob.',
    message: 'unknown package %q for channel %q',
    upstream: convertToModel('the channel loop'),
  },
  R21: {
    severity: 'error',
    title: 'Channel without a name',
    summary: 'An olm.channel blob has an empty name.',
    description: 'Every channel needs a name: subscriptions and the default channel refer to it.',
    message: 'package %q contains channel with no name',
    upstream: convertToModel('the channel loop'),
  },
  R22: {
    severity: 'error',
    title: 'Duplicate channel',
    summary: 'A package has two olm.channel blobs with the same name.',
    description:
      "A channel is declared once per package. Merge the two blobs' entries into one. Channel names " +
      'may repeat across packages.',
    message: 'package %q has duplicate channel %q',
    upstream: convertToModel('the channel loop'),
  },
  R23: {
    severity: 'error',
    title: 'Duplicate channel entry',
    summary: 'A channel lists the same bundle name twice.',
    description: 'Each bundle appears at most once in a channel. Remove the second entry (merge its edges).',
    message: 'invalid package %q, channel %q: duplicate entry %q',
    upstream: convertToModel('the channel loop'),
  },
});
