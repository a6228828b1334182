/**
 * Each template of a repository rendered offline (as `opm alpha render-template` would, bundles
 * resolved from the repository's own catalogs) and compared with the catalogs it is rendered into.
 * A committed catalog that is not its template's render is drift: the next render overwrites it.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import { CatalogBundleResolver } from '../template/bundle-resolver';
import { renderTemplate, writeRendered } from '../template/render-template';
import { compareWithCommitted, describeDrift } from '../template/template-drift';
import type { WorkspaceTemplate } from './types';

export interface TemplateCatalogDrift {
  catalog: string;
  /** One line per blob that differs (`changed olm.channel kueue-operator stable-v1.4`); empty: in sync. */
  lines: string[];
  /** Unified diff committed → render, when the catalog is one file. */
  diff?: string;
}

export interface TemplateStatus {
  /** opm's error when the template does not render. */
  error?: string;
  /** `unresolved image X (needed by template T line L)`: no catalog of the repository has it. */
  unresolved: string[];
  /** `build/registry → prod/registry`: images found under another registry by digest. */
  mappings: string[];
  /** What offline data cannot supply (the rest of the render is exact). */
  incomplete: string[];
  drift: TemplateCatalogDrift[];
}

export interface StatusCatalog {
  path: string;
  dc: DeclarativeConfig;
  /** The catalog's files (path relative to the catalog, text), to diff a one-file catalog. */
  files: { path: string; text: string }[];
}

export function templateStatus(
  template: WorkspaceTemplate,
  text: string,
  catalogs: readonly StatusCatalog[],
): TemplateStatus {
  const resolver = new CatalogBundleResolver(catalogs.map((c) => ({ name: c.path, dc: c.dc })));
  const r = renderTemplate(template.path, text, resolver);
  const status: TemplateStatus = {
    unresolved: r.unresolved.map((u) => u.message),
    mappings: r.mappings.map((m) => `${m.from} → ${m.to}`),
    incomplete: r.incomplete ?? [],
    drift: [],
  };
  if (r.opmMessage) status.error = r.opmMessage;
  if (!r.ok) return status;
  for (const path of template.catalogs) {
    const c = catalogs.find((x) => x.path === path);
    if (!c) continue;
    const one = c.files.length === 1 ? c.files[0] : undefined;
    const format = one?.path.endsWith('.json') ? 'json' : 'yaml';
    const d = compareWithCommitted(
      r.blobs,
      one ? { dc: c.dc, file: `${c.path}/${one.path}`, text: one.text } : { dc: c.dc },
      one ? { mappings: r.mappings, renderedText: writeRendered(r.blobs, format) } : { mappings: r.mappings },
    );
    // When the package's icon or description cannot be known offline (the head bundle's CSV is kept
    // only as olm.csv.metadata), the olm.package blob cannot be compared: it is not called drift.
    const lines = describeDrift(d).filter(
      (l) => !(status.incomplete.length > 0 && l.startsWith('changed olm.package ')),
    );
    const drift: TemplateCatalogDrift = { catalog: path, lines };
    if (d.diff && lines.length > 0) drift.diff = d.diff;
    status.drift.push(drift);
  }
  return status;
}

/** A finding per drifted catalog, at the template. */
export function driftFindings(template: WorkspaceTemplate, status: TemplateStatus): Diagnostic[] {
  return status.drift
    .filter((d) => d.lines.length > 0)
    .map((d) => ({
      severity: 'warning',
      source: 'fbc-studio',
      rule: 'template-drift',
      message: `${d.catalog} is not what ${template.path} renders to (${d.lines.length} blob${d.lines.length === 1 ? '' : 's'} differ: ${d.lines.slice(0, 3).join('; ')}${d.lines.length > 3 ? '; …' : ''}); the next render overwrites it`,
      location: { file: template.path, start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    }));
}
