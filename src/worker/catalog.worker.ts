/**
 * The catalog worker: the only place the catalog is parsed and validated. It is a thin comlink
 * shell around CatalogService (plain, DOM-free, unit-tested in Node); the only browser-specific
 * step is turning a SourceSpec (handle, files, demo URL) into a CatalogSource.
 */
import * as Comlink from 'comlink';
import { sourceFromSpec, type SourceSpec } from '../browser/source-spec';
import { CatalogService } from '../core/service/catalog-service';
import type { LoadProgress } from '../core/service/views';

const service = new CatalogService();

const api = {
  open(spec: SourceSpec, onProgress?: (p: LoadProgress) => void) {
    return service.open(sourceFromSpec(spec), {
      kind: spec.kind,
      readOnly: spec.kind !== 'handle',
      onProgress,
    });
  },
  cancel: () => service.cancel(),
  getSummary: () => service.getSummary(),
  getPackageList: () => service.getPackageList(),
  getPackage: (name: string) => service.getPackage(name),
  getChannel: (pkg: string, channel: string) => service.getChannel(pkg, channel),
  getChannelGraph: (pkg: string, channel: string) => service.getChannelGraph(pkg, channel),
  getPackageGraph: (pkg: string) => service.getPackageGraph(pkg),
  getBundle: (pkg: string, name: string) => service.getBundle(pkg, name),
  getDiagnostics: () => service.getDiagnostics(),
  getFile: (path: string) => service.getFile(path),
  updateFile: (path: string, text: string) => service.updateFile(path, text),
};

export type CatalogWorkerApi = typeof api;

Comlink.expose(api);
