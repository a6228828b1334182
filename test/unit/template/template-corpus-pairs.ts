import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { sharedPath } from '../../support/shared';

/**
 * Template ↔ committed catalog pairs in the corpus: the per-version templates of the product
 * repositories (the template beside `catalog/<pkg>/catalog.*`) and community-operators-prod's
 * templates, mapped to catalogs by each package's ci.yaml `fbc.catalog_mapping`.
 */
export interface TemplatePair {
  label: string;
  template: string;
  /** The committed catalog file. */
  catalog: string;
  /** Catalog directories to resolve bundles from (most relevant first). */
  catalogDirs: string[];
}

function perVersion(repo: string, templateName: string, pkg: string, ext: string): TemplatePair[] {
  const root = sharedPath('corpus/fbc', repo);
  const versions = readdirSync(root)
    .filter((d) => /^v\d/.test(d))
    .sort();
  const dirs = versions.map((v) => join(root, v, 'catalog')).filter((d) => existsSync(d));
  const out: TemplatePair[] = [];
  for (const v of versions) {
    const template = join(root, v, templateName);
    const catalog = join(root, v, 'catalog', pkg, `catalog.${ext}`);
    if (!existsSync(template) || !existsSync(catalog)) continue;
    const own = dirname(dirname(catalog));
    out.push({
      label: `${repo} ${v}`,
      template,
      catalog,
      catalogDirs: [own, ...dirs.filter((d) => d !== own)],
    });
  }
  return out;
}

function communityOperators(): TemplatePair[] {
  const templates = sharedPath('corpus/templates/community-operators-prod');
  const catalogs = sharedPath('corpus/fbc/community-operators-prod/catalogs');
  const versions = readdirSync(catalogs).sort();
  const out: TemplatePair[] = [];
  for (const pkg of readdirSync(templates).sort()) {
    const ciFile = join(templates, pkg, 'ci.yaml');
    if (!existsSync(ciFile)) continue;
    const ci = parse(readFileSync(ciFile, 'utf8')) as {
      fbc?: { catalog_mapping?: { template_name: string; catalog_names: string[] }[] };
    };
    const dirs = versions.map((v) => join(catalogs, v, pkg)).filter((d) => existsSync(d));
    for (const m of ci.fbc?.catalog_mapping ?? []) {
      const template = join(templates, pkg, 'catalog-templates', m.template_name);
      if (!existsSync(template)) continue;
      for (const v of m.catalog_names.map(String)) {
        const catalog = join(catalogs, v, pkg, 'catalog.yaml');
        if (!existsSync(catalog)) continue;
        const own = dirname(catalog);
        out.push({
          label: `community-operators-prod ${v}/${pkg} (${m.template_name})`,
          template,
          catalog,
          catalogDirs: [own, ...dirs.filter((d) => d !== own)],
        });
      }
    }
  }
  return out;
}

export function templatePairs(): TemplatePair[] {
  const koku = sharedPath('corpus/fbc/project-koku-costmanagement-fbc');
  return [
    ...perVersion('kubev2v-mtv-fbc', 'catalog-template.json', 'mtv-operator', 'json'),
    ...perVersion('openshift-trustee-fbc', 'catalog-template.yaml', 'trustee-operator', 'json'),
    ...perVersion('openshift-kueue-fbc', 'catalog-template.yaml', 'kueue-operator', 'json'),
    ...perVersion('trustification-rhtpa-operator-fbc', 'graph.yaml', 'rhtpa-operator', 'json'),
    {
      label: 'project-koku-costmanagement-fbc catalog',
      template: join(koku, 'catalog-template/basic-template.yaml'),
      catalog: join(koku, 'catalog/costmanagement-metrics-operator/catalog.yaml'),
      catalogDirs: [join(koku, 'catalog'), join(koku, 'catalog-old')],
    },
    ...communityOperators(),
  ];
}
