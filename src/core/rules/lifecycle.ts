import { defineRules } from './types';
import { CITED } from './upstream';

/** Lifecycle blobs (`io.openshift.operators.lifecycles.v1alpha1`, src/core/lifecycle). Warnings only. */
export const LIFECYCLE_RULES = defineRules(
  'lifecycle',
  'fbc-studio',
  {
    'lifecycle-invalid-field': {
      severity: 'warning',
      title: 'Lifecycle field does not follow the schema',
      summary:
        'A field of a lifecycle blob is missing, of the wrong type, or malformed (version not MAJOR.MINOR, date not YYYY-MM-DD, end before start).',
      description:
        'The console shows support phases and platform compatibility from this blob; a field it cannot read ' +
        'shows nothing or something wrong. The message names the field (e.g. versions[0].phases[1].endDate).',
      upstream: CITED.lifecycleSchema,
    },
    'lifecycle-unknown-package': {
      severity: 'warning',
      title: 'Lifecycle for a package the catalog does not have',
      summary: "A lifecycle blob's package names no olm.package of the catalog.",
      description: 'Check the spelling of the package, or remove the blob: nothing will show it.',
      upstream: CITED.lifecycleSchema,
    },
    'lifecycle-duplicate-package': {
      severity: 'warning',
      title: 'Second lifecycle blob for a package',
      summary: 'A package has more than one lifecycle blob.',
      description:
        'Keep one lifecycle blob per package, holding all its versions; FBC Studio reads the first.',
      upstream: CITED.lifecycleSchema,
    },
    'lifecycle-ocp-outside': {
      severity: 'warning',
      title: 'Catalog outside a bundle’s declared OpenShift compatibility',
      summary:
        'A catalog built for an OpenShift version ships a bundle whose lifecycle version does not list that OpenShift version.',
      description:
        'In a repository with one catalog per OpenShift version, the catalog for 4.17 offers a bundle whose ' +
        'lifecycle says it is compatible only with other OpenShift versions. Either the bundle should not be in ' +
        "this catalog, or its lifecycle's platformCompatibility is missing this version.",
      upstream: CITED.lifecycleSchema,
    },
  },
  // The sentence every description above ends with.
  'opm keeps the blob without reading it, so its verdict is unchanged; this is an FBC Studio check.',
);
