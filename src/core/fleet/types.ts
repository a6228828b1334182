/**
 * A Fleet bundle as read from its directory: the descriptor (fleet.yaml, or bundle.yaml as the
 * bundle layout names it), the base resources with normalised paths (manifests/, kustomize/,
 * chart/), the overlays (declared in the descriptor and/or folders under overlays/) and the targets.
 * Nothing here knows OLM.
 */
import type { Diagnostic } from '../diagnostics';
import type { LabelSelector } from '../kube/label-selector';
import type { YamlDoc } from '../kube/yaml-docs';

/** A Kubernetes LabelSelector as written; `null` (absent) is not `{}` (match all). */
export type { LabelSelector };

export interface BundleResource {
  /** Normalised path: `manifests/deploy.yaml`, `chart/Chart.yaml`; in an overlay, relative to its folder. */
  name: string;
  content: string;
  /** Not UTF-8 text: `base64` in the bundle.yaml layout, `base64+gz` as fleet apply writes it. */
  encoding?: 'base64' | 'base64+gz';
  /** The file it was read from (relative to the bundle directory), for locations. */
  file?: string;
}

export interface Overlay {
  name: string;
  /** Overlays applied before this one, in order. */
  overlays: string[];
  defaultNamespace?: string;
  kustomizeDir?: string;
  timeoutSeconds?: number;
  values?: Record<string, unknown>;
  resources: BundleResource[];
  /** The descriptor entry's path, when declared there. */
  path?: (string | number)[];
}

export interface Target {
  /** As written, or Fleet's default `target000`. */
  name: string;
  index: number;
  overlays: string[];
  defaultNamespace?: string;
  kustomizeDir?: string;
  timeoutSeconds?: number;
  values?: Record<string, unknown>;
  /** `undefined` when absent or null: the criterion is dropped. */
  clusterSelector?: LabelSelector;
  clusterGroupSelector?: LabelSelector;
  clusterGroup?: string;
  clusterName?: string;
  /** Path in the descriptor, for locations. */
  path: (string | number)[];
  /** fleet.yaml: the target's BundleDeploymentOptions as Fleet decoded them (Go order, omitempty). */
  options?: Record<string, unknown>;
  /** fleet.yaml: doNotDeploy, which skips the cluster the target matches. */
  doNotDeploy?: boolean;
  /** fleet.yaml with overrideTargets: a target that only customizes (Fleet's matcher). */
  customization?: boolean;
}

export interface FleetBundle {
  /**
   * `fleet`: fleet.yaml as Fleet reads it today (every file a resource, overlays chosen by
   * yaml.overlays); `bundle`: the earlier bundle.yaml layout (manifests/, kustomize/, chart/, declared
   * overlays and targets).
   */
  layout: 'fleet' | 'bundle';
  /** metadata.name of the Bundle: the descriptor's name, else derived from the directory's name. */
  name: string;
  /** `fleet.yaml`, `bundle.yaml`, or undefined when the directory has none (all defaults). */
  descriptorFile?: string;
  descriptor?: YamlDoc;
  /** The descriptor as decoded (plain values), for rendering. */
  spec: Record<string, unknown>;
  resources: BundleResource[];
  overlays: Overlay[];
  targets: Target[];
  diagnostics: Diagnostic[];
  /** fleet layout: targetRestrictions (overrideTargets or a targets file) a cluster must match one of. */
  targetRestrictions?: Target[];
  /** fleet layout: the Bundle resource as `fleet apply -o -` prints it. */
  bundle?: Record<string, unknown>;
}

export interface Cluster {
  name: string;
  labels: Record<string, string>;
  /** What a helm values template reads as .ClusterNamespace ('' when the file does not say). */
  namespace?: string;
  /** .ClusterAnnotations of a values template. */
  annotations?: Record<string, string>;
  /** The Cluster's spec.templateValues: .ClusterValues of a values template. */
  templateValues?: Record<string, unknown>;
}

export interface ClusterGroup {
  name: string;
  labels: Record<string, string>;
  /** Which clusters are in the group; absent selects none. */
  selector?: LabelSelector;
}

export interface ClusterSet {
  file: string;
  clusters: Cluster[];
  groups: ClusterGroup[];
  diagnostics: Diagnostic[];
}
