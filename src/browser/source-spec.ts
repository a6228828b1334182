import type { CatalogSource } from '../core/source/types';
import { DemoSource } from './demo-source';
import { FilesSource, type RootedFile } from './files-source';
import { HandleSource } from './handle-source';

/**
 * How the UI tells the worker where a catalog is. Every variant is structured-cloneable:
 * directory handles and File objects cross postMessage as they are.
 */
export type SourceSpec =
  | { kind: 'handle'; handle: FileSystemDirectoryHandle }
  | { kind: 'files'; name: string; files: RootedFile[] }
  /** `baseUrl`: absolute URL of the demo folder (holding manifest.json). */
  | { kind: 'demo'; baseUrl: string };

export function sourceFromSpec(spec: SourceSpec): CatalogSource {
  switch (spec.kind) {
    case 'handle':
      return new HandleSource(spec.handle);
    case 'files':
      return new FilesSource(spec.files, spec.name);
    case 'demo':
      return new DemoSource(spec.baseUrl);
  }
}
