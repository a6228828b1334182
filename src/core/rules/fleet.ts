import { defineRules } from './types';
import {
  FLEET_BUNDLES_DOC,
  FLEET_MATCHER,
  FLEET_PATCH,
  FLEET_READER,
  FLEET_TARGETS_DOC,
  FLEET_VALIDATE,
  FLEET_YAML_DOC,
} from './upstream';

/**
 * Checks of a Fleet bundle directory (src/core/fleet) that Fleet itself makes, with its texts: reading
 * fleet.yaml (bundlereader), applying overlays (the agent's patch step); and the checks of the earlier
 * bundle.yaml layout (the `flt` tool's). Our own hints are in FLEET_OWN_RULES.
 */
export const FLEET_RULES = defineRules('fleet', 'fleet', {
  'fleet-yaml-syntax': {
    severity: 'error',
    title: 'Bundle file does not parse',
    summary: 'The descriptor or a YAML resource of the bundle is not valid YAML.',
    description:
      'Fleet cannot build the bundle from a file that does not parse. Fix the syntax at the position given.',
    upstream: { text: 'Fleet bundle reader', url: FLEET_BUNDLES_DOC },
  },
  'fleet-field-type': {
    severity: 'error',
    title: 'Descriptor field of the wrong type',
    summary:
      'A descriptor field holds a value of the wrong type (a list where a map is expected, text for a number).',
    description:
      'Fleet decodes the descriptor into its Bundle spec; a value of the wrong type fails the decode.',
    message: 'json: cannot unmarshal %s into Go struct field %s of type %s',
    upstream: {
      text: 'bundlereader: reading fleet.yaml (yaml.Unmarshal into FleetYAML)',
      url: `${FLEET_READER}/read.go`,
    },
  },
  'fleet-depends-on': {
    severity: 'error',
    title: 'dependsOn entry Fleet rejects',
    summary:
      'A dependsOn entry has neither name nor selector, or an acceptedStates value that is no bundle state.',
    description:
      'Each dependsOn entry names the bundle it waits for (name) or selects bundles by label (selector); ' +
      'acceptedStates lists bundle states (Ready, NotReady, Pending, OutOfSync, Modified, WaitApplied, ' +
      'ErrApplied). fleet apply refuses the bundle otherwise.',
    message:
      "dependsOn[%d]: must specify either 'name' or 'selector' | dependsOn[%d].acceptedStates[%d]: invalid state %q, valid values are: %v",
    upstream: { text: 'bundlereader validateFleetYAML, validateBundleRef', url: FLEET_VALIDATE },
  },
  'fleet-values-file': {
    severity: 'error',
    title: 'Helm values file that cannot be read',
    summary: 'helm.valuesFiles names a file that is not in the bundle folder or does not parse.',
    description:
      'fleet apply merges each values file into helm.values when it reads the bundle; a missing or broken ' +
      'file fails the read.',
    message: 'reading values file: %s/%s: %v',
    upstream: { text: 'bundlereader generateValues', url: `${FLEET_READER}/resources.go` },
  },
  'fleet-patch-failed': {
    severity: 'error',
    title: 'Overlay patch that does not apply',
    summary:
      'A `_patch.` file of an overlay a target uses does not parse or does not apply to its base file.',
    description:
      'The agent converts the base and the patch to JSON and applies the patch (a JSON Patch when it is a ' +
      'list, a strategic merge patch for Kubernetes kinds, a JSON merge patch otherwise); a failure stops ' +
      'the deployment on the clusters that use the overlay.',
    message: 'failed to patch %s | failed to convert %s to json',
    upstream: { text: 'render/patch patchContent', url: FLEET_PATCH },
  },
  'fleet-no-resources': {
    severity: 'warning',
    title: 'Bundle with no resources',
    summary: 'The folder holds no file fleet apply would put in the Bundle.',
    description:
      'fleet apply creates no Bundle for a folder without resources (every file is ignored, hidden, or the ' +
      'fleet.yaml itself); it logs this and moves on.',
    message: 'no resources found to deploy',
    upstream: {
      text: 'apply ErrNoResources',
      url: 'https://github.com/rancher/fleet/blob/main/internal/cmd/cli/apply/apply.go',
    },
  },
  'fleet-unknown-overlay': {
    severity: 'error',
    title: 'Reference to an overlay that does not exist',
    summary: 'A target or an overlay names an overlay that is neither declared nor a folder under overlays/.',
    description: 'Declare the overlay in the descriptor or add overlays/<name>/, or fix the name.',
    upstream: { text: 'Resource overlays and patching', url: FLEET_BUNDLES_DOC },
  },
  'fleet-overlay-cycle': {
    severity: 'error',
    title: 'Overlays reference each other in a cycle',
    summary: 'An overlay reaches itself through the overlays it references.',
    description:
      'Referenced overlays are applied before the overlay that names them; a cycle has no such order. ' +
      'Break it by removing one reference.',
    upstream: { text: 'Resource overlays and patching', url: FLEET_BUNDLES_DOC },
  },
  'fleet-patch-no-base': {
    severity: 'error',
    title: 'Patch file with nothing to patch',
    summary:
      'An overlay file named `x_patch.yaml` targets `x.yaml`, which no base resource or overlay provides.',
    description:
      'A `_patch.` file is merged into the file of the same name without `_patch` (in fleet.yaml bundles, ' +
      'the path under overlays/<name>/ taken from the bundle root); when that file is in neither the base ' +
      'resources nor an overlay, the patch cannot apply. Fix the file name or add the base.',
    message: 'failed to find base file %s to patch',
    upstream: { text: 'render/patch patchContent; the bundle.yaml `_patch.` convention', url: FLEET_PATCH },
  },
  'fleet-selector-invalid': {
    severity: 'error',
    title: 'Label selector that does not parse',
    summary:
      'A selector has an unknown operator, or values where its operator takes none (or none where it needs them).',
    description:
      'Selectors are Kubernetes LabelSelectors: matchExpressions operators are In, NotIn, Exists and ' +
      'DoesNotExist; In and NotIn need values, Exists and DoesNotExist take none.',
    upstream: { text: 'metav1.LabelSelectorAsSelector, as NewClusterMatcher calls it', url: FLEET_MATCHER },
  },
  'fleet-values-render-error': {
    severity: 'error',
    title: 'Helm values the Fleet controller cannot render for a cluster',
    summary:
      "A cluster's helm values fail to render: a ${ } template error, or YAML that does not read back.",
    description:
      'The controller renders the ${ } templates of helm values for each cluster before it writes the ' +
      'BundleDeployments; an error fails the whole Bundle. The finding gives its text and the clusters.',
    upstream: {
      text: 'controller target builder.go preprocessHelmValues',
      url: 'https://github.com/rancher/fleet/blob/main/internal/cmd/controller/target/builder.go',
    },
  },
});

/** Our own hints about a Fleet bundle: what Fleet accepts without a word but likely does nothing. Never errors. */
export const FLEET_OWN_RULES = defineRules('fleet', 'fbc-studio', {
  'fleet-unknown-field': {
    severity: 'warning',
    title: 'Unknown descriptor field',
    summary: 'fleet.yaml (or bundle.yaml), an overlay or a target has a field Fleet does not decode.',
    description:
      'Fleet decodes fleet.yaml with sigs.k8s.io/yaml, which drops fields it does not know, so a misspelt ' +
      'field (kustomizedDir, defaultNamespaces) or a key of the older bundle.yaml layout silently has no ' +
      'effect. Check the spelling against the fleet.yaml reference.',
    upstream: {
      text: 'FBC Studio: fields of FleetYAML / BundleSpec that Fleet would ignore',
      url: FLEET_YAML_DOC,
    },
  },
  'fleet-target-empty': {
    severity: 'warning',
    title: 'Target that can never match',
    summary: 'A target has no clusterSelector, clusterGroupSelector, clusterGroup or clusterName.',
    description:
      'Empty criteria are dropped, and a target left with none matches no cluster. Use `clusterSelector: {}` ' +
      'to match every cluster.',
    upstream: { text: 'Target matching: null is dropped, {} matches everything', url: FLEET_TARGETS_DOC },
  },
  'fleet-target-shadowed': {
    severity: 'warning',
    title: 'Target after a match-all target',
    summary: 'A target follows one that matches every cluster, so it is never used.',
    description:
      'Targets are tried in order and the first match wins; after a target that matches all clusters, no ' +
      'later target is ever chosen. Move the catch-all last.',
    upstream: { text: 'Target matching: the first target that matches is used', url: FLEET_TARGETS_DOC },
  },
  'fleet-target-no-cluster': {
    severity: 'info',
    title: 'Target matches none of the clusters given',
    summary:
      'With a clusters file, a target is chosen for no cluster (none match, or earlier targets take them).',
    description:
      'The bundle would not be deployed through this target to any of the clusters described; check its ' +
      'selectors against the cluster labels.',
    upstream: { text: 'Target matching', url: FLEET_TARGETS_DOC },
  },
  'fleet-overlay-missing': {
    severity: 'warning',
    title: 'yaml.overlays names no overlay folder',
    summary: 'A target lists an overlay in yaml.overlays with no files under overlays/<name>/.',
    description:
      'The agent applies the files under overlays/<name>/ of each overlay listed; for a name with no such ' +
      'folder it does nothing, silently. Fix the name or add the folder.',
    upstream: { text: 'FBC Studio: render/patch patchContent skips names with no files', url: FLEET_PATCH },
  },
  'fleet-overlay-unused': {
    severity: 'info',
    title: 'Overlay folder no target uses',
    summary: 'Files under overlays/<name>/ that no target lists in yaml.overlays.',
    description:
      'Files under overlays/ are carried in the Bundle but never deployed unless a target lists their ' +
      'overlay; these reach no cluster.',
    upstream: { text: 'FBC Studio: render/patch Process drops overlays/ files', url: FLEET_PATCH },
  },
  'fleet-clusters-file-deployed': {
    severity: 'warning',
    title: 'The clusters file is a resource of the bundle',
    summary:
      'fleet-clusters.yaml sits in the bundle folder, not ignored, so fleet apply puts it in the Bundle.',
    description:
      "fleet-clusters.yaml is ours (the clusters the target matrix is drawn for), not Fleet's: every file " +
      'of the folder is a resource, so Fleet would try to deploy it. Add it to .fleetignore, or keep it ' +
      'outside the folder and pass --clusters.',
    upstream: {
      text: 'FBC Studio: bundlereader GetContent reads every file',
      url: `${FLEET_READER}/loaddirectory.go`,
    },
  },
  'fleet-namespace-labels-every-target': {
    severity: 'warning',
    title: "A target's namespaceLabels reach every cluster",
    summary: 'A target sets namespaceLabels or namespaceAnnotations while the bundle has other targets.',
    description:
      'Fleet copies the namespaceLabels and namespaceAnnotations of every target into every ' +
      "BundleDeployment, whichever target matched the cluster. A label meant for one target's clusters " +
      'lands on all of them; set it at the top of fleet.yaml if that is meant.',
    upstream: {
      text: "FBC Studio: controller target.Target.BundleDeployment copies all targets' namespace labels",
      url: 'https://github.com/rancher/fleet/blob/main/internal/cmd/controller/target/target.go',
    },
  },
  'fleet-values-template': {
    severity: 'info',
    title: 'Helm values templates calling a sprig function we do not run',
    summary:
      "helm.values or helm.templateValues call a sprig function FBC Studio has not ported: those clusters' values are shown as written.",
    description:
      "FBC Studio renders ${ } in helm values as the controller does, except with sprig's random, date and " +
      'crypto functions (their result changes from run to run): such values are shown as written.',
    upstream: {
      text: 'FBC Studio: controller preprocessHelmValues renders ${ } templates',
      url: 'https://github.com/rancher/fleet/blob/main/internal/cmd/controller/target/builder.go',
    },
  },
  'fleet-local-path-missing': {
    severity: 'warning',
    title: 'kustomize.dir or local chart path that is not in the bundle',
    summary: 'kustomize.dir, or helm.chart without helm.repo, names a folder the bundle does not hold.',
    description:
      'The agent runs kustomize in kustomize.dir (a missing folder fails there, on the cluster); a helm.chart ' +
      'that is no folder of the bundle is fetched as a URL by fleet apply. Offline we cannot fetch it, so ' +
      'its files are not in the rendered Bundle.',
    upstream: {
      text: 'FBC Studio: bundlereader addRemoteCharts, the agent kustomize step',
      url: `${FLEET_READER}/resources.go`,
    },
  },
});
