import type { CatalogSource } from '../core/source/types';
import { DemoSource } from './demo-source';
import type { RootedFile } from './files-source';

/**
 * How the UI tells the worker where a catalog is. Every variant is structured-cloneable:
 * directory handles and File objects cross postMessage as they are.
 */
export type SourceSpec =
  | { kind: 'handle'; handle: FileSystemDirectoryHandle }
  | { kind: 'files'; name: string; files: RootedFile[] }
  /** `baseUrl`: absolute URL of the demo folder (holding manifest.json). */
  | { kind: 'demo'; baseUrl: string }
  /**
   * The folder `fbc-studio open` serves (src/server): `baseUrl` is the app's origin, `id` names
   * the folder across runs (drafts are kept by it), `readOnly` is the server's word.
   */
  | { kind: 'server'; baseUrl: string; name: string; id: string; readOnly: boolean };

/**
 * The source for a spec. Folder and file sources load with the first catalog of their kind: the app
 * starts on the demo catalog, and the worker's first chunk counts toward the initial-JS budget.
 */
export async function sourceFromSpec(spec: SourceSpec): Promise<CatalogSource> {
  switch (spec.kind) {
    case 'handle': {
      const { HandleSource } = await import('./handle-source');
      return new HandleSource(spec.handle);
    }
    case 'files': {
      const { FilesSource } = await import('./files-source');
      return new FilesSource(spec.files, spec.name);
    }
    case 'demo':
      return new DemoSource(spec.baseUrl);
    case 'server': {
      const { ServerSource } = await import('./server-source');
      return new ServerSource(spec.baseUrl, spec.name, spec.readOnly);
    }
  }
}
