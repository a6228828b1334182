/**
 * The repository configuration (`.fbc-studio.yaml` at the repository root, its JSON Schema in
 * schema/fbc-studio-config.schema.json): what a repository's layout cannot say. Top-level keys are
 * one concern each, so later ones slot in beside these without touching them: the pipeline policy
 * pack to run (`policy: konflux|community|none`), registry settings for pulling images (beside
 * `mirrors`, which already has the ImageDigestMirrorSet shape a registry client reads). A new key is
 * one property in the schema, one name in parse.ts's TOP, one field here.
 */
import type { Diagnostic } from '../diagnostics';
import type { SourceRange } from '../location';
import type { PolicyChoice } from '../policy/types';

/** The file's name at the repository root. */
export const REPO_CONFIG_FILE = '.fbc-studio.yaml';

/** The `apiVersion` this build reads. */
export const REPO_CONFIG_API_VERSION = 'fbc-studio/v1';

/** opm alpha render-template's `--migrate-level` values. */
export type MigrateLevel = 'none' | 'bundle-object-to-csv-metadata';

export const MIGRATE_LEVELS: readonly MigrateLevel[] = ['none', 'bundle-object-to-csv-metadata'];

/** What a catalog's path does not say: its OpenShift version, its migrate level. */
export interface CatalogPin {
  /** Exact repository-relative path of the catalog, or a glob (`*`, `**`, `?`). */
  path: string;
  ocpVersion?: string;
  migrateLevel?: MigrateLevel;
}

/** One ImageDigestMirrorSet `imageDigestMirrors` entry: `source`'s digests are also under each mirror. */
export interface ImageMirror {
  source: string;
  mirrors: string[];
}

/** A finding of ours accepted on purpose: a rule, optional scopes (exact or glob), and why. */
export interface AcceptedEntry {
  rule: string;
  catalog?: string;
  package?: string;
  channel?: string;
  bundle?: string;
  reason: string;
  /** Where the entry is written (for "accepted by .fbc-studio.yaml:12"). */
  location: SourceRange;
}

export interface RepoConfig {
  /** The file, repository-relative. */
  path: string;
  catalogs: CatalogPin[];
  mirrors: ImageMirror[];
  /** Only entries that are complete and name a rule of ours: the others are findings instead. */
  accepted: AcceptedEntry[];
  /** The pipeline policy pack to run (`policy:`); absent: inferred from the repository's pipelines. */
  policy?: PolicyChoice;
  /** What is wrong in the file, each at its line and column (rule group `repo-config`). */
  findings: Diagnostic[];
}

/** How an accepted finding is marked in every output: the entry's reason and where it is. */
export interface Acceptance {
  reason: string;
  /** `file:line` of the entry that accepts it. */
  by: string;
}
