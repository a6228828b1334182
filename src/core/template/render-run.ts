/**
 * What opm's `Render.Run` (operator-registry alpha/action/render.go) does to the config of every
 * reference it renders, a catalog folder or image included, before writing it: each bundle's
 * olm.bundle.object and olm.csv.metadata properties moved after the others
 * (moveBundleObjectsToEndOfPropertySlices), its related images sorted by image, then the migrations
 * up to the level asked for. A bundle rendered from a bundle folder or image gets the same from
 * `bundle/render.ts`; this is the catalog's side.
 */
import type { DeclBundle, DeclarativeConfig } from '../declcfg/types';
import { compareGoStrings } from '../gojson';
import { migrateBundle, type MigrateLevel } from './migrate-level';

const OBJECT_TYPES = new Set(['olm.bundle.object', 'olm.csv.metadata']);

function renderRunBundle(b: DeclBundle, level: MigrateLevel): DeclBundle {
  const others = b.properties.filter((p) => !OBJECT_TYPES.has(p.type));
  const objects = b.properties.filter((p) => OBJECT_TYPES.has(p.type));
  // Go's sort.Slice is not stable; a stable sort gives one of its orders for equal images.
  const relatedImages = [...b.relatedImages].sort((x, y) => compareGoStrings(x.image, y.image));
  const moved = objects.length === 0 ? b.properties : [...others, ...objects];
  const changed =
    moved.some((p, i) => p !== b.properties[i]) || relatedImages.some((r, i) => r !== b.relatedImages[i]);
  return migrateBundle(changed ? { ...b, properties: moved, relatedImages } : b, level);
}

/** The config as Render.Run hands it to the writer (a new config; `dc` is not changed). */
export function renderRun(dc: DeclarativeConfig, level: MigrateLevel): DeclarativeConfig {
  return { ...dc, bundles: dc.bundles.map((b) => renderRunBundle(b, level)) };
}
