import { defineRules } from './types';

const BUNDLES = 'https://github.com/rancher/fleet/blob/master/docs/bundles.md';
const FLEET_YAML = 'https://fleet.rancher.io/ref-fleet-yaml';
const TARGETS = 'https://fleet.rancher.io/gitrepo-targets';

/**
 * Checks of a Fleet bundle directory (src/core/fleet): its descriptor (fleet.yaml, or bundle.yaml as
 * the bundle layout names it), its overlays and its targets.
 */
export const FLEET_RULES = defineRules('fleet', 'fleet', {
  'fleet-yaml-syntax': {
    severity: 'error',
    title: 'Bundle file does not parse',
    summary: 'The descriptor or a YAML resource of the bundle is not valid YAML.',
    description:
      'Fleet cannot build the bundle from a file that does not parse. Fix the syntax at the position given.',
    upstream: { text: 'Fleet bundle reader', url: BUNDLES },
  },
  'fleet-unknown-field': {
    severity: 'warning',
    title: 'Unknown descriptor field',
    summary: 'The descriptor, an overlay or a target has a field the bundle format does not list.',
    description:
      'Fleet ignores fields it does not know, so a misspelt field (kustomizedDir, defaultNamespaces) ' +
      'silently has no effect. Check the spelling against the bundle format.',
    upstream: { text: 'bundle.yaml field reference', url: BUNDLES },
  },
  'fleet-field-type': {
    severity: 'error',
    title: 'Descriptor field of the wrong type',
    summary:
      'A descriptor field holds a value of the wrong type (a list where a map is expected, text for a number).',
    description:
      'Fleet decodes the descriptor into its Bundle spec; a value of the wrong type fails the decode.',
    message: 'json: cannot unmarshal %s into Go struct field %s of type %s',
    upstream: { text: 'fleet.yaml decoded into BundleSpec', url: FLEET_YAML },
  },
  'fleet-unknown-overlay': {
    severity: 'error',
    title: 'Reference to an overlay that does not exist',
    summary: 'A target or an overlay names an overlay that is neither declared nor a folder under overlays/.',
    description: 'Declare the overlay in the descriptor or add overlays/<name>/, or fix the name.',
    upstream: { text: 'Resource overlays and patching', url: BUNDLES },
  },
  'fleet-overlay-cycle': {
    severity: 'error',
    title: 'Overlays reference each other in a cycle',
    summary: 'An overlay reaches itself through the overlays it references.',
    description:
      'Referenced overlays are applied before the overlay that names them; a cycle has no such order. ' +
      'Break it by removing one reference.',
    upstream: { text: 'Resource overlays and patching', url: BUNDLES },
  },
  'fleet-patch-no-base': {
    severity: 'error',
    title: 'Patch file with nothing to patch',
    summary:
      'An overlay file named `x_patch.yaml` targets `x.yaml`, which no base resource or overlay provides.',
    description:
      'A `_patch.` file is merged into the file of the same name without `_patch`; when that file is in ' +
      'neither the base resources nor an overlay, the patch cannot apply. Fix the file name or add the base.',
    upstream: { text: 'Resource overlays and patching: the `_patch.` convention', url: BUNDLES },
  },
  'fleet-target-empty': {
    severity: 'warning',
    title: 'Target that can never match',
    summary: 'A target has no clusterSelector, clusterGroupSelector, clusterGroup or clusterName.',
    description:
      'Empty criteria are dropped, and a target left with none matches no cluster. Use `clusterSelector: {}` ' +
      'to match every cluster.',
    upstream: { text: 'Target matching: null is dropped, {} matches everything', url: TARGETS },
  },
  'fleet-target-shadowed': {
    severity: 'warning',
    title: 'Target after a match-all target',
    summary: 'A target follows one that matches every cluster, so it is never used.',
    description:
      'Targets are tried in order and the first match wins; after a target that matches all clusters, no ' +
      'later target is ever chosen. Move the catch-all last.',
    upstream: { text: 'Target matching: the first target that matches is used', url: TARGETS },
  },
  'fleet-selector-invalid': {
    severity: 'error',
    title: 'Label selector that does not parse',
    summary:
      'A selector has an unknown operator, or values where its operator takes none (or none where it needs them).',
    description:
      'Selectors are Kubernetes LabelSelectors: matchExpressions operators are In, NotIn, Exists and ' +
      'DoesNotExist; In and NotIn need values, Exists and DoesNotExist take none.',
    upstream: { text: 'metav1.LabelSelectorAsSelector', url: TARGETS },
  },
  'fleet-target-no-cluster': {
    severity: 'info',
    title: 'Target matches none of the clusters given',
    summary:
      'With a clusters file, a target is chosen for no cluster (none match, or earlier targets take them).',
    description:
      'The bundle would not be deployed through this target to any of the clusters described; check its ' +
      'selectors against the cluster labels.',
    upstream: { text: 'Target matching', url: TARGETS },
  },
});
