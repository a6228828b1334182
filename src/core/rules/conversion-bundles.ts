import { defineRules } from './types';
import { convertToModel, OPM_CONVERT } from './upstream';

/** Stage B, bundles and the entry/bundle cross-check: `declcfg.ConvertToModel` (fbc-rules §3 R24–R35). */
export const CONVERSION_BUNDLE_RULES = defineRules('conversion', 'opm', {
  R24: {
    severity: 'error',
    title: 'Bundle without a package',
    summary: 'An olm.bundle blob has an empty package.',
    description: 'Every bundle names the package it belongs to; set its package field.',
    message: 'package name must be set for bundle %q',
    upstream: convertToModel('the bundle loop'),
  },
  R25: {
    severity: 'error',
    title: 'Bundle of an unknown package',
    summary: "An olm.bundle's package names no olm.package of the catalog.",
    description: 'Check the spelling of the package, or add the olm.package blob.',
    message: 'unknown package %q for bundle %q',
    upstream: convertToModel('the bundle loop'),
  },
  R26: {
    severity: 'error',
    title: 'Duplicate bundle',
    summary: 'A package has two olm.bundle blobs with the same name.',
    description:
      'A bundle is declared once per package. Remove the copy, or give the other bundle its own name.',
    message: 'package %q has duplicate bundle %q',
    upstream: convertToModel('the bundle loop'),
  },
  R27: {
    severity: 'error',
    title: 'Property does not parse',
    summary: "A bundle property's value does not fit its type (or is missing).",
    description:
      'Known property types (olm.package, olm.gvk, olm.package.required, olm.gvk.required, ' +
      'olm.bundle.object, olm.csv.metadata, olm.channel) are decoded into their Go types; a value of the ' +
      'wrong shape, or a property with no value, fails the bundle. Only the first bad property is reported.',
    message: 'parse properties for bundle %q: parse property[%d] of type %q: %v',
    upstream: convertToModel('the bundle loop, property.Parse'),
  },
  R28: {
    severity: 'error',
    title: 'Not exactly one olm.package property',
    summary: 'A bundle has no olm.package property, or more than one.',
    description:
      "A bundle's version comes from its single olm.package property {packageName, version}. Add it, " +
      'or remove the extra ones.',
    message: 'package %q bundle %q must have exactly 1 %q property, found %d',
    upstream: convertToModel('the bundle loop'),
  },
  R29: {
    severity: 'error',
    title: 'olm.package property names another package',
    summary: "The olm.package property's packageName differs from the bundle's package.",
    description: 'Both must name the same package; usually one of them is a copy-paste left-over.',
    message: 'package %q does not match %q property %q',
    upstream: convertToModel('the bundle loop'),
  },
  R30: {
    severity: 'error',
    title: 'Invalid bundle image reference',
    summary: "A bundle's image is set but is not a valid image pull spec.",
    description:
      'The image must parse as a container image reference: a lower-case repository, an optional tag ' +
      '(letters, digits, "_", ".", "-"; no "+") and an optional digest.',
    message: 'package %q bundle %q image: invalid image pull spec %q: %v',
    since: 'v1.64.0',
    upstream: convertToModel('the bundle loop, reference.ParseNormalizedNamed'),
  },
  R31: {
    severity: 'error',
    title: 'Invalid related image reference',
    summary: 'A relatedImages[].image is set but is not a valid image pull spec.',
    description: 'Related images are checked like the bundle image. An empty image is allowed.',
    message: 'package %q bundle %q relatedImages[%d].image: invalid image pull spec %q: %v',
    since: 'v1.64.0',
    upstream: convertToModel('the bundle loop, reference.ParseNormalizedNamed'),
  },
  R32: {
    severity: 'error',
    title: 'Version is not semver',
    summary: "The olm.package property's version is not a strict semantic version.",
    description:
      'Versions are parsed with blang/semver: MAJOR.MINOR.PATCH, no leading "v", no leading zeros, ' +
      'optional -prerelease and +build.',
    message: 'error parsing bundle %q version %q: %v',
    upstream: convertToModel('the bundle loop, semver.Parse'),
  },
  R33: {
    severity: 'error',
    title: 'Invalid release',
    summary: "The olm.package property's release is too long or has invalid segments.",
    description:
      'A release is at most 20 characters of dot-separated segments, each following semver prerelease ' +
      'rules (letters, digits and "-", no leading zeros in numbers).',
    message: 'error parsing bundle %q release version %q: %v',
    since: 'v1.62.0',
    upstream: {
      text: 'ConvertToModel and model.NewRelease (alpha/model/versionrelease.go)',
      url: OPM_CONVERT,
    },
  },
  R34: {
    severity: 'error',
    title: 'Bundle in no channel',
    summary: 'A bundle is not an entry of any channel of its package.',
    description:
      'Every bundle must be listed in at least one channel, or OLM can never install it. Add it to a ' +
      'channel (with an edge from an older bundle) or remove the bundle.',
    message: 'package %q, bundle %q not found in any channel entries',
    upstream: convertToModel('the bundle loop'),
  },
  R35: {
    severity: 'error',
    title: 'Channel entry without a bundle',
    summary: 'A channel lists entries for which the package has no olm.bundle blob.',
    description:
      'Each channel entry names a bundle blob of the same package. Add the missing bundles or remove the ' +
      'entries. opm only checks the last channel it read for each package; entries of other channels ' +
      'show up later as bundles without olm.package property and image (R64, R65).',
    message: 'no olm.bundle blobs found in package %q for olm.channel entries %s',
    upstream: convertToModel('the channelDefinedEntries check'),
  },
});
