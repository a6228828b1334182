/**
 * Checks of a fleet.yaml Bundle beyond decoding it: the overlays targets choose (a `_patch.` file with
 * no base is Fleet's error on every cluster that uses the overlay; a name with no folder, or a folder
 * no target uses, is silently nothing to Fleet, so only our hint), targets that can never be chosen,
 * label selectors Kubernetes would refuse, and local paths (kustomize.dir, helm.chart) the folder
 * does not hold.
 */
import type { Diagnostic } from '../diagnostics';
import { isRecord } from '../kube/yaml-docs';
import { matchesAll } from './check-bundle';
import { CLUSTERS_FILE } from './clusters';
import { atFile, fleetFinding } from './finding';
import { patchTargetOf } from './fleet-patch';
import { bundleStyle } from './fleet-targeting';
import { readSelector } from './selector';
import type { FleetBundle, Target } from './types';

type Json = Record<string, unknown>;

const overlaysOf = (o: Json | undefined): string[] => {
  const y = isRecord(o?.yaml) ? o.yaml : undefined;
  return Array.isArray(y?.overlays) ? (y.overlays as string[]) : [];
};

function criterialess(t: Target): boolean {
  return [t.clusterSelector, t.clusterGroupSelector, t.clusterGroup, t.clusterName].every(
    (c) => c === undefined,
  );
}

export function checkFleetYamlBundle(b: FleetBundle, paths: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const doc = b.descriptor;
  const where = (path: (string | number)[]) => (doc ? doc.locate(path) : atFile(b.descriptorFile ?? '.'));

  // Overlay folders present, and the names targets (or the bundle) choose.
  const folders = new Map<string, string[]>();
  for (const r of b.resources) {
    const m = /^overlays\/([^/]+)\/(.+)$/.exec(r.name);
    if (m) folders.set(m[1] as string, [...(folders.get(m[1] as string) ?? []), m[2] as string]);
  }
  const uses: { name: string; path: (string | number)[] }[] = [
    ...overlaysOf(b.spec).map((name, j) => ({ name, path: ['yaml', 'overlays', j] })),
    ...b.targets.flatMap((t) =>
      overlaysOf(t.options).map((name, j) => ({ name, path: [...t.path, 'yaml', 'overlays', j] })),
    ),
  ];
  for (const u of uses)
    if (!folders.has(u.name))
      out.push(
        fleetFinding(
          'fleet-overlay-missing',
          'warning',
          `yaml.overlays names "${u.name}", but there is no overlays/${u.name}/ folder: Fleet applies nothing for it`,
          where(u.path),
        ),
      );
  const used = new Set(uses.map((u) => u.name));
  const baseNames = new Set(b.resources.filter((r) => !r.name.startsWith('overlays/')).map((r) => r.name));
  const copied = new Set([...folders.values()].flat().filter((n) => !patchTargetOf(n)));
  // Only raw YAML bundles take yaml.overlays: in a chart or a kustomization, overlays/ is plain files.
  const raw = bundleStyle(b.resources, b.spec) === 'raw';
  for (const [name, files] of raw ? folders : new Map<string, string[]>()) {
    if (!used.has(name)) {
      out.push(
        fleetFinding(
          'fleet-overlay-unused',
          'info',
          `overlays/${name}/ is chosen by no target's yaml.overlays: its ${files.length} file(s) reach no cluster`,
          atFile(`overlays/${name}/${files[0] ?? ''}`),
        ),
      );
      continue;
    }
    for (const f of files) {
      const target = patchTargetOf(f);
      if (target && !baseNames.has(target) && !copied.has(target))
        out.push(
          fleetFinding(
            'fleet-patch-no-base',
            'error',
            `failed to find base file ${target} to patch`,
            atFile(`overlays/${name}/${f}`),
          ),
        );
    }
  }

  // Targets that can never be chosen, and selectors that do not parse.
  const catchAll = b.targets.find((t) => !t.customization && matchesAll(t));
  for (const t of b.targets) {
    if (t.path.length === 0) continue;
    if (criterialess(t))
      out.push(
        fleetFinding(
          'fleet-target-empty',
          'warning',
          `target ${t.name} has no clusterName, clusterSelector, clusterGroup or clusterGroupSelector: it matches no cluster (use clusterSelector: {} to match all)`,
          where(t.path),
        ),
      );
    else if (catchAll && !t.customization && t !== catchAll && t.index > catchAll.index)
      out.push(
        fleetFinding(
          'fleet-target-shadowed',
          'warning',
          `target ${t.name} is never chosen: target ${catchAll.name} before it matches every cluster`,
          where(t.path),
        ),
      );
    const written = doc && isRecord(doc.value) ? doc.value : {};
    const entry = t.path.reduce<unknown>(
      (v, k) => (isRecord(v) || Array.isArray(v) ? (v as Json)[k as string] : undefined),
      written,
    );
    for (const field of ['clusterSelector', 'clusterGroupSelector'] as const) {
      const sel = isRecord(entry) ? entry[field] : undefined;
      if (!isRecord(sel)) continue;
      for (const p of readSelector(sel).problems)
        out.push(
          fleetFinding('fleet-selector-invalid', 'error', p.message, where([...t.path, field, ...p.path])),
        );
    }
  }

  // A target's namespace labels and annotations go to every cluster, not just its own.
  if (b.targets.length > 1)
    for (const t of b.targets)
      for (const key of ['namespaceLabels', 'namespaceAnnotations'])
        if (isRecord(t.options?.[key]) && t.path.length > 0)
          out.push(
            fleetFinding(
              'fleet-namespace-labels-every-target',
              'warning',
              `${key} of target ${t.name} are set on the namespace on every cluster the bundle deploys to, not only those target ${t.name} matches`,
              where([...t.path, key]),
            ),
          );

  // Our clusters file, deployed as a resource unless ignored.
  if (b.resources.some((r) => r.name === CLUSTERS_FILE))
    out.push(
      fleetFinding(
        'fleet-clusters-file-deployed',
        'warning',
        `${CLUSTERS_FILE} is in the Bundle as a resource: add it to .fleetignore so Fleet does not deploy it`,
        atFile(CLUSTERS_FILE),
      ),
    );

  // Local paths: kustomize.dir and a helm.chart that is neither a URL nor given with a repo.
  const dirs = new Set(
    paths.flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, a) => a.slice(0, i + 1).join('/')),
    ),
  );
  const options: [Json | undefined, (string | number)[]][] = [
    [b.spec, []],
    ...b.targets.map((t): [Json | undefined, (string | number)[]] => [t.options, t.path]),
  ];
  for (const [o, path] of options) {
    const k = isRecord(o?.kustomize) ? o.kustomize : undefined;
    const dir = typeof k?.dir === 'string' ? k.dir.replace(/^\.\/|\/$/g, '') : '';
    if (dir && dir !== '.' && !dirs.has(dir))
      out.push(
        fleetFinding(
          'fleet-local-path-missing',
          'warning',
          `kustomize.dir ${dir} is not a folder of the bundle`,
          where([...path, 'kustomize', 'dir']),
        ),
      );
    const h = isRecord(o?.helm) ? o.helm : undefined;
    const chart = typeof h?.chart === 'string' ? h.chart.replace(/^\.\/|\/$/g, '') : '';
    if (chart && !h?.repo && !/^[a-z]+:\/\//.test(chart) && !dirs.has(chart) && !paths.includes(chart))
      out.push(
        fleetFinding(
          'fleet-local-path-missing',
          'warning',
          `helm.chart ${chart} is not in the bundle: fleet apply would fetch it as a URL, which is not done offline`,
          where([...path, 'helm', 'chart']),
        ),
      );
  }
  return out;
}
