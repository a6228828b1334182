/**
 * Which view a catalog opens on when the link names none: the demo on its most telling graph, a
 * catalog of one package on that package, anything else (a repository: its overview) on the
 * overview. Plain data, so a test can check the demo still has what makes its graph telling.
 */
import type { View } from '../state/url';

/**
 * aurora-operator's `fast` channel: on four bundles it draws each kind of upgrade edge — 1.2.0
 * replaces 1.1.0, 1.3.0 replaces 1.2.0, skips 1.1.0 and has a skipRange over 1.1.0–1.3.0 — beside a
 * deprecated package channel (`candidate`), readable at its first zoom.
 */
export const DEMO_FIRST_VIEW = { pkg: 'aurora-operator', ch: 'fast' } as const satisfies View;

export interface OpenedCatalog {
  demo: boolean;
  /** A repository's catalog (its overview is the first view). */
  inRepository: boolean;
  packages: readonly { name: string; defaultChannel: string }[];
}

export function firstView(c: OpenedCatalog): View | undefined {
  if (c.inRepository) return undefined;
  if (c.demo && c.packages.some((p) => p.name === DEMO_FIRST_VIEW.pkg)) return { ...DEMO_FIRST_VIEW };
  const only = c.packages.length === 1 ? c.packages[0] : undefined;
  return only ? { pkg: only.name, ...(only.defaultChannel && { ch: only.defaultChannel }) } : undefined;
}
