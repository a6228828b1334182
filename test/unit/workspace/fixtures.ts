/** Small repositories in memory: one package rendered per OpenShift version, templates, CI files. */
import { MemorySource } from '../../../src/core/source/memory';

export interface PkgOpts {
  pkg?: string;
  versions?: string[];
  channel?: string;
  registry?: string;
  /** Extra properties per bundle version. */
  props?: Record<string, { type: string; value: unknown }[]>;
}

export function image(version: string, pkg = 'foo', registry = 'quay.io/acme'): string {
  return `${registry}/${pkg}-bundle@sha256:${version.replace(/\D/g, '').padStart(64, '0')}`;
}

/** A valid catalog of one package as a JSON stream (opm's own rendering style). */
export function catalogJson(o: PkgOpts = {}): string {
  const pkg = o.pkg ?? 'foo';
  const versions = o.versions ?? ['0.1.0', '0.2.0'];
  const channel = o.channel ?? 'stable';
  const blobs: unknown[] = [{ schema: 'olm.package', name: pkg, defaultChannel: channel }];
  blobs.push({
    schema: 'olm.channel',
    package: pkg,
    name: channel,
    entries: versions.map((v, i) =>
      i === 0 ? { name: `${pkg}.v${v}` } : { name: `${pkg}.v${v}`, replaces: `${pkg}.v${versions[i - 1]}` },
    ),
  });
  for (const v of versions) {
    blobs.push({
      schema: 'olm.bundle',
      package: pkg,
      name: `${pkg}.v${v}`,
      image: image(v, pkg, o.registry),
      properties: [{ type: 'olm.package', value: { packageName: pkg, version: v } }, ...(o.props?.[v] ?? [])],
    });
  }
  return blobs.map((b) => JSON.stringify(b, null, 2)).join('\n') + '\n';
}

/**
 * foo 0.1.0, 0.2.0 and 0.3.0 linked by skips alone (0.2.0 skips 0.1.0, 0.3.0 skips 0.2.0): opm passes
 * it, and our `skips-only` warns once, on 0.3.0, whose skips leave 0.1.0 out (0.2.0 skips all before it).
 */
export function skippingCatalogJson(): string {
  return catalogJson({ versions: ['0.1.0', '0.2.0', '0.3.0'] })
    .replace('"replaces": "foo.v0.1.0"', '"skips": ["foo.v0.1.0"]')
    .replace('"replaces": "foo.v0.2.0"', '"skips": ["foo.v0.2.0"]');
}

/** The same catalog split one blob per file (stolostron's layout), keyed by path under `dir`. */
export function catalogSplit(dir: string, o: PkgOpts = {}): Record<string, string> {
  const blobs = catalogJson(o)
    .split(/\n(?=\{)/)
    .map((t) => JSON.parse(t) as { schema: string; name: string });
  const out: Record<string, string> = {};
  for (const b of blobs) {
    const where =
      b.schema === 'olm.package'
        ? 'package.yaml'
        : b.schema === 'olm.channel'
          ? `channels/channel-${b.name}.yaml`
          : `bundles/bundle-${b.name}.yaml`;
    out[`${dir}/${where}`] = JSON.stringify(b) + '\n';
  }
  return out;
}

export function basicTemplate(o: PkgOpts = {}): string {
  const pkg = o.pkg ?? 'foo';
  const versions = o.versions ?? ['0.1.0', '0.2.0'];
  const lines = [
    'schema: olm.template.basic',
    'entries:',
    `  - {schema: olm.package, name: ${pkg}, defaultChannel: stable}`,
    `  - schema: olm.channel`,
    `    package: ${pkg}`,
    `    name: stable`,
    `    entries:`,
    ...versions.map((v) => `      - {name: ${pkg}.v${v}}`),
    ...versions.map((v) => `  - {schema: olm.bundle, image: "${image(v, pkg, o.registry)}"}`),
  ];
  return lines.join('\n') + '\n';
}

/** The spelling every real semver template uses: capitalised keys. */
export function semverTemplate(o: PkgOpts = {}): string {
  const pkg = o.pkg ?? 'foo';
  const versions = o.versions ?? ['0.1.0', '0.2.0'];
  return (
    [
      'Schema: olm.semver',
      'GenerateMajorChannels: false',
      'GenerateMinorChannels: true',
      'Stable:',
      '  Bundles:',
      ...versions.map((v) => `  - Image: ${image(v, pkg, o.registry)}`),
    ].join('\n') + '\n'
  );
}

export const LICENSE =
  '                                 Apache License\n                           Version 2.0, January 2004\n';
export const CATSRC =
  'apiVersion: operators.coreos.com/v1alpha1\nkind: CatalogSource\nmetadata:\n  name: testindex\nspec:\n  sourceType: grpc\n  image: <imageurl>\n';
export const TEKTON =
  'apiVersion: tekton.dev/v1\nkind: PipelineRun\nmetadata:\n  name: fbc-on-push\nspec:\n  pipelineRef:\n    name: fbc-builder\n';
export const RENOVATE =
  '{\n  "$schema": "https://docs.renovatebot.com/renovate-schema.json",\n  "extends": ["config:base"]\n}\n';

export function repo(files: Record<string, string>): MemorySource {
  return new MemorySource(files, 'repo');
}
