import { defineRules } from './types';
import { BUNDLE_VALIDATE, NOT_FROM_FILES } from './upstream';

/** Stage C, the bundle node, repeated under every channel that lists the bundle (fbc-rules §3 R58–R67). */
export const BUNDLE_RULES = defineRules('bundle', 'opm', {
  R58: {
    severity: 'error',
    title: 'Bundle without a name',
    summary: 'A channel entry (and its bundle) has an empty name.',
    description: 'Every bundle and channel entry needs a name. Name the entry after its bundle blob.',
    message: 'name must be set',
    upstream: BUNDLE_VALIDATE,
  },
  R59: {
    severity: 'error',
    title: 'Name does not match the release',
    summary: 'A bundle with a release is not named <package>-v<version>-<release>.',
    description:
      'When the olm.package property sets a release, opm requires the normalized bundle name. Rename ' +
      'the bundle (and its channel entries) to the name in the message.',
    message: 'name %q does not match normalized name %q',
    since: 'v1.62.0',
    upstream: BUNDLE_VALIDATE,
  },
  R60: {
    severity: 'error',
    title: 'Bundle not linked to its channel or package',
    summary: "A bundle's channel or package in the model is missing or differs.",
    description: NOT_FROM_FILES,
    message: "channel must be set / package must be set / package does not match channel's package",
    upstream: BUNDLE_VALIDATE,
  },
  R61: {
    severity: 'error',
    title: 'Property does not parse (model)',
    summary: "A bundle property's value does not fit its type.",
    description: "Conversion reports this first (R27); opm's model check repeats it.",
    message: 'parse property[%d] of type %q: %v',
    upstream: BUNDLE_VALIDATE,
  },
  R62: {
    severity: 'error',
    title: 'Empty skips item',
    summary: 'A channel entry lists "" in its skips.',
    description: 'Remove the empty item from skips (an empty YAML list item "-" is one).',
    message: 'skip[%d] is empty',
    upstream: BUNDLE_VALIDATE,
  },
  R63: {
    severity: 'error',
    title: 'Invalid skipRange',
    summary: "A channel entry's skipRange does not parse as a blang/semver range.",
    description:
      'skipRange uses blang/semver v4 range syntax (for example ">=1.0.0 <1.2.0"), not npm\'s: no ' +
      '"~" or "^", no "v" prefix, and "||" needs spaces around it. OLM ignores a range it cannot parse, ' +
      'so the entry would never be offered through it.',
    message: 'invalid skipRange %q: %v',
    since: 'v1.69.0',
    upstream: BUNDLE_VALIDATE,
  },
  R64: {
    severity: 'error',
    title: 'Not exactly one olm.package property (model)',
    summary: 'A bundle of the model does not have exactly one olm.package property.',
    description:
      'Reached when a channel entry has no bundle blob in a channel opm did not check for R35: the entry ' +
      'becomes a bundle without properties. Add the bundle blob or remove the entry.',
    message: 'must be exactly one property with type %q',
    upstream: BUNDLE_VALIDATE,
  },
  R65: {
    severity: 'error',
    title: 'Bundle image not set',
    summary: 'A bundle has no image and no olm.bundle.object property.',
    description:
      'A bundle needs its image (so OLM can unpack it), unless its manifests are embedded as ' +
      'olm.bundle.object properties. Also reached by entries without a bundle blob (see R64).',
    message: 'bundle image must be set',
    upstream: BUNDLE_VALIDATE,
  },
  R66: {
    severity: 'error',
    title: 'Bundle deprecation without a message',
    summary: 'A bundle is deprecated with an empty message.',
    description: 'OLM shows the message to clusters running a deprecated bundle: write one.',
    message: 'invalid deprecation: message must be set',
    upstream: BUNDLE_VALIDATE,
  },
  R67: {
    severity: 'error',
    title: 'Build metadata with a release',
    summary: 'A bundle version has +build metadata and a release is also set.',
    description: 'Use either build metadata or the release field, not both: drop the +build part.',
    message: 'cannot use build metadata in version with a release version',
    since: 'v1.62.0',
    upstream: BUNDLE_VALIDATE,
  },
});
