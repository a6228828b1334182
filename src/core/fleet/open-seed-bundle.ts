/**
 * Reading a bundle directory of the earlier layout, as the `flt` tool did (the seed document): the
 * descriptor bundle.yaml, the files under manifestsDir / kustomizeDir / chart with their paths
 * normalised to manifests/, kustomize/, chart/, and each overlay's files from overlays/<name>/. An
 * overlay folder not declared in the descriptor is an overlay with no options (so targets may name it).
 */
import type { Diagnostic } from '../diagnostics';
import { isRecord, parseYamlFile, str, type YamlDoc } from '../kube/yaml-docs';
import type { CatalogSource } from '../source/types';
import { baseName } from '../source/paths';
import { BUNDLE_FIELDS, checkFields, OVERLAY_FIELDS, RESOURCE_FIELDS, TARGET_FIELDS } from './descriptor';
import { readSelector } from './selector';
import type { BundleResource, FleetBundle, Overlay, Target } from './types';
import { checkBundle } from './check-bundle';

export const SEED_DESCRIPTOR = 'bundle.yaml';

function clean(dir: string): string {
  return dir.replace(/^\.\//, '').replace(/\/+$/, '');
}

function decode(bytes: Uint8Array): { content: string; encoding?: 'base64' } {
  try {
    return { content: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    return { content: btoa(bin), encoding: 'base64' };
  }
}

function inlineResources(
  doc: YamlDoc,
  list: unknown,
  path: (string | number)[],
  out: Diagnostic[],
): BundleResource[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((r: unknown, i) => {
    checkFields(doc, r, [...path, i], RESOURCE_FIELDS, 'BundleResource', 'none', out);
    if (!isRecord(r)) return [];
    const enc = str(r, 'encoding');
    return [
      {
        name: str(r, 'name') ?? `manifests/file${String(i).padStart(3, '0')}`,
        content: str(r, 'content') ?? '',
        ...(enc === 'base64' ? { encoding: 'base64' as const } : {}),
      },
    ];
  });
}

function options(v: Record<string, unknown>) {
  return {
    defaultNamespace: str(v, 'defaultNamespace'),
    kustomizeDir: str(v, 'kustomizeDir'),
    timeoutSeconds: typeof v.timeoutSeconds === 'number' ? v.timeoutSeconds : undefined,
    values: isRecord(v.values) ? v.values : undefined,
  };
}

const stringList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function readTargets(doc: YamlDoc, spec: Record<string, unknown>, out: Diagnostic[]): Target[] {
  const key = Array.isArray(spec.targets)
    ? 'targets'
    : Array.isArray(spec.targetCustomizations)
      ? 'targetCustomizations'
      : undefined;
  if (!key) return [];
  return (spec[key] as unknown[]).flatMap((t: unknown, index) => {
    const path = [key, index];
    checkFields(doc, t, path, TARGET_FIELDS, 'BundleTarget', 'target', out);
    if (!isRecord(t)) return [];
    const selector = (field: 'clusterSelector' | 'clusterGroupSelector') => {
      if (t[field] === null || t[field] === undefined || !isRecord(t[field])) return undefined;
      const { selector: s, problems } = readSelector(t[field]);
      for (const p of problems) {
        out.push({
          severity: 'error',
          source: 'fleet',
          rule: 'fleet-selector-invalid',
          message: p.message,
          location: doc.locate([...path, field, ...p.path]),
        });
      }
      return s;
    };
    const target: Target = {
      name: str(t, 'name') ?? `target${String(index).padStart(3, '0')}`,
      index,
      overlays: stringList(t.overlays),
      ...options(t),
      clusterSelector: selector('clusterSelector'),
      clusterGroupSelector: selector('clusterGroupSelector'),
      clusterGroup: str(t, 'clusterGroup') || undefined,
      clusterName: str(t, 'clusterName') || undefined,
      path,
    };
    return [target];
  });
}

export async function openSeedBundle(source: CatalogSource): Promise<FleetBundle> {
  const paths = (await source.list()).map((f) => f.path).sort();
  const diagnostics: Diagnostic[] = [];
  const descriptorFile = paths.includes(SEED_DESCRIPTOR) ? SEED_DESCRIPTOR : undefined;
  let descriptor: YamlDoc | undefined;
  let spec: Record<string, unknown> = {};
  if (descriptorFile) {
    const parsed = parseYamlFile(descriptorFile, new TextDecoder().decode(await source.read(descriptorFile)));
    for (const e of parsed.errors)
      diagnostics.push({
        severity: 'error',
        source: 'fleet',
        rule: 'fleet-yaml-syntax',
        message: e.message,
        location: e.location,
      });
    descriptor = parsed.docs[0];
    if (descriptor) {
      checkFields(descriptor, descriptor.value, [], BUNDLE_FIELDS, 'BundleSpec', 'bundle', diagnostics);
      if (isRecord(descriptor.value)) spec = descriptor.value;
    }
  }
  const dirs: [string, string][] = [
    [clean(str(spec, 'manifestsDir') ?? 'manifests'), 'manifests'],
    [clean(str(spec, 'kustomizeDir') ?? 'kustomize'), 'kustomize'],
    [clean(str(spec, 'chart') ?? 'chart'), 'chart'],
  ];
  const resources: BundleResource[] = [];
  for (const p of paths) {
    const hit = dirs.find(([dir]) => p.startsWith(dir + '/'));
    if (!hit) continue;
    resources.push({
      name: `${hit[1]}/${p.slice(hit[0].length + 1)}`,
      ...decode(await source.read(p)),
      file: p,
    });
  }
  if (descriptor) resources.push(...inlineResources(descriptor, spec.resources, ['resources'], diagnostics));

  const overlays: Overlay[] = [];
  if (descriptor && Array.isArray(spec.overlays)) {
    spec.overlays.forEach((o: unknown, i) => {
      const path = ['overlays', i];
      checkFields(descriptor as YamlDoc, o, path, OVERLAY_FIELDS, 'BundleOverlay', 'none', diagnostics);
      if (!isRecord(o)) return;
      overlays.push({
        name: str(o, 'name') ?? '',
        overlays: stringList(o.overlays),
        ...options(o),
        resources: inlineResources(descriptor as YamlDoc, o.resources, [...path, 'resources'], diagnostics),
        path,
      });
    });
  }
  for (const p of paths) {
    const m = /^overlays\/([^/]+)\/(.+)$/.exec(p);
    if (!m) continue;
    const [, name, rel] = m as unknown as [string, string, string];
    let overlay = overlays.find((o) => o.name === name);
    if (!overlay) {
      overlay = { name, overlays: [], resources: [] };
      overlays.push(overlay);
    }
    overlay.resources.push({ name: rel, ...decode(await source.read(p)), file: p });
  }
  const bundle: FleetBundle = {
    layout: 'bundle',
    name: str(spec, 'name') ?? (source.name ? baseName(source.name) : 'bundle'),
    descriptorFile,
    descriptor,
    spec,
    resources,
    overlays,
    targets: descriptor ? readTargets(descriptor, spec, diagnostics) : [],
    diagnostics,
  };
  bundle.diagnostics.push(...checkBundle(bundle));
  return bundle;
}
