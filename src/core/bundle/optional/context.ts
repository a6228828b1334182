/** What an optional validator is given: the bundle, its CSV, and operator-sdk's `--optional-values`. */
import { tryParseVersion, type Version } from '../../semver';
import type { BundleDir, BundleManifest } from '../read-bundle';

export interface OptionalContext {
  dir: BundleDir;
  csv: BundleManifest;
  /** The CSV's metadata.name (manifests.Bundle.Name). */
  name: string;
  /** `--optional-values key=value` (k8s-version, index-path). */
  values: Readonly<Record<string, string>>;
  /** The file `index-path` names, as the caller read it (core reads no files). */
  indexImage?: IndexImageFile;
  /** The categories of the JSON file OPERATOR_BUNDLE_CATEGORIES names, as the caller read it. */
  customCategories?: CustomCategories;
}

/** operatorhub.go extractCategories: the file's `categories` list, or its error text. */
export interface CustomCategories {
  categories?: string[];
  error?: string;
}

/** What reading the index image's Dockerfile gave: its text, or why not (Go's os error text). */
export interface IndexImageFile {
  text?: string;
  /** `stat <path>: no such file or directory` and the like. */
  error?: string;
  isDirectory?: boolean;
}

/** blang/semver ParseTolerant: trims spaces and a leading "v", pads a missing minor or patch with 0. */
export function parseTolerant(s: string): Version | undefined {
  let t = s.trim().replace(/^v/, '');
  const core = t.split(/[-+]/, 1)[0] as string;
  const parts = core.split('.');
  if (parts.length < 3 && core !== '') t = core + '.0'.repeat(3 - parts.length) + t.slice(core.length);
  return tryParseVersion(t);
}

/** Go's `%+q` of a []string: `["a" "b"]`. */
export function goQuotedList(list: readonly string[]): string {
  return `[${list.map((s) => JSON.stringify(s)).join(' ')}]`;
}
