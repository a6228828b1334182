import { defineRules } from './types';
import { OPM_CONVERT } from './upstream';

const convert = { text: 'declcfg.ConvertToModel, the deprecations pass', url: OPM_CONVERT };

/**
 * Stage B, olm.deprecations (fbc-rules §9, §3 R36–R44). Empty deprecation messages are checked
 * later by Package/Channel/Bundle.Validate (R52, R57, R66) and are listed with those.
 */
export const DEPRECATION_RULES = defineRules('deprecations', 'opm', {
  R36: {
    severity: 'error',
    title: 'Deprecation without a package',
    summary: 'An olm.deprecations blob has an empty package.',
    description: 'Each olm.deprecations blob applies to one package: set its package field.',
    message: 'package name must be set for deprecation item %v',
    upstream: convert,
  },
  R37: {
    severity: 'error',
    title: 'Deprecation of an unknown package',
    summary: "An olm.deprecations blob's package names no olm.package of the catalog.",
    description: 'Check the spelling of the package, or remove the blob.',
    message: 'cannot apply deprecations to an unknown package %q',
    upstream: convert,
  },
  R38: {
    severity: 'error',
    title: 'Second deprecation blob',
    summary: 'A package has more than one olm.deprecations blob.',
    description: "Put all of a package's deprecation entries into one olm.deprecations blob.",
    message: 'expected a maximum of one deprecation per package: %q',
    upstream: convert,
  },
  R39: {
    severity: 'error',
    title: 'Deprecation entry without a schema',
    summary: "A deprecation entry's reference has no schema.",
    description: 'A reference says what it deprecates: schema olm.package, olm.channel or olm.bundle.',
    message: 'schema must be set for deprecation entry [%d] for package %q',
    upstream: convert,
  },
  R40: {
    severity: 'error',
    title: 'Duplicate deprecation entry',
    summary: 'Two deprecation entries reference the same object.',
    description: 'Each package, channel or bundle is deprecated at most once. Remove the second entry.',
    message: 'duplicate deprecation entry %#v for package %q',
    upstream: convert,
  },
  R41: {
    severity: 'error',
    title: 'Deprecated bundle not found',
    summary: 'A deprecation entry names a bundle the package does not have.',
    description: 'The referenced name must be an olm.bundle blob of this package. Check the spelling.',
    message: 'cannot deprecate bundle %q for package %q: bundle not found',
    upstream: convert,
  },
  R42: {
    severity: 'error',
    title: 'Deprecated channel not found',
    summary: 'A deprecation entry names a channel the package does not have.',
    description: 'The referenced name must be a channel of this package. Check the spelling.',
    message: 'cannot deprecate channel %q for package %q: channel not found',
    upstream: convert,
  },
  R43: {
    severity: 'error',
    title: 'Package deprecation with a name',
    summary: 'A deprecation entry for olm.package has a name.',
    description: "The olm.package reference deprecates the blob's own package: leave its name out.",
    message: 'package name must be empty for deprecated package %q (specified %q)',
    upstream: convert,
  },
  R44: {
    severity: 'error',
    title: 'Unknown deprecation schema',
    summary: "A deprecation entry's reference schema is not olm.package, olm.channel or olm.bundle.",
    description: 'Only packages, channels and bundles can be deprecated. Check the schema spelling.',
    message: 'cannot deprecate object %#v referenced by entry %v for package %q: object schema unknown',
    upstream: convert,
  },
});
