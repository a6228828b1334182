/**
 * What the app shows for a folder that is a Crossplane package or a Fleet bundle: its located
 * findings and its graph (the dependency graph) or its target matrix (with a fleet-clusters.yaml
 * beside the bundle). Plain data, for the worker protocol; loaded only when such a folder is open.
 */
import type { Diagnostic } from '../diagnostics';
import { crossplaneGraph, openCrossplaneFolder, type CrossplaneGraph } from '../crossplane';
import { CLUSTERS_FILE, matrixSummary, openFleetBundle, readClusters, targetMatrix } from '../fleet';
import { str } from '../kube/yaml-docs';
import { stringify } from 'yaml';
import type { CatalogSource } from '../source/types';
import type { BesideKind } from './detect';

export type BesideFinding = Omit<Diagnostic, 'ref'>;

export interface CrossplaneView {
  kind: 'crossplane';
  packages: {
    metaFile: string;
    kind: string | null;
    name: string | null;
    dependsOn: number;
    objects: number;
    /** How many objects of each kind the package ships (`CompositeResourceDefinition: 2`, `Operation: 1`). */
    objectKinds: { kind: string; count: number }[];
  }[];
  diagnostics: BesideFinding[];
  graph: CrossplaneGraph;
}

export interface FleetMatrixRow {
  cluster: string;
  groups: string[];
  target: string | null;
  customizations?: string[];
  skipped?: string;
  overlays: string[];
  defaultNamespace: string;
  /** Every file the cluster gets, after its overlays and patches. */
  resources: { name: string; content: string; encoding?: string }[];
  errors?: string[];
  /** fleet.yaml with helm options: the cluster's helm values as its BundleDeployment gets them, as YAML. */
  helmValues?: string;
}

export interface FleetView {
  kind: 'fleet';
  name: string;
  descriptor: string | null;
  resources: string[];
  overlays: string[];
  targets: string[];
  diagnostics: BesideFinding[];
  /** Null without a fleet-clusters.yaml in the folder. */
  matrix: FleetMatrixRow[] | null;
}

export type BesideView = CrossplaneView | FleetView;

const plain = ({ ref: _ref, ...d }: Diagnostic): BesideFinding => d;

function countKinds(kinds: string[]): { kind: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([kind, count]) => ({ kind, count }));
}

export async function besideView(kind: BesideKind, source: CatalogSource): Promise<BesideView> {
  if (kind === 'crossplane') {
    const folder = await openCrossplaneFolder(source);
    return {
      kind,
      packages: folder.packages.map((p) => ({
        metaFile: p.metaFile,
        kind: p.kind ?? null,
        name: p.name ?? null,
        dependsOn: p.dependsOn.length,
        objects: p.objects.length,
        objectKinds: countKinds(p.objects.map((o) => str(o.value, 'kind') ?? '?')),
      })),
      diagnostics: folder.diagnostics.map(plain),
      graph: crossplaneGraph(folder),
    };
  }
  const bundle = await openFleetBundle(source);
  const paths = (await source.list()).map((f) => f.path);
  const clusters = paths.includes(CLUSTERS_FILE)
    ? readClusters(CLUSTERS_FILE, new TextDecoder().decode(await source.read(CLUSTERS_FILE)))
    : undefined;
  const matrix = clusters ? targetMatrix(bundle, clusters) : undefined;
  return {
    kind,
    name: bundle.name,
    descriptor: bundle.descriptorFile ?? null,
    resources: bundle.resources.map((r) => r.name),
    overlays: bundle.overlays.map((o) => o.name),
    targets: bundle.targets.map((t) => t.name),
    diagnostics: [
      ...bundle.diagnostics,
      ...(clusters?.diagnostics ?? []),
      ...(matrix?.diagnostics ?? []),
    ].map(plain),
    matrix: matrix
      ? matrixSummary(matrix).map(({ options, ...row }) => {
          const helm = options?.helm;
          const values =
            typeof helm === 'object' && helm !== null ? (helm as { values?: unknown }).values : undefined;
          return values === undefined
            ? row
            : { ...row, helmValues: stringify(values, { aliasDuplicateObjects: false }) };
        })
      : null,
  };
}
