/**
 * The client of the "add a bundle folder" requests (loaded with the dialog, never in the initial
 * JS): is a dropped folder a bundle, and what would adding it do.
 */
import type { SourceSpec } from '../../browser/source-spec';
import type { NewBundleEntry } from '../../core/edit/actions/add-bundle';
import type { BundleDependencies, BundleInspection, PreviewGraph } from '../../protocol/catalog-protocol';
import { catalogClient } from '../../worker/client';

export const looksLikeBundle = (spec: SourceSpec): Promise<boolean> => catalogClient().bundleLooksLike(spec);

export const inspectBundle = (spec: SourceSpec, image: string): Promise<BundleInspection> =>
  catalogClient().bundleInspect(spec, image);

/** Each channel the new bundle would join, drawn with it added (nothing is written). */
export const previewBundleGraphs = (
  blob: Record<string, unknown>,
  entries: NewBundleEntry[],
): Promise<PreviewGraph[]> => catalogClient().bundlePreviewGraphs(blob, entries);

/** What a catalog bundle requires and which of the catalog's bundles provide each (null: no such bundle). */
export const bundleDependencies = (pkg: string, name: string): Promise<BundleDependencies | null> =>
  catalogClient().bundleDependencies(pkg, name);
