/**
 * The client of the "add a bundle folder" requests (loaded with the dialog, never in the initial
 * JS): is a dropped folder a bundle, and what would adding it do.
 */
import type { SourceSpec } from '../../browser/source-spec';
import type { BundleInspection } from '../../protocol/catalog-protocol';
import { catalogClient } from '../../worker/client';

export const looksLikeBundle = (spec: SourceSpec): Promise<boolean> => catalogClient().bundleLooksLike(spec);

export const inspectBundle = (spec: SourceSpec, image: string): Promise<BundleInspection> =>
  catalogClient().bundleInspect(spec, image);
