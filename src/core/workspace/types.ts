/**
 * A repository opened as a whole: the catalogs a maintainer passes to `opm validate`, the templates
 * they render from, and everything else (CI, Tekton, CatalogSources, LICENSE…), which is never an
 * error. Paths are relative to the opened folder, '/'-separated, '.' for the folder itself.
 */

import type { MigrateLevel, RepoConfig } from '../repo-config/types';
import type { TemplateSchema } from '../template/schemas';

export type { TemplateSchema };

export interface WorkspaceCatalog {
  /** The directory (or, when files in one folder each hold the same package, the file) opm validates. */
  path: string;
  /** The OpenShift version ('4.16'): pinned by the repository configuration, else read from the path; null when neither says. */
  ocpVersion: string | null;
  /** Files of this catalog, relative to the opened folder, in opm's walk order. */
  files: string[];
  /** opm's `--migrate-level` for rendering this catalog, when the repository configuration pins it. */
  migrateLevel?: MigrateLevel;
}

/** Which rule linked a template to its catalogs (how the repository says it). */
export type TemplateLink =
  'version-folder' | 'shared-folder' | 'ci-catalog-mapping' | 'bundle-images' | 'none';

export interface WorkspaceTemplate {
  path: string;
  schema: TemplateSchema;
  /** True for the pre-schema "veneer" form: plain FBC blobs whose bundles are only images. */
  veneer: boolean;
  /** Bundle images the template names, in file order. */
  images: string[];
  /** Catalog paths it is rendered into. */
  catalogs: string[];
  link: TemplateLink;
}

export interface WorkspaceConfig {
  path: string;
  kind: 'ci.yaml' | 'release-config.yaml';
  /** Template paths the file names (existing files only). */
  templates: string[];
}

/** A file that looks like catalog content but could not be parsed, outside every catalog. */
export interface WorkspaceStray {
  path: string;
  message: string;
}

export interface Workspace {
  /** True when the opened folder is itself one catalog: everything behaves as for `opm validate DIR`. */
  single: boolean;
  catalogs: WorkspaceCatalog[];
  templates: WorkspaceTemplate[];
  configs: WorkspaceConfig[];
  /** Files in no catalog that are not templates (configuration files are listed here too). */
  other: string[];
  strays: WorkspaceStray[];
  /** The repository configuration (`.fbc-studio.yaml` at the root), when there is one. */
  config?: RepoConfig;
}
