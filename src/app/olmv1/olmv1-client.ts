/**
 * The client of the OLM v1 requests (loaded with the panel or the bundle section, never in the
 * initial JS): a pasted ClusterExtension resolved against the open catalog, a bundle's eligibility.
 */
import type { BundleOlmV1 } from '../../core/olmv1/bundle-in-catalog';
import type { Preview } from '../../core/olmv1/resolve';
import { catalogClient } from '../../worker/client';

export type { BundleOlmV1, Preview };

// One request serves both (the reply's type follows the request's kind).
export const previewClusterExtension = (yaml: string, installed: string | null): Promise<Preview> =>
  catalogClient().olmv1({ kind: 'preview', yaml, installed }) as Promise<Preview>;

export const bundleOlmV1 = (pkg: string, name: string, channel?: string): Promise<BundleOlmV1 | null> =>
  catalogClient().olmv1({
    kind: 'bundle',
    pkg,
    name,
    ...(channel ? { channel } : {}),
  }) as Promise<BundleOlmV1 | null>;
