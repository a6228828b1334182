/**
 * Which overlays apply, in which order: an overlay's referenced overlays are applied before it
 * (depth first, in the order listed), each overlay once per target. And which file an overlay file
 * replaces or patches: the file of the same name, else the one base file with the same last segment
 * (`overlays/prod/svc.yaml` replaces `manifests/svc.yaml`, as the bundle format's example shows).
 */
import { baseName } from '../source/paths';
import type { Overlay } from './types';

export interface OverlayOrder {
  /** Names in application order (known overlays only). */
  order: string[];
  /** Names referenced but not defined. */
  missing: string[];
  /** The first cycle met, as a path that ends where it starts. */
  cycle?: string[];
}

export function overlayOrder(names: readonly string[], overlays: readonly Overlay[]): OverlayOrder {
  const byName = new Map(overlays.map((o) => [o.name, o]));
  const order: string[] = [];
  const missing: string[] = [];
  let cycle: string[] | undefined;
  const stack: string[] = [];
  const visit = (name: string) => {
    if (stack.includes(name)) {
      cycle ??= [...stack.slice(stack.indexOf(name)), name];
      return;
    }
    if (order.includes(name)) return;
    const o = byName.get(name);
    if (!o) {
      if (!missing.includes(name)) missing.push(name);
      return;
    }
    stack.push(name);
    for (const ref of o.overlays) visit(ref);
    stack.pop();
    order.push(name);
  };
  for (const n of names) visit(n);
  return { order, missing, cycle };
}

/** The `_patch.` convention: `deployment_patch.yaml` patches `deployment.yaml`; undefined for a plain file. */
export function patchTarget(name: string): string | undefined {
  return name.includes('_patch.') ? name.replace('_patch.', '.') : undefined;
}

/** The existing file an overlay file named `name` stands for, if any. */
export function matchingFile(name: string, files: readonly string[]): string | undefined {
  if (files.includes(name)) return name;
  const last = baseName(name);
  return [...files].sort().find((f) => baseName(f) === last);
}
