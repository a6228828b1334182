/**
 * Small catalogs written as FBC YAML for the path, impact and export tests, opened through the
 * real CatalogService (loader, model, validation) like the worker does.
 */
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';

export interface Entry {
  name: string;
  version: string;
  replaces?: string;
  skips?: string[];
  skipRange?: string;
}

export interface PackageSpec {
  name: string;
  defaultChannel?: string;
  channels: Record<string, Entry[]>;
  /** Bundle name → deprecation message. */
  deprecatedBundles?: Record<string, string>;
}

const q = (s: string) => JSON.stringify(s);

function entryYaml(e: Entry): string {
  const parts = [`name: ${q(e.name)}`];
  if (e.replaces) parts.push(`replaces: ${q(e.replaces)}`);
  if (e.skips) parts.push(`skips: [${e.skips.map(q).join(', ')}]`);
  if (e.skipRange) parts.push(`skipRange: ${q(e.skipRange)}`);
  return `  - {${parts.join(', ')}}`;
}

/** One file holding the package, its channels, a bundle per distinct entry and its deprecations. */
export function packageYaml(p: PackageSpec): string {
  const docs: string[] = [];
  const channels = Object.entries(p.channels);
  docs.push(`schema: olm.package\nname: ${p.name}\ndefaultChannel: ${p.defaultChannel ?? channels[0]![0]}`);
  for (const [name, entries] of channels) {
    docs.push(
      `schema: olm.channel\npackage: ${p.name}\nname: ${name}\nentries:\n${entries.map(entryYaml).join('\n')}`,
    );
  }
  const versions = new Map<string, string>();
  for (const entries of Object.values(p.channels)) for (const e of entries) versions.set(e.name, e.version);
  for (const [name, version] of versions) {
    docs.push(
      `schema: olm.bundle\npackage: ${p.name}\nname: ${name}\nimage: example.com/${p.name}-bundle:${version}\n` +
        `properties:\n  - type: olm.package\n    value: {packageName: ${p.name}, version: ${q(version)}}`,
    );
  }
  const deps = Object.entries(p.deprecatedBundles ?? {});
  if (deps.length > 0) {
    docs.push(
      `schema: olm.deprecations\npackage: ${p.name}\nentries:\n` +
        deps
          .map(([n, m]) => `  - {reference: {schema: olm.bundle, name: ${q(n)}}, message: ${q(m)}}`)
          .join('\n'),
    );
  }
  return docs.join('\n---\n') + '\n';
}

export async function openFiles(files: Record<string, string | Uint8Array>): Promise<CatalogService> {
  const service = new CatalogService();
  await service.open(new MemorySource(files, 'test'), { kind: 'files', readOnly: true });
  return service;
}

/** fbc-rules §5 worked example, channel `stable` (head first), with three-part versions. */
export const WORKED: PackageSpec = {
  name: 'op',
  channels: {
    stable: [
      { name: 'op.v1.3.0', version: '1.3.0', replaces: 'op.v1.2.0', skips: ['op.v1.1.0', 'op.v1.0.0'] },
      { name: 'op.v1.2.0', version: '1.2.0', replaces: 'op.v1.1.0' },
      { name: 'op.v1.1.0', version: '1.1.0' },
      { name: 'op.v1.0.0', version: '1.0.0' },
    ],
  },
};
