/** A repository open in the service: many catalogs, their templates, and views across them. */
export { looksLikeRepository } from './looks-like-repository';
export { openRepository, type RepositoryCatalogView, type RepositoryView } from './open-repository';
export {
  versionsMatrix,
  type VersionsMatrixView,
  type VersionsMatrixCell,
  type VersionsMatrixColumn,
} from './versions-matrix';
