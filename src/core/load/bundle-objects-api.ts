/** Deferred olm.bundle.object checks for `bundleObjects: 'lazy'` loads, and decoding for the UI. */
import type { DeclarativeConfig } from '../declcfg/types';
import { bundleObjectProblems } from './bundle-objects';
import { locateIn } from './locate';
import type { LoadedFile, LoadError } from './types';

export { decodeBundleObjects, findCsv } from './bundle-objects';

/**
 * The deep R14/R15 pass over every bundle (what an eager load does inline). Pass the loaded files
 * to get line/column locations; without them each error points at line 1 of its file.
 */
export function checkBundleObjects(
  dc: DeclarativeConfig,
  files?: ReadonlyMap<string, LoadedFile>,
): LoadError[] {
  return bundleObjectProblems(dc).map(({ bundle, problem }) => {
    const path = ['properties', problem.index, 'value'];
    const file = files?.get(bundle.origin.file);
    const at = { line: 1, column: 1 };
    const location = file
      ? locateIn(file, bundle.origin, path)
      : { file: bundle.origin.file, start: at, end: at };
    return {
      rule: problem.rule,
      message: problem.message,
      file: bundle.origin.file,
      location,
      ref: { origin: bundle.origin, path },
    };
  });
}
