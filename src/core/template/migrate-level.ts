import { csvMetadataValue } from '../bundle/csv-metadata';
import type { MigrateLevel } from '../bundle/render';
import type { DeclBundle, DeclarativeConfig } from '../declcfg/types';
import { goQuote } from '../gojson';
import { decodeBundleObjects, findCsv } from '../load';

/**
 * opm's `--migrate-level` (operator-registry alpha/action/migrations, as of the release named in
 * PARITY_RELEASE): the migrations run in order up to and including the level named. `none` changes
 * nothing; `bundle-object-to-csv-metadata` replaces a bundle's `olm.bundle.object` properties by
 * one `olm.csv.metadata` built from its CSV. Without the flag opm runs no migration at all, which
 * renders as `none` does.
 */

export type { MigrateLevel };

export const MIGRATE_LEVELS: readonly MigrateLevel[] = ['none', 'bundle-object-to-csv-metadata'];

export { PARITY_RELEASE } from './parity';

export function isMigrateLevel(s: string): s is MigrateLevel {
  return (MIGRATE_LEVELS as readonly string[]).includes(s);
}

/**
 * migrations.NewMigrations(name): the last level the name runs, or undefined for a name opm does not
 * know. `all` (migrations.AllMigrations, also what render's deprecated `--migrate` asks for) runs
 * every migration there is, so it is the last level.
 */
export function migrateLevelNamed(name: string): MigrateLevel | undefined {
  if (name === 'all') return 'bundle-object-to-csv-metadata';
  return isMigrateLevel(name) ? name : undefined;
}

/** migrations.NewMigrations' error for a level it does not know. */
export function unknownMigrateLevel(name: string): string {
  return `unknown migration level ${goQuote(name)}`;
}

/**
 * The bundle as opm writes it after the migrations up to `level`. A bundle that already carries
 * olm.csv.metadata, or whose CSV is not in its olm.bundle.object properties, is left as it is (opm
 * needs the image and the CSV to convert; offline the CSV is the one the catalog kept).
 */
export function migrateBundle(b: DeclBundle, level: MigrateLevel): DeclBundle {
  if (level === 'none') return b;
  if (b.properties.some((p) => p.type === 'olm.csv.metadata')) return b;
  if (b.image === '') return b;
  // Decoding the CSV is the costly part; the render of each catalog and the comparison across
  // catalogs ask for the same bundle's migration.
  const known = migrated.get(b);
  if (known) return known;
  const csv = findCsv(decodeBundleObjects(b));
  const out: DeclBundle = csv
    ? {
        ...b,
        properties: [
          ...b.properties.filter((p) => p.type !== 'olm.bundle.object'),
          { type: 'olm.csv.metadata', value: csvMetadataValue(csv) },
        ],
      }
    : b;
  migrated.set(b, out);
  return out;
}

const migrated = new WeakMap<DeclBundle, DeclBundle>();

/** Which form a bundle is kept in: the evidence of the migrate level it was rendered at. */
export function bundleForm(b: DeclBundle): 'csv-metadata' | 'bundle-object' | 'neither' {
  if (b.properties.some((p) => p.type === 'olm.csv.metadata')) return 'csv-metadata';
  if (b.properties.some((p) => p.type === 'olm.bundle.object')) return 'bundle-object';
  return 'neither';
}

/** How many of a catalog's bundles are kept in each form. */
export function catalogForms(dc: DeclarativeConfig): { csvMetadata: number; bundleObject: number } {
  let csvMetadata = 0;
  let bundleObject = 0;
  for (const b of dc.bundles) {
    const f = bundleForm(b);
    if (f === 'csv-metadata') csvMetadata++;
    else if (f === 'bundle-object') bundleObject++;
  }
  return { csvMetadata, bundleObject };
}
