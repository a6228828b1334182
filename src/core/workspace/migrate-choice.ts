/**
 * The migrate level a catalog's own pipeline renders it at. Repositories keep one template for
 * several OpenShift versions and render it with `opm alpha render-template --migrate-level
 * bundle-object-to-csv-metadata` from 4.17 on (Konflux's validate-fbc and the community pipeline
 * refuse olm.bundle.object there), without it before. So the level is read, in this order, from an
 * explicit setting, from the catalog itself (the form its bundles are kept in), from its OpenShift
 * version; and a bundle the catalog holds is judged at the form the catalog keeps it in.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import { imageDigest, type ResolvedImage } from '../template/bundle-resolver';
import { bundleForm, catalogForms, type MigrateLevel } from '../template/migrate-level';
import { compareOcpVersions } from './ocp-version';

/** The first OpenShift version whose catalogs the pipelines require to hold olm.csv.metadata. */
export const CSV_METADATA_FROM = '4.17';

export interface MigrateChoice {
  /** The level for bundles the catalog does not hold in either form. */
  level: MigrateLevel;
  /** Why, in words for a finding: `its bundles carry olm.csv.metadata`. */
  why: string;
  /** The level for one resolved image: the form the catalog keeps it in, else `level`. */
  forImage: (r: ResolvedImage) => MigrateLevel;
}

export interface ChoiceCatalog {
  dc: DeclarativeConfig;
  ocpVersion: string | null;
  /** An explicit level (the repository's configuration), which wins over everything read. */
  migrateLevel?: MigrateLevel;
}

function byVersion(ocpVersion: string | null): { level: MigrateLevel; why: string } {
  if (ocpVersion === null) return { level: 'none', why: 'no OpenShift version: opm without --migrate-level' };
  return compareOcpVersions(ocpVersion, CSV_METADATA_FROM) >= 0
    ? {
        level: 'bundle-object-to-csv-metadata',
        why: `OpenShift ${ocpVersion} ≥ ${CSV_METADATA_FROM}, where the pipelines require it`,
      }
    : { level: 'none', why: `OpenShift ${ocpVersion} < ${CSV_METADATA_FROM}` };
}

export function migrateChoice(c: ChoiceCatalog): MigrateChoice {
  if (c.migrateLevel) {
    const level = c.migrateLevel;
    return { level, why: 'set in the repository configuration', forImage: () => level };
  }
  const forms = catalogForms(c.dc);
  const { level, why } =
    forms.csvMetadata > 0 && forms.bundleObject === 0
      ? { level: 'bundle-object-to-csv-metadata' as const, why: 'its bundles carry olm.csv.metadata' }
      : forms.bundleObject > 0 && forms.csvMetadata === 0
        ? { level: 'none' as const, why: 'its bundles carry olm.bundle.object' }
        : forms.bundleObject > 0
          ? { ...byVersion(c.ocpVersion), why: 'each bundle at the form the catalog keeps it in' }
          : byVersion(c.ocpVersion);
  // A mixed catalog: each bundle it holds is judged in its own form.
  const own = new Map<string, MigrateLevel>();
  if (forms.bundleObject > 0 && forms.csvMetadata > 0) {
    for (const b of c.dc.bundles) {
      const f = bundleForm(b);
      if (f === 'neither' || !b.image) continue;
      const l: MigrateLevel = f === 'csv-metadata' ? 'bundle-object-to-csv-metadata' : 'none';
      own.set(b.image, l);
      const digest = imageDigest(b.image);
      if (digest) own.set(digest, l);
    }
  }
  return {
    level,
    why,
    forImage: (r) =>
      own.get(r.image) ?? own.get(imageDigest(r.image) ?? '') ?? own.get(r.bundle.image) ?? level,
  };
}
