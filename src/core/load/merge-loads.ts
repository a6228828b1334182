/**
 * Combining per-file loads into one catalog load. Apart from load-catalog.ts (which reads a whole
 * source, `.indexignore` included) because the catalog worker merges the files it read itself.
 */
import { emptyDeclarativeConfig, type DeclarativeConfig } from '../declcfg/types';
import type { FileLoad, LoadedFile, LoadError, LoadResult } from './types';

/** Combine per-file loads (given in walk order) into one result. Cheap: arrays are concatenated. */
export function mergeFileLoads(loads: readonly FileLoad[], ignored: string[] = []): LoadResult {
  const dc: DeclarativeConfig = emptyDeclarativeConfig();
  const errors: LoadError[] = [];
  const files = new Map<string, LoadedFile>();
  const order: string[] = [];
  for (const l of loads) {
    const d = l.dc;
    for (const x of d.packages) dc.packages.push(x);
    for (const x of d.channels) dc.channels.push(x);
    for (const x of d.bundles) dc.bundles.push(x);
    for (const x of d.deprecations) dc.deprecations.push(x);
    for (const x of d.others) dc.others.push(x);
    for (const e of l.errors) errors.push(e);
    files.set(l.file.path, l.file);
    order.push(l.file.path);
  }
  return { dc, errors, files, ignored, order };
}
