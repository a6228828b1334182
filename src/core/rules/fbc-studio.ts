import { defineRules } from './types';
import { OLM_UPDATE_GRAPH_DOC, OPM_PULLS } from './upstream';

/**
 * FBC Studio's own checks (src/core/validate/warnings.ts): never errors, never opm's verdict. Each
 * answers a reported upgrade mistake; `upstream` names the thread that asks for it.
 */
export const FBC_STUDIO_RULES = defineRules(
  'fbc-studio',
  'fbc-studio',
  {
    'skipped-replaces-target': {
      severity: 'warning',
      title: 'Skipped bundle is also a replaces target',
      summary: 'An entry is skipped by one entry and is the replaces target of another in the same channel.',
      description:
        'OLM v0 leaves every skipped entry out of its upgrade order and ignores its edges, so clusters on the ' +
        'bundle it replaces may get no upgrade. A warning when some cluster really is left without a next ' +
        'hop, information when every bundle still has another edge.',
      upstream: {
        text: 'olm-docs #243 and operator-registry PR #1762 (open), which would make opm reject it',
        url: `${OPM_PULLS}1762`,
      },
    },
    'skiprange-above-version': {
      severity: 'warning',
      title: 'skipRange reaches above the bundle',
      summary: "An entry's skipRange has no upper bound, or one above the bundle's own version.",
      description:
        'OLM would offer the bundle as an "upgrade" to clusters running a newer version. Bound the range ' +
        'below the bundle\'s version (for example ">=1.0.0 <1.3.0" for 1.3.0).',
      upstream: {
        text: 'operator-registry PR #2090 (open), which would make opm reject it',
        url: `${OPM_PULLS}2090`,
      },
    },
    'skiprange-covers-nothing': {
      severity: 'info',
      title: 'skipRange covers no version in the package',
      summary: "An entry's skipRange matches no other version of its package, in its channel or another.",
      description:
        'The range only helps clusters still running versions that are no longer in the catalog. A range ' +
        'that matches versions of another channel only is not flagged: that is how a package with a channel ' +
        'per minor version lets a cluster that switches channel upgrade. Often a ' +
        'sign of a typo in the bounds, or of a lower bound that misses prerelease builds (>=4.15.0 does not ' +
        'match 4.15.0-0.x; write >=4.15.0-0).',
      upstream: { text: 'OLM docs, "Creating an update graph": skipRange', url: OLM_UPDATE_GRAPH_DOC },
    },
    'skips-only': {
      severity: 'warning',
      title: 'Entry with skips only',
      summary: 'An entry has skips but no replaces and no skipRange, and its skips leave older entries out.',
      description:
        'Skips do not chain: only clusters on exactly the listed bundles can upgrade to the entry, and ' +
        'older ones are left behind. Add replaces (or a skipRange) to keep older versions connected. An ' +
        'entry whose skips name every older entry of its channel is not flagged: every cluster on a ' +
        'version the catalog holds can upgrade to it directly.',
      upstream: {
        text: 'OLM docs, "Creating an update graph": skips do not chain',
        url: OLM_UPDATE_GRAPH_DOC,
      },
    },
    'prerelease-as-build-number': {
      severity: 'warning',
      title: 'Prerelease used as a build number',
      summary: 'A version like 1.34.1-5 sits beside 1.34.1, or replaces a higher version.',
      description:
        'Semver sorts 1.34.1-5 below 1.34.1, so a "rebuild" written as a prerelease is older than what it ' +
        'rebuilds. Use the olm.package release field and the bundle name <package>-v<version>-<release>.',
      upstream: {
        text: 'olm-docs #342 (the release field); oc-mirror docs on jaeger 1.34.1-5',
        url: 'https://github.com/operator-framework/olm-docs/issues/342',
      },
    },
    'schema-typo': {
      severity: 'warning',
      title: 'Schema looks like a typo',
      summary: "A blob's schema is one slip away from a schema opm knows.",
      description:
        'opm keeps blobs with unknown schemas without reading them, so a misspelt olm.channel or ' +
        'olm.deprecations silently has no effect. Correct the schema.',
      upstream: {
        text: 'operator-registry #1216: unknown schemas are silently ignored',
        url: 'https://github.com/operator-framework/operator-registry/issues/1216',
      },
    },
    'indexignore-hides-everything': {
      severity: 'warning',
      title: '.indexignore leaves nothing to load',
      summary: "The catalog's .indexignore patterns match every file, so the catalog is empty.",
      description:
        'opm validate passes an empty catalog, so a pattern such as `*` or `**/*.yaml` that hides every ' +
        'file makes a catalog that serves nothing look valid. Narrow the patterns.',
      upstream: {
        text: 'operator-registry: .indexignore patterns (pkg/lib/indexignore)',
        url: 'https://github.com/operator-framework/operator-registry/tree/master/pkg/lib/indexignore',
      },
    },
  },
  // The sentence every description above ends with.
  'opm validate accepts it; FBC Studio flags it because it hurts users at upgrade time.',
);
