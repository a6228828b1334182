/** Fragments written for the pack tests: one package, YAML, each blob's lines known. */
import { MemorySource } from '../../../src/core/source/memory';
import type { PolicyPack } from '../../../src/core/policy';
import { runPack, type PolicyInputs } from '../../../src/core/policy';
import { checkWorkspace, discoverWorkspace, repoRelative } from '../../../src/core/workspace';

export const DIGEST = 'a'.repeat(64);

export interface BundleSpec {
  version: string;
  image?: string;
  /** Property types beyond olm.package, each with an empty-ish value. */
  props?: string[];
}

function propYaml(type: string): string {
  if (type === 'olm.bundle.object') return `  - type: olm.bundle.object\n    value:\n      data: e30=\n`;
  if (type === 'olm.csv.metadata') return `  - type: olm.csv.metadata\n    value:\n      displayName: Foo\n`;
  return `  - type: ${type}\n    value: {}\n`;
}

/** package, one channel `channel` with the bundles in order, then the bundles. */
export function fragment(bundles: BundleSpec[], channel = 'stable', pkg = 'foo'): string {
  let out = `---\nschema: olm.package\nname: ${pkg}\ndefaultChannel: ${channel}\n`;
  out += `---\nschema: olm.channel\npackage: ${pkg}\nname: ${channel}\nentries:\n`;
  bundles.forEach((b, i) => {
    out += `  - name: ${pkg}.v${b.version}\n`;
    if (i > 0) out += `    replaces: ${pkg}.v${bundles[i - 1]?.version}\n`;
  });
  for (const b of bundles) {
    const image = b.image ?? `registry.redhat.io/acme/foo-bundle@sha256:${DIGEST}`;
    out += `---\nschema: olm.bundle\npackage: ${pkg}\nname: ${pkg}.v${b.version}\nimage: ${image}\nproperties:\n`;
    out += `  - type: olm.package\n    value:\n      packageName: ${pkg}\n      version: ${b.version}\n`;
    for (const t of b.props ?? []) out += propYaml(t);
  }
  return out;
}

/** Every finding of `pack` on the repository, as `rule file:line:col message`. */
export async function packLines(
  files: Record<string, string>,
  pack: PolicyPack,
  inputs: PolicyInputs = {},
): Promise<string[]> {
  const d = await discoverWorkspace(new MemorySource(files));
  const checked = checkWorkspace(d);
  return checked.catalogs.flatMap(({ catalog, checked: c }) =>
    runPack(pack, catalog, c, inputs).map((raw) => {
      const x = repoRelative(catalog, raw);
      const at = x.location ? ` ${x.location.file}:${x.location.start.line}:${x.location.start.column}` : '';
      return `${x.severity} ${x.rule}${at} ${x.message}`;
    }),
  );
}
