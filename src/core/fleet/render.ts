/**
 * The Bundle resource of a bundle directory. For fleet.yaml it is built while reading
 * (open-fleet-yaml.ts); for the bundle.yaml layout, the flt tool's: the descriptor's fields as its
 * spec (name, labels and annotations to metadata), every file embedded as a resource with its path
 * normalised (manifests/, kustomize/, chart/), overlays with their files relative to
 * overlays/<name>/, targets with Fleet's default names.
 */
import { stringify } from 'yaml';
import type { BundleResource, FleetBundle } from './types';

const SPEC_FIELDS = [
  'defaultNamespace',
  'kustomizeDir',
  'timeoutSeconds',
  'values',
  'paused',
  'rolloutStrategy',
];

function embedded(r: BundleResource) {
  return { name: r.name, ...(r.encoding ? { encoding: r.encoding } : {}), content: r.content };
}

export function renderBundle(b: FleetBundle): Record<string, unknown> {
  // fleet.yaml: the Bundle fleet apply built while reading the folder.
  if (b.bundle) return b.bundle;
  const s = b.spec;
  const metadata: Record<string, unknown> = { name: b.name };
  if (s.labels && typeof s.labels === 'object') metadata.labels = s.labels;
  if (s.annotations && typeof s.annotations === 'object') metadata.annotations = s.annotations;
  const spec: Record<string, unknown> = {};
  for (const f of SPEC_FIELDS) if (s[f] !== undefined && s[f] !== null) spec[f] = s[f];
  spec.resources = b.resources.map(embedded);
  if (b.overlays.length > 0) {
    spec.overlays = b.overlays.map((o) => ({
      name: o.name,
      ...(o.overlays.length ? { overlays: o.overlays } : {}),
      ...(o.defaultNamespace ? { defaultNamespace: o.defaultNamespace } : {}),
      ...(o.kustomizeDir ? { kustomizeDir: o.kustomizeDir } : {}),
      ...(o.timeoutSeconds !== undefined ? { timeoutSeconds: o.timeoutSeconds } : {}),
      ...(o.values ? { values: o.values } : {}),
      resources: o.resources.map(embedded),
    }));
  }
  if (b.targets.length > 0) {
    const written = (
      Array.isArray(s.targets)
        ? s.targets
        : Array.isArray(s.targetCustomizations)
          ? s.targetCustomizations
          : []
    ) as Record<string, unknown>[];
    spec.targets = b.targets.map((t) => ({ ...written[t.index], name: t.name }));
  }
  return { apiVersion: 'fleet.cattle.io/v1alpha1', kind: 'Bundle', metadata, spec };
}

/** As sigs.k8s.io/yaml writes it (through JSON: keys sorted). */
export function renderBundleYaml(b: FleetBundle): string {
  return stringify(renderBundle(b), {
    lineWidth: 0,
    sortMapEntries: b.layout === 'fleet',
    aliasDuplicateObjects: false,
  });
}
