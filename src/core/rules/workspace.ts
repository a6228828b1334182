import { PARITY_RELEASE } from '../template/parity';
import { defineRules } from './types';
import { OPM_LOAD } from './upstream';

/**
 * FBC Studio's checks across a repository's catalogs (src/core/workspace): one catalog per
 * OpenShift version, compared version to version, and each template against the catalogs it renders.
 * Warnings (one note); each catalog's verdict stays opm's.
 */
export const WORKSPACE_RULES = defineRules(
  'workspace',
  'fbc-studio',
  {
    'unparsed-outside-catalog': {
      severity: 'warning',
      title: 'File outside every catalog does not parse',
      summary:
        'A .json or .yaml file that is in no catalog folder and names a schema key (catalog or template content) cannot be read.',
      description:
        'No catalog includes it, so opm never reads it and it changes no verdict; but a file that was meant ' +
        'to be a catalog or a template is silently ignored. Fix its syntax or move it into the catalog ' +
        'folder it belongs to. A file that names no schema key (CI or editor configuration) is not FBC ' +
        'and is never reported.',
      upstream: { text: 'opm declcfg.LoadFS reads only the directory it is given', url: OPM_LOAD },
    },
    'no-catalog-found': {
      severity: 'warning',
      title: 'No catalog in the folder',
      summary: 'The folder holds no file-based catalog content: no blob whose schema is olm.*.',
      description:
        'Nothing in the folder is a catalog (CI, editor and Kubernetes YAML, bundle folders, README), so ' +
        'nothing was validated and no file in it is reported. opm passes such a folder as it passes an ' +
        'empty one; in CI this usually means the job points at the wrong folder. Point it at the catalog ' +
        'folder, or render the templates first.',
      upstream: {
        text: 'opm validate of a folder with no FBC blob loads an empty catalog and passes',
        url: OPM_LOAD,
      },
    },
    'skew-bundle-dropped': {
      severity: 'warning',
      title: 'Bundle dropped in a later OpenShift version',
      summary: "A bundle in one OpenShift version's catalog is missing from the next version's.",
      description:
        'Clusters upgraded to the newer OpenShift keep the bundle installed, but the catalog no longer ' +
        'knows it. OLM still updates it where an entry of its channel in the newer catalog replaces it, ' +
        'skips it or covers its version by skipRange, the usual way to prune a version that does not ' +
        'support the newer OpenShift; said when one of its channels has no such entry, or is gone. A ' +
        "bundle the repository's drop-versions.json or .yaml drops from the newer version (stolostron's " +
        'per-version Y-stream cutoff) is dropped on purpose and not reported.',
      upstream: {
        text: "Konflux's fbc-target-index-pruning-check blocks releases where a published bundle vanishes",
        url: 'https://github.com/konflux-ci/build-definitions',
      },
    },
    'skew-default-channel': {
      severity: 'warning',
      title: 'Default channel differs between OpenShift versions',
      summary: "A package's default channel changes from one OpenShift version's catalog to the next.",
      description:
        'New installations on the two OpenShift versions subscribe to different channels. Said when the ' +
        'newer catalog no longer has the old default channel (installations subscribed to it find no ' +
        'channel after the OpenShift upgrade) or the new default channel offers an older bundle; a slip ' +
        'when one catalog was forgotten. A default that moves on to a newer channel, the old one kept ' +
        "beside it, is how a product ties its versions to OpenShift's, and is not flagged.",
      upstream: {
        text: 'OLM docs, channel naming and the default channel',
        url: 'https://olm.operatorframework.io/docs/best-practices/channel-naming/',
      },
    },
    'skew-head-backwards': {
      severity: 'warning',
      title: 'Channel head goes back in a later OpenShift version',
      summary:
        "A channel's head in a later OpenShift version's catalog is an older bundle than in an earlier one.",
      description:
        'A cluster upgraded to the newer OpenShift would be running a newer bundle than that channel offers, ' +
        'and has no upgrade until the channel catches up.',
      upstream: {
        text: 'OLM docs, "Creating an update graph"',
        url: 'https://olm.operatorframework.io/docs/concepts/olm-architecture/operator-catalog/creating-an-update-graph/',
      },
    },
    'skew-max-openshift-version': {
      severity: 'warning',
      title: 'Bundle listed beyond its maxOpenShiftVersion',
      summary:
        "A bundle's olm.maxOpenShiftVersion is below the OpenShift version of the catalog that lists it.",
      description:
        "OpenShift blocks cluster upgrades past a bundle's olm.maxOpenShiftVersion, so a catalog for a newer " +
        'OpenShift offers a bundle its own clusters could never have upgraded with. Remove it from that ' +
        "version's catalog or raise the property.",
      upstream: {
        text: 'OpenShift docs: olm.maxOpenShiftVersion',
        url: 'https://docs.openshift.com/container-platform/latest/operators/operator_sdk/osdk-working-bundle-images.html',
      },
    },
    'template-drift': {
      severity: 'warning',
      title: 'Catalog differs from its template',
      summary:
        'A committed catalog is not what its template renders to, as its own pipeline renders it (opm alpha render-template).',
      description:
        'The catalog was edited by hand after rendering, or the template changed without a new render. Each ' +
        'catalog is judged as its own pipeline renders it: template images are resolved from that catalog ' +
        'first, then from the other catalogs of the same template, then from the rest of the repository; ' +
        "the migrate level is the repository configuration's, else the form the catalog keeps its bundles in " +
        '(olm.bundle.object: none; olm.csv.metadata: bundle-object-to-csv-metadata), else its OpenShift ' +
        "version (4.17 and later: bundle-object-to-csv-metadata, which Konflux's validate-fbc and the " +
        'community pipeline require). The finding names the level and why, and what a render would change, ' +
        'grouped: channel entries/edges, bundles added/removed, bundle content, properties, package metadata, ' +
        `other blobs, each with the opm behaviour assumed. Parity follows operator-registry ${PARITY_RELEASE}: ` +
        'its basic, semver and substitutes templates, its bundle-object-to-csv-metadata migration, and for ' +
        "semver templates the package icon and description it copies from the default channel head's CSV " +
        '(an older opm writes neither). Image registries that differ only by a same-digest mapping are not ' +
        'drift; a bundle whose content differs between catalogs is image-content-disagrees, not drift.',
      upstream: {
        text: `operator-registry ${PARITY_RELEASE}: cmd/opm/alpha/template/render.go, alpha/action/migrations`,
        url: `https://github.com/operator-framework/operator-registry/tree/${PARITY_RELEASE}/alpha/action/migrations`,
      },
    },
    'semver-linking-changed': {
      severity: 'info',
      title: 'Catalog rendered with an older opm semver linking',
      summary:
        "A semver template's catalog has the channel edges an opm release from v1.37.0 to v1.60.x renders; a current opm renders others.",
      description:
        'From v1.37.0 to v1.60.x opm linked each channel of a semver template on its own: no replaces or ' +
        'skips between minor-version channels, and up to v1.56.x each Y-stream top also skipped the top it ' +
        'replaces. v1.61.0 (operator-registry #1813) went back to linking the Y-streams of a major version ' +
        'across channels, as before v1.37.0. A catalog whose channels are exactly one of those renders is ' +
        "judged with it (not template-drift); this finding says which releases and what a current opm's " +
        "render would change in its channels, so that bumping the pipeline's opm is a reviewed change of " +
        'the upgrade graph rather than a surprise.',
      upstream: {
        text: 'operator-registry #1813: revert channel-scoped semver template expansion to edge-scoped',
        url: 'https://github.com/operator-framework/operator-registry/pull/1813',
      },
    },
    'semver-package-metadata-changed': {
      severity: 'info',
      title: 'Catalog rendered with an older opm semver package',
      summary:
        "A semver template's catalog has the package blob opm before v1.65.0 renders (no icon, no description); a current opm adds them.",
      description:
        'From v1.65.0 (operator-registry #1933) opm copies the icon and description of the default ' +
        "channel head's CSV into the package blob a semver template renders; before, it wrote neither. A " +
        'catalog whose package blob is exactly the older render is in sync (not template-drift); this ' +
        "finding says which fields a current opm would add, so that bumping the pipeline's opm is a " +
        'reviewed change of what OperatorHub shows.',
      upstream: {
        text: 'operator-registry #1933: render package-level info from channel head in semver template',
        url: 'https://github.com/operator-framework/operator-registry/pull/1933',
      },
    },
    'image-content-disagrees': {
      severity: 'warning',
      title: 'Catalogs disagree about one bundle image',
      summary: 'Two catalogs of the repository hold the same bundle image digest with different content.',
      description:
        'A digest names one image, so every catalog that lists it should hold the bundle that image renders ' +
        'to: the same name, properties and related images, in the olm.bundle.object or olm.csv.metadata ' +
        'form of its migrate level (compared after migrating both to olm.csv.metadata, as opm ' +
        `${PARITY_RELEASE} builds it) and under any registry. When they differ, one catalog was edited by ` +
        'hand, or rendered from another image; a render from the image rewrites it. The finding names ' +
        'the catalogs on each side and points at the bundle of the smaller side.',
      upstream: {
        text: `operator-registry ${PARITY_RELEASE} alpha/action/migrations/000_bundle_object_to_csv_metadata.go`,
        url: `https://github.com/operator-framework/operator-registry/blob/${PARITY_RELEASE}/alpha/action/migrations/000_bundle_object_to_csv_metadata.go`,
      },
    },
  },
  // The sentence every description above ends with.
  'opm validates one catalog at a time and never sees this; FBC Studio reports it across the repository.',
);
