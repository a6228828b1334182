/**
 * Editing goes to the source: when a repository's catalog is generated from a template, its
 * one-click actions edit the template (src/core/edit/template) and the catalog is rendered again
 * from it, as `opm alpha render-template` would — both files change in one undo step, and both
 * are written. The catalog's edit session sees the template as one more file, named relative to the
 * catalog's folder (`../catalog-template.yaml`), held beside the catalog rather than in it (opm
 * never reads it as part of the catalog).
 */
import type { Choices, EditResult, FileChange } from '../edit/action';
import { performOnTemplate, templateChoices, templateEditContext } from '../edit/template';
import type { EditTarget } from '../service/edit-session';
import type { FileText } from '../service/edit-types';
import type { CatalogBundleResolver } from '../template/bundle-resolver';
import { renderTemplate, writeRendered } from '../template/render-template';
import type { RepositoryView } from './open-repository';

export interface TemplateRoute {
  /** The template as the catalog's edit session names it, relative to the catalog's folder. */
  path: string;
  /** The template's path in the repository. */
  repoPath: string;
  /** The catalog's one file, which the render replaces. */
  catalogFile: string;
  format: 'json' | 'yaml';
  resolver: CatalogBundleResolver;
}

/** `to` relative to the folder `from` ('v4.18/catalog', 'v4.18/catalog-template.yaml' → '../catalog-template.yaml'). */
export function relativePath(from: string, to: string): string {
  const a = from === '.' || from === '' ? [] : from.split('/');
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

/** The catalog as editing sees it, plus the template file held beside it. */
export function withTemplate(target: EditTarget, route: TemplateRoute, templateText: string): EditTarget {
  let text: string | null = templateText;
  return {
    getFile: (path) =>
      path === route.path
        ? text === null
          ? null
          : ({ path, text } as ReturnType<EditTarget['getFile']>)
        : target.getFile(path),
    getSummary: () => target.getSummary(),
    editContext: () => target.editContext(),
    locateRef: (ref) => target.locateRef(ref),
    updateFiles: (changes: readonly { path: string; text: string | null }[]) => {
      const inCatalog = changes.filter((c) => c.path !== route.path);
      for (const c of changes) if (c.path === route.path) text = c.text;
      // The catalog re-validates even when only the template changed (its summary says what changed).
      return target.updateFiles(inCatalog as FileText[]);
    },
  };
}

function templateText(target: EditTarget, route: TemplateRoute): string | undefined {
  return target.getFile(route.path)?.text ?? undefined;
}

/** An action on the catalog, made on its template and rendered back into the catalog's file. */
export function performViaTemplate(
  target: EditTarget,
  route: TemplateRoute,
  action: string,
  args: Record<string, unknown>,
): EditResult {
  const before = templateText(target, route);
  if (before === undefined) return { changes: [], warnings: [], error: `${route.repoPath} cannot be read` };
  const ctx = templateEditContext(route.path, new Map([[route.path, before]]), route.resolver);
  const r = performOnTemplate(action, args, ctx);
  if (r.error || r.changes.length === 0) return r;
  const after = r.changes.find((c) => c.path === route.path)?.after;
  if (after === undefined || after === null) return r;
  const rendered = renderTemplate(route.path, after, route.resolver);
  if (!rendered.ok) {
    const why = rendered.opmMessage ?? rendered.unresolved.map((u) => u.message).join('; ');
    return { changes: [], warnings: r.warnings, error: `the template would not render: ${why}` };
  }
  const catalogBefore = target.getFile(route.catalogFile)?.text ?? null;
  const catalogAfter = writeRendered(rendered.blobs, route.format);
  const changes: FileChange[] = [...r.changes];
  if (catalogAfter !== catalogBefore)
    changes.push({ path: route.catalogFile, before: catalogBefore, after: catalogAfter });
  return {
    ...r,
    changes,
    warnings: [
      ...r.warnings,
      `${route.repoPath} is changed (the catalog is generated from it) and ${route.catalogFile} is rendered from it again`,
    ],
  };
}

export function choicesViaTemplate(
  target: EditTarget,
  route: TemplateRoute,
  action: string,
  args: Record<string, unknown>,
): Choices<Record<string, unknown>> {
  const text = templateText(target, route);
  if (text === undefined) return {};
  return templateChoices(
    action,
    args,
    templateEditContext(route.path, new Map([[route.path, text]]), route.resolver),
  );
}

/**
 * The route of a repository's catalog to its template, when its actions can go there: exactly one
 * template renders it, offline, and the catalog is one file (what `opm alpha render-template`
 * writes). Undefined otherwise — the actions then edit the catalog, and the app says it is generated.
 */
export function templateRouteFor(
  repository: RepositoryView,
  catalogId: string,
  catalogFiles: readonly string[],
  resolver: CatalogBundleResolver,
): TemplateRoute | undefined {
  const templates = repository.templates.filter((t) => t.catalogs.includes(catalogId));
  const t = templates[0];
  if (templates.length !== 1 || !t || t.schema === 'olm.template.substitutes') return undefined;
  if (t.status.error || t.status.unresolved.length > 0) return undefined;
  const files = catalogFiles.filter((f) => /\.(json|ya?ml)$/.test(f));
  const file = files[0];
  if (files.length !== 1 || !file) return undefined;
  return {
    path: relativePath(catalogId, t.path),
    repoPath: t.path,
    catalogFile: file,
    format: file.endsWith('.json') ? 'json' : 'yaml',
    resolver,
  };
}
