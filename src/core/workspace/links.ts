/**
 * Which catalogs each template is rendered into. The repository's layout or configuration says so
 * when it can; otherwise the template's bundle images do:
 *
 * 1. `ci.yaml` `fbc.catalog_mapping` (community-operators): `template_name` under the package's
 *    `catalog-templates/`, `catalog_names` the OpenShift versions of the catalogs.
 * 2. A template in a version folder goes with the catalogs in that folder (`v4.18/catalog-template.yaml`
 *    beside `v4.18/catalog`), none when the folder has no catalog.
 * 3. The only template in a folder holding catalogs of several versions is rendered into each.
 * 4. Otherwise: the catalogs whose every bundle image the template names (same image, or the same
 *    `@sha256` digest under another registry); a catalog several templates cover goes with the
 *    smallest of them (the one written for it). A template still without a catalog then takes the
 *    catalogs no template covers whose every digest image it names: a tag (`…-bundle:latest`) is
 *    often rewritten to another registry and repository after rendering, so it cannot be matched.
 */
// js-yaml, which the loader already uses: discovery of a plain catalog folder then needs no second YAML library.
import { loadAll } from 'js-yaml';
import { ocpVersionOf } from './ocp-version';
import type { TemplateLink, WorkspaceConfig } from './types';
import { dirName } from '../source/paths';

export interface LinkCatalog {
  path: string;
  ocpVersion: string | null;
  bundleImages: ReadonlySet<string>;
}

export interface LinkTemplate {
  path: string;
  images: readonly string[];
}

export interface LinkResult {
  links: Map<string, { catalogs: string[]; link: TemplateLink }>;
  configs: WorkspaceConfig[];
}

function under(dir: string, p: string): boolean {
  return dir === '' || p === dir || p.startsWith(dir + '/');
}

/**
 * Adds to `chosen` (template → catalogs) each catalog whose images (`imagesOf[i]` for `catalogs[i]`,
 * at least one) every one the template names; a catalog several templates cover goes with the
 * smallest. Returns the catalogs covered.
 */
function chooseByImages(
  templates: readonly LinkTemplate[],
  catalogs: readonly LinkCatalog[],
  imagesOf: readonly string[][],
  chosen: Map<string, string[]>,
): Set<string> {
  const covers = new Map<string, LinkTemplate[]>();
  for (const t of templates) {
    const named = new Set(t.images.map(digestKey));
    catalogs.forEach((c, i) => {
      const images = imagesOf[i] ?? [];
      if (images.length === 0) return;
      if (images.every((img) => named.has(digestKey(img))))
        covers.set(c.path, [...(covers.get(c.path) ?? []), t]);
    });
  }
  for (const [catalog, ts] of covers) {
    const size = (t: LinkTemplate) => new Set(t.images.map(digestKey)).size;
    const best = Math.min(...ts.map(size));
    for (const t of ts) if (size(t) === best) chosen.set(t.path, [...(chosen.get(t.path) ?? []), catalog]);
  }
  return new Set(covers.keys());
}

/** `registry/repo@sha256:abc` → `sha256:abc`; a tag reference stays whole. */
function digestKey(image: string): string {
  const at = image.lastIndexOf('@');
  return at >= 0 ? image.slice(at + 1) : image;
}

function field(obj: unknown, name: string): unknown {
  return obj && typeof obj === 'object' && !Array.isArray(obj)
    ? (obj as Record<string, unknown>)[name]
    : undefined;
}

function firstDocument(text: string): unknown {
  try {
    for (const v of loadAll(text)) if (v !== null && v !== undefined) return v;
  } catch {
    // Not YAML (or not all of it): not configuration we understand.
  }
  return undefined;
}

/** `vX.Y` catalog names → '4.16'. */
function catalogNameVersion(name: unknown): string | null {
  return typeof name === 'string' ? ocpVersionOf(name) : null;
}

export function linkTemplates(
  templates: readonly LinkTemplate[],
  catalogs: readonly LinkCatalog[],
  configTexts: ReadonlyMap<string, string>,
): LinkResult {
  const links = new Map<string, { catalogs: string[]; link: TemplateLink }>();
  const configs: WorkspaceConfig[] = [];
  const templatePaths = new Set(templates.map((t) => t.path));
  const sortPaths = (ps: Iterable<string>) => [...new Set(ps)].sort();

  // 1. Configuration files.
  for (const [path, text] of configTexts) {
    const doc = firstDocument(text);
    const dir = dirName(path);
    const prefix = dir === '' ? '' : dir + '/';
    if (path.endsWith('ci.yaml')) {
      const mapping = field(field(doc, 'fbc'), 'catalog_mapping');
      if (!Array.isArray(mapping)) continue;
      const named: string[] = [];
      for (const m of mapping) {
        const name = field(m, 'template_name');
        if (typeof name !== 'string') continue;
        const tpl = `${prefix}catalog-templates/${name}`;
        if (!templatePaths.has(tpl)) continue;
        named.push(tpl);
        const versions = new Set(
          (Array.isArray(field(m, 'catalog_names')) ? (field(m, 'catalog_names') as unknown[]) : [])
            .map(catalogNameVersion)
            .filter((v): v is string => v !== null),
        );
        const hit = catalogs
          .filter((c) => c.ocpVersion !== null && versions.has(c.ocpVersion))
          .map((c) => c.path);
        const prev = links.get(tpl)?.catalogs ?? [];
        links.set(tpl, { catalogs: sortPaths([...prev, ...hit]), link: 'ci-catalog-mapping' });
      }
      configs.push({ path, kind: 'ci.yaml', templates: sortPaths(named) });
    } else if (path.endsWith('release-config.yaml')) {
      const list = field(doc, 'catalog_templates');
      if (!Array.isArray(list)) continue;
      // A bundle version's release-config names templates of its package (`operators/<pkg>/<version>/`).
      const pkgDir = dirName(dir);
      const named = list
        .map((t) => field(t, 'template_name'))
        .filter((n): n is string => typeof n === 'string')
        .map((n) => `${pkgDir === '' ? '' : pkgDir + '/'}catalog-templates/${n}`)
        .filter((p) => templatePaths.has(p));
      configs.push({ path, kind: 'release-config.yaml', templates: sortPaths(named) });
    }
  }

  // 2 and 3. The layout.
  const byFolder = new Map<string, LinkTemplate[]>();
  for (const t of templates) {
    if (links.has(t.path)) continue;
    const dir = dirName(t.path);
    byFolder.set(dir, [...(byFolder.get(dir) ?? []), t]);
  }
  const rest: LinkTemplate[] = [];
  for (const [dir, ts] of byFolder) {
    const inside = catalogs.filter((c) => under(dir, c.path));
    if (ocpVersionOf(dir) !== null) {
      for (const t of ts)
        links.set(t.path, { catalogs: sortPaths(inside.map((c) => c.path)), link: 'version-folder' });
    } else if (
      ts.length === 1 &&
      new Set(inside.map((c) => c.ocpVersion)).size > 1 &&
      inside.every((c) => c.ocpVersion)
    ) {
      links.set((ts[0] as LinkTemplate).path, {
        catalogs: sortPaths(inside.map((c) => c.path)),
        link: 'shared-folder',
      });
    } else {
      rest.push(...ts);
    }
  }

  // 4. Bundle images: whole first, then by digest for what is left on both sides.
  const chosen = new Map<string, string[]>();
  const exact = chooseByImages(
    rest,
    catalogs,
    catalogs.map((c) => [...c.bundleImages]),
    chosen,
  );
  const unlinked = rest.filter((t) => !chosen.has(t.path));
  const uncovered = catalogs.filter((c) => !exact.has(c.path));
  chooseByImages(
    unlinked,
    uncovered,
    uncovered.map((c) => [...c.bundleImages].filter((i) => i.includes('@'))),
    chosen,
  );
  for (const t of rest) {
    const cs = chosen.get(t.path) ?? [];
    links.set(t.path, { catalogs: sortPaths(cs), link: cs.length ? 'bundle-images' : 'none' });
  }
  return { links, configs };
}
