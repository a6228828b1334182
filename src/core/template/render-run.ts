/**
 * What operator-registry's `action.Render.Run` does to each reference it reads (alpha/action/render.go)
 * before `opm render` writes it: every bundle's olm.bundle.object and olm.csv.metadata properties
 * moved after the others (each group in its order), its related images sorted by image, then the
 * migrations up to `--migrate-level`.
 */
import type { DeclarativeConfig, DeclBundle } from '../declcfg/types';
import { compareGoStrings } from '../gojson';
import { migrateBundle, type MigrateLevel } from './migrate-level';

const OBJECT_TYPES = new Set(['olm.bundle.object', 'olm.csv.metadata']);

function runBundle(b: DeclBundle, level: MigrateLevel): DeclBundle {
  const others = b.properties.filter((p) => !OBJECT_TYPES.has(p.type));
  const objects = b.properties.filter((p) => OBJECT_TYPES.has(p.type));
  // Go's sort.Slice; stable here (for up to 12 images Go's insertion sort agrees).
  const relatedImages = [...b.relatedImages].sort((x, y) => compareGoStrings(x.image, y.image));
  return migrateBundle({ ...b, properties: [...others, ...objects], relatedImages }, level);
}

/** The reference's config as Run hands it to the writer. */
export function renderRun(dc: DeclarativeConfig, level: MigrateLevel): DeclarativeConfig {
  return { ...dc, bundles: dc.bundles.map((b) => runBundle(b, level)) };
}
