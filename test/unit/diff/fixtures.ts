/**
 * Catalog pairs written for the diff tests: small enough to work out the expected diff and impact
 * by hand, loaded through the real loader and model conversion.
 */
import { loadDiffSide } from '../../../src/core/diff/load-side';
import type { Model } from '../../../src/core/model/types';
import { MemorySource } from '../../../src/core/source/memory';

export function bundle(pkg: string, name: string, image?: string, extra = ''): string {
  const version = /v(\d+\.\d+\.\d+)$/.exec(name)?.[1] ?? '0.0.0';
  return `---
schema: olm.bundle
package: ${pkg}
name: ${name}
image: ${image ?? `quay.io/${pkg}/bundle:v${version}`}
properties:
- type: olm.package
  value: {packageName: ${pkg}, version: ${version}}
${extra}`;
}

/** The catalog before: etcd (default channel fast), a package that stays as it is and one that goes. */
export const OLD = {
  'etcd/catalog.yaml': `---
schema: olm.package
name: etcd
defaultChannel: fast
---
schema: olm.channel
package: etcd
name: stable
entries:
- name: etcd.v0.9.0
- name: etcd.v1.0.0
  replaces: etcd.v0.9.0
- name: etcd.v1.1.0
  replaces: etcd.v1.0.0
- name: etcd.v1.2.0
  replaces: etcd.v1.1.0
---
schema: olm.channel
package: etcd
name: fast
entries:
- name: etcd.v1.2.0
${['etcd.v0.9.0', 'etcd.v1.0.0', 'etcd.v1.1.0', 'etcd.v1.2.0'].map((n) => bundle('etcd', n)).join('')}`,
  'same/catalog.yaml': `---
schema: olm.package
name: same
defaultChannel: stable
---
schema: olm.channel
package: same
name: stable
entries:
- name: same.v1.0.0
${bundle('same', 'same.v1.0.0')}`,
  'gone/catalog.yaml': `---
schema: olm.package
name: gone
defaultChannel: stable
---
schema: olm.channel
package: gone
name: stable
entries:
- name: gone.v1.0.0
${bundle('gone', 'gone.v1.0.0')}`,
};

/**
 * After: v0.9.0 and v1.0.0 pruned, v1.1.0 re-tagged, v1.2.0 deprecated with a max OpenShift version
 * and skipping v1.0.0, v1.3.0 the new head, channel fast (the default) gone, package fresh added.
 */
export const NEW = {
  'etcd/catalog.yaml': `---
schema: olm.package
name: etcd
defaultChannel: stable
---
schema: olm.channel
package: etcd
name: stable
entries:
- name: etcd.v1.1.0
  replaces: etcd.v1.0.0
- name: etcd.v1.2.0
  replaces: etcd.v1.1.0
  skips: [etcd.v1.0.0]
- name: etcd.v1.3.0
  replaces: etcd.v1.2.0
${bundle('etcd', 'etcd.v1.1.0', 'quay.io/etcd/bundle:v1.1.0-respin')}${bundle(
    'etcd',
    'etcd.v1.2.0',
    undefined,
    `- type: olm.maxOpenShiftVersion
  value: "4.18"
`,
  )}${bundle('etcd', 'etcd.v1.3.0')}---
schema: olm.deprecations
package: etcd
entries:
- reference: {schema: olm.bundle, name: etcd.v1.2.0}
  message: etcd.v1.2.0 has a data-loss bug
`,
  'same/catalog.yaml': OLD['same/catalog.yaml'],
  'fresh/catalog.yaml': `---
schema: olm.package
name: fresh
defaultChannel: alpha
---
schema: olm.channel
package: fresh
name: alpha
entries:
- name: fresh.v0.1.0
${bundle('fresh', 'fresh.v0.1.0')}`,
};

export async function model(files: Record<string, string>): Promise<Model> {
  const side = await loadDiffSide(new MemorySource(files));
  if (side.problem) throw new Error(side.problem);
  return side.model;
}
