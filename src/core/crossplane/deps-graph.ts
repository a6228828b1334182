/**
 * The dependency graph of a folder's Crossplane packages: each package and its dependsOn tree
 * (a dependency opened in the folder is that package's node, so the tree continues through it),
 * with the version constraint on each edge and conflicting constraints on one dependency marked;
 * the CustomResourceDefinitions a package ships (a Provider's or Function's API: without them a
 * Provider is one lone node); and for Configurations, XRD → Composition → the resource kinds a
 * Composition composes (a kind one of the folder's CRDs defines is that CRD's node).
 */
import { conflictingDependencies } from './check-folder';
import { compositionsOf, crdsOf, resolveLocal, xrdsOf } from './package-index';
import type { CrossplaneFolder, CrossplanePackage, PackageKind } from './types';

export type GraphNodeType = 'package' | 'dependency' | 'crd' | 'xrd' | 'composition' | 'resource';

export interface GraphNode {
  id: string;
  type: GraphNodeType;
  label: string;
  /** For packages and dependencies: Provider, Configuration or Function when known. */
  kind?: PackageKind;
  /** The package's meta file, or the file defining the CRD, XRD or Composition. */
  file?: string;
  /** An XRD referenced by a Composition but defined nowhere in the folder. */
  missing?: boolean;
}

export type GraphEdgeType = 'dependsOn' | 'defines' | 'implements' | 'composes';

export interface GraphEdge {
  from: string;
  to: string;
  type: GraphEdgeType;
  /** The version constraint of a dependsOn edge, as written. */
  label?: string;
  /** Another package constrains the same dependency so that no version meets both. */
  conflict?: boolean;
  /** The dependency's package as the dependsOn entry names it (a dependsOn edge): what a bump edits. */
  package?: string;
}

export interface CrossplaneGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

const packageId = (p: CrossplanePackage) => `package:${p.metaFile}`;

export function crossplaneGraph(folder: Pick<CrossplaneFolder, 'packages'>): CrossplaneGraph {
  const { packages } = folder;
  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  const add = (n: GraphNode) => {
    const had = nodes.get(n.id);
    if (!had) nodes.set(n.id, n);
    else if (had.kind === undefined && n.kind) had.kind = n.kind;
    return n.id;
  };
  const conflicting = conflictingDependencies(packages);

  for (const p of packages) {
    add({ id: packageId(p), type: 'package', label: p.name ?? p.metaFile, kind: p.kind, file: p.metaFile });
  }
  for (const p of packages) {
    for (const d of p.dependsOn) {
      const local = resolveLocal(d, packages);
      const to = local
        ? packageId(local)
        : add({ id: `dependency:${d.package}`, type: 'dependency', label: d.package, kind: d.kind });
      edges.push({
        from: packageId(p),
        to,
        type: 'dependsOn',
        label: d.version,
        package: d.package,
        ...(conflicting.has(d) ? { conflict: true } : {}),
      });
    }
  }
  const crds = packages.flatMap(crdsOf);
  const crdId = (group: string, kind: string) => `crd:${kind}.${group}`;
  for (const c of crds) {
    add({ id: crdId(c.group, c.kind), type: 'crd', label: `${c.kind} (${c.group})`, file: c.doc.file });
    edges.push({ from: packageId(c.pkg), to: crdId(c.group, c.kind), type: 'defines' });
  }
  const xrds = packages.flatMap(xrdsOf);
  const xrdId = (group: string, kind: string) => `xrd:${kind}.${group}`;
  for (const x of xrds) {
    add({ id: xrdId(x.group, x.kind), type: 'xrd', label: `${x.kind} (${x.group})`, file: x.doc.file });
    edges.push({ from: packageId(x.pkg), to: xrdId(x.group, x.kind), type: 'defines' });
  }
  for (const p of packages) {
    for (const c of compositionsOf(p)) {
      const cid = add({
        id: `composition:${p.metaFile}:${c.name}`,
        type: 'composition',
        label: c.name,
        file: c.doc.file,
      });
      if (c.typeRef) {
        const { apiVersion, kind } = c.typeRef;
        const x = xrds.find((y) => y.kind === kind && y.apiVersions.includes(apiVersion));
        const group = apiVersion.slice(0, Math.max(0, apiVersion.lastIndexOf('/')));
        const xid = x
          ? xrdId(x.group, x.kind)
          : add({ id: xrdId(group, kind), type: 'xrd', label: `${kind} (${group})`, missing: true });
        edges.push({ from: xid, to: cid, type: 'implements' });
      } else {
        edges.push({ from: packageId(p), to: cid, type: 'defines' });
      }
      for (const t of c.composed) {
        const group = t.apiVersion.slice(0, Math.max(0, t.apiVersion.lastIndexOf('/')));
        const x = xrds.find((y) => y.kind === t.kind && y.group === group);
        const crd = crds.find((y) => y.kind === t.kind && y.group === group);
        const to = x
          ? xrdId(x.group, x.kind)
          : crd
            ? crdId(crd.group, crd.kind)
            : add({
                id: `resource:${t.kind}.${t.apiVersion}`,
                type: 'resource',
                label: `${t.kind} (${t.apiVersion})`,
              });
        if (!edges.some((e) => e.from === cid && e.to === to))
          edges.push({ from: cid, to, type: 'composes' });
      }
    }
  }
  return { nodes: [...nodes.values()], edges };
}

/** The package node of a folder's package, for callers that start from a package. */
export function packageNodeId(p: CrossplanePackage): string {
  return packageId(p);
}

/** A label for a package kind or a missing one. */
export function kindLabel(kind: PackageKind | undefined): string {
  return kind ?? 'package';
}
