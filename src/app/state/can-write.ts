import type { CatalogSummary } from '../../core/service/views';

/**
 * Whether edits can be written back to where the catalog came from: a folder opened with the
 * File System Access API, or one served read-write by `fbc-studio open`. Else they are downloaded.
 */
export const canWriteBack = (summary: CatalogSummary | null | undefined): boolean =>
  !!summary && (summary.kind === 'handle' || summary.kind === 'server') && !summary.readOnly;
