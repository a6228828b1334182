/**
 * Catalogs of ours for the mirror filter's tests. `threeOperators` has the shape oc-mirror's and
 * catalog-filter's filtering tests describe for their test catalog (3scale-operator with channels
 * threescale-2.11, threescale-2.12 and threescale-mas, the default; devworkspace-operator with
 * fast; jaeger-product with stable; 38 bundles), re-created from what those tests assert: bundle
 * names, which channels hold them, Red Hat's `+build` versions, linear replaces chains.
 */
import { loadCatalog } from '../../../src/core/load';
import type { DeclarativeConfig } from '../../../src/core/declcfg/types';
import { MemorySource } from '../../../src/core/source/memory';
import type { IscChannel, IscOperator, IscPackage } from '../../../src/core/mirror/isc';

export interface PkgSpec {
  name: string;
  defaultChannel: string;
  /** name → version */
  bundles: Record<string, string>;
  /** channel → entries, head first; each replaces the next unless given as `name<skips,…` or with `|replaces` */
  channels: Record<string, string[]>;
  deprecations?: { schema: string; name: string }[];
}

function entry(text: string, next: string | undefined): Record<string, unknown> {
  const [nameAndSkips, replaces] = text.split('|') as [string, string | undefined];
  const [name, skips] = nameAndSkips.split('<') as [string, string | undefined];
  const e: Record<string, unknown> = { name };
  const r = replaces ?? next;
  if (r) e.replaces = r;
  if (skips) e.skips = skips.split(',');
  return e;
}

export function catalogText(pkgs: readonly PkgSpec[]): string {
  const blobs: unknown[] = [];
  for (const p of pkgs) {
    blobs.push({ schema: 'olm.package', name: p.name, defaultChannel: p.defaultChannel });
    for (const [ch, entries] of Object.entries(p.channels)) {
      const names = entries.map((e) => e.split(/[<|]/)[0] as string);
      blobs.push({
        schema: 'olm.channel',
        package: p.name,
        name: ch,
        entries: entries.map((e, i) => entry(e, e.includes('|') ? undefined : names[i + 1])),
      });
    }
    for (const [name, version] of Object.entries(p.bundles)) {
      blobs.push({
        schema: 'olm.bundle',
        package: p.name,
        name,
        image: `registry.example.com/${p.name}/bundle:v${version.replace(/\+/g, '_')}`,
        properties: [{ type: 'olm.package', value: { packageName: p.name, version } }],
      });
    }
    if (p.deprecations) {
      blobs.push({
        schema: 'olm.deprecations',
        package: p.name,
        entries: p.deprecations.map((reference) => ({ reference, message: 'deprecated' })),
      });
    }
  }
  return blobs.map((b) => JSON.stringify(b, null, 2)).join('\n');
}

export async function loadSpec(pkgs: readonly PkgSpec[]): Promise<DeclarativeConfig> {
  const load = await loadCatalog(new MemorySource({ 'catalog.json': catalogText(pkgs) }));
  return load.dc;
}

const T = '3scale-operator.v';
const t211 = [
  '0.8.4-0.1655690146.p:0.8.4+0.1655690146.p',
  '0.8.4:0.8.4',
  '0.8.3-0.1649688682.p:0.8.3+0.1649688682.p',
  '0.8.3-0.1646742992.p:0.8.3+0.1646742992.p',
  '0.8.3-0.1646619125.p:0.8.3+0.1646619125.p',
  '0.8.3-0.1645735250.p:0.8.3+0.1645735250.p',
  '0.8.3:0.8.3',
  '0.8.2:0.8.2',
  '0.8.1:0.8.1',
  '0.8.0-0.1634606167.p:0.8.0+0.1634606167.p',
  '0.8.0:0.8.0',
];
const t212 = ['0.9.1-0.1664967752.p:0.9.1+0.1664967752.p', '0.9.1:0.9.1', '0.9.0:0.9.0', ...t211];
const tmas = ['0.11.0-mas:0.11.0-mas', '0.10.0-mas:0.10.0-mas', '0.9.1-0.1664967752.p:0.9.1+0.1664967752.p'];
const D = 'devworkspace-operator.v';
const fast = [
  '0.19.1-0.1682321189.p:0.19.1+0.1682321189.p',
  '0.19.1-0.1679521112.p:0.19.1+0.1679521112.p',
  '0.19.1:0.19.1',
  '0.18.1-0.1675929565.p:0.18.1+0.1675929565.p',
  '0.18.1:0.18.1',
  '0.17.0:0.17.0',
  '0.16.0-0.1666668361.p:0.16.0+0.1666668361.p',
  '0.16.0:0.16.0',
  '0.15.2-0.1661828401.p:0.15.2+0.1661828401.p',
  '0.15.2:0.15.2',
  '0.14.1:0.14.1',
  '0.13.0:0.13.0',
  '0.12.0:0.12.0',
  '0.11.0:0.11.0',
  '0.10.0:0.10.0',
  '0.9.0:0.9.0',
];
const J = 'jaeger-operator.v';
const stable = [
  '1.51.0-1:1.51.0-1',
  '1.47.1-5:1.47.1-5',
  '1.42.0-5-0.1687199951.p:1.42.0-5+0.1687199951.p',
  '1.42.0-5:1.42.0-5',
  '1.34.1-5:1.34.1-5',
  '1.30.2:1.30.2',
];

const names = (prefix: string, list: readonly string[]) => list.map((x) => prefix + x.split(':')[0]);
const versions = (prefix: string, ...lists: (readonly string[])[]) =>
  Object.fromEntries(lists.flat().map((x) => [prefix + x.split(':')[0], x.split(':')[1] as string]));

export const threeOperators: PkgSpec[] = [
  {
    name: '3scale-operator',
    defaultChannel: 'threescale-mas',
    bundles: versions(T, t212, tmas),
    channels: {
      'threescale-2.11': names(T, t211),
      'threescale-2.12': names(T, t212),
      'threescale-mas': names(T, tmas),
    },
  },
  {
    name: 'devworkspace-operator',
    defaultChannel: 'fast',
    bundles: versions(D, fast),
    channels: { fast: names(D, fast) },
  },
  {
    name: 'jaeger-product',
    defaultChannel: 'stable',
    bundles: versions(J, stable),
    channels: { stable: names(J, stable) },
  },
];

/** An ISC `mirror.operators[]` entry, unset fields empty. */
type P = Partial<Omit<IscPackage, 'channels'>> & { name: string; channels?: Partial<IscChannel>[] };
export function op(packages: P[], full = false): IscOperator {
  return {
    catalog: 'registry.example.com/catalog:v1',
    full,
    packages: packages.map((p) => ({
      defaultChannel: '',
      minVersion: '',
      maxVersion: '',
      bundles: [],
      ...p,
      channels: (p.channels ?? []).map((c) => ({ name: '', minVersion: '', maxVersion: '', ...c })),
    })),
  };
}
