/**
 * Editing goes to the source: when a repository's catalog is generated from a template, its
 * one-click actions edit the template (src/core/edit/template) and the catalog is rendered again
 * from it, as `opm alpha render-template` would — both files change in one undo step, and both
 * are written. The catalog's edit session sees the template as one more file, named relative to the
 * catalog's folder (`../catalog-template.yaml`), held beside the catalog rather than in it (opm
 * never reads it as part of the catalog).
 */
import type { Choices, EditResult, FileChange } from '../edit/action';
import { actionByName } from '../edit/registry';
import { performOnTemplate, templateChoices, templateEditContext } from '../edit/template';
import type { EditTarget } from '../service/edit-session';
import type { FileEdit, FileText } from '../service/edit-types';
import { loadFile } from '../load';
import { imageDigest, type CatalogBundleResolver } from '../template/bundle-resolver';
import { renderTemplate, writeRendered } from '../template/render-template';
import type { SemverLinking } from '../template/semver-channels';
import { pruneTemplate, type TemplatePruning } from '../workspace/drop-versions';
import { carryIntoTemplate } from './carry-into-template';
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
  /**
   * A semver template's catalog rendered with an older opm's linking (judged so by the template's
   * status): rendered again with it, so an action changes only what it says, not every edge.
   */
  semverLinking?: SemverLinking;
  /** The repository's pipeline prunes the template for this catalog before rendering (drop-versions.ts). */
  pruning?: TemplatePruning;
  /** The template leaves the package icon empty for the pipeline to fill in: the catalog's is kept. */
  keepIcon?: true;
  /** A semver catalog whose package opm before v1.65.0 wrote: rendered again without icon and description. */
  packageAsBefore?: true;
}

/** `to` relative to the folder `from` ('v4.18/catalog', 'v4.18/catalog-template.yaml' → '../catalog-template.yaml'). */
export function relativePath(from: string, to: string): string {
  const a = from === '.' || from === '' ? [] : from.split('/');
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

/** The one template a catalog is generated from, named as the catalog's edit session and the repository name it. */
export interface TemplateLink {
  path: string;
  repoPath: string;
  /** Every catalog the template renders (this one included). */
  catalogs: string[];
}

/**
 * The template a catalog is generated from, when exactly one is: typing in the catalog can be
 * carried into it even where actions cannot be routed (a template rendered into several catalogs,
 * a catalog split over many files).
 */
export function templateLinkFor(repository: RepositoryView, catalogId: string): TemplateLink | undefined {
  const templates = repository.templates.filter((t) => t.catalogs.includes(catalogId));
  const t = templates[0];
  // Any schema: carrying says why a semver or substitutes template cannot take typing.
  if (templates.length !== 1 || !t) return undefined;
  return { path: relativePath(catalogId, t.path), repoPath: t.path, catalogs: t.catalogs };
}

/** The catalog as editing sees it, plus the template file held beside it. */
export function withTemplate(
  target: EditTarget,
  route: Pick<TemplateRoute, 'path'>,
  templateText: string,
): EditTarget {
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

/**
 * An action that brings a new bundle (adding one: `newBundle` in its template hooks) puts its image
 * in the template; no catalog of the repository holds that image yet, so the render takes its blob
 * from the action's arguments (what `opm render` makes of the image, rendered from the bundle folder).
 */
function withAddedBundle(route: TemplateRoute, action: string, args: Record<string, unknown>): TemplateRoute {
  const blob = actionByName(action)?.template.newBundle?.(args) as { schema?: unknown } | undefined;
  if (typeof blob !== 'object' || blob === null || blob.schema !== 'olm.bundle') return route;
  const { dc } = loadFile('added-bundle.json', JSON.stringify(blob));
  return { ...route, resolver: route.resolver.withCatalog({ name: 'the bundle being added', dc }) };
}

/** An action on the catalog, made on its template and rendered back into the catalog's file. */
export function performViaTemplate(
  target: EditTarget,
  given: TemplateRoute,
  action: string,
  args: Record<string, unknown>,
): EditResult {
  const route = withAddedBundle(given, action, args);
  const before = templateText(target, route);
  if (before === undefined) return { changes: [], warnings: [], error: `${route.repoPath} cannot be read` };
  const ctx = templateEditContext(route.path, new Map([[route.path, before]]), route.resolver);
  const r = performOnTemplate(action, args, ctx);
  if (r.error || r.changes.length === 0) return r;
  const after = r.changes.find((c) => c.path === route.path)?.after;
  if (after === undefined || after === null) return r;
  const catalogBefore = target.getFile(route.catalogFile)?.text ?? null;
  const rendered = renderedCatalog(route, after, catalogBefore);
  if ('error' in rendered) return { changes: [], warnings: r.warnings, error: rendered.error };
  const catalogAfter = rendered.text;
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

/**
 * What was typed in the catalog (`files`, as loaded and as now), made in its template. When actions
 * are routed (`route`) and everything typed could be carried, the catalog is rendered from the new
 * template as `opm alpha render-template` would; otherwise the catalog keeps what was typed and the
 * warnings say what the template still lacks.
 */
export function carryViaTemplate(
  target: EditTarget,
  link: TemplateLink,
  files: readonly FileEdit[],
  resolver: CatalogBundleResolver | undefined,
  route?: TemplateRoute,
): EditResult {
  const before = target.getFile(link.path)?.text;
  if (before === undefined) return { changes: [], warnings: [], error: `${link.repoPath} cannot be read` };
  const texts = (pick: (f: FileEdit) => string | null) =>
    new Map(files.flatMap((f) => (pick(f) === null ? [] : [[f.path, pick(f) as string] as const])));
  const r = carryIntoTemplate({
    templatePath: link.path,
    templateName: link.repoPath,
    templateText: before,
    before: texts((f) => f.original),
    after: texts((f) => f.text),
    ...(resolver ? { resolver } : {}),
  });
  if (r.error) return { changes: [], warnings: r.notCarried, error: r.error };
  if (!r.change)
    return {
      changes: [],
      warnings: [],
      error:
        r.notCarried.length > 0
          ? `nothing typed can be carried into ${link.repoPath}: ${r.notCarried.join('; ')}`
          : `${link.repoPath} already says what was typed`,
    };
  const changes: FileChange[] = [r.change];
  const warnings = [`${link.repoPath}: ${r.carried.join('; ')}`];
  if (r.notCarried.length > 0)
    warnings.push(`kept only in the catalog (the next render loses them): ${r.notCarried.join('; ')}`);
  const others = link.catalogs.length - 1;
  if (others > 0)
    warnings.push(
      `${link.repoPath} also renders ${others} other catalog${others === 1 ? '' : 's'}: they change at their next render`,
    );
  // Rendered again only where the template rendered the catalog as opened: a drifted catalog would
  // take the drift too (and the typed text already holds the change).
  const opened = files.find((f) => f.path === route?.catalogFile)?.original ?? null;
  const inSync =
    route !== undefined &&
    opened !== null &&
    (() => {
      const was = renderedCatalog(route, before, opened);
      return 'text' in was && was.text === opened;
    })();
  if (route && !inSync)
    warnings.push(
      `${route.catalogFile} was not what ${link.repoPath} renders, so it is not rendered again: it keeps what was typed`,
    );
  if (route && inSync && r.notCarried.length === 0 && r.change.after !== null) {
    const catalogBefore = target.getFile(route.catalogFile)?.text ?? null;
    const rendered = renderedCatalog(route, r.change.after, catalogBefore);
    if ('error' in rendered) return { changes: [], warnings, error: rendered.error };
    const catalogAfter = rendered.text;
    if (catalogAfter !== catalogBefore) {
      changes.push({ path: route.catalogFile, before: catalogBefore, after: catalogAfter });
      warnings.push(`${route.catalogFile} is rendered from the template again, as opm writes it`);
    }
  }
  return { changes, warnings };
}

/**
 * The catalog rendered from the template, in the catalog's file format, its bundles named by the
 * image strings the committed catalog uses: a template may name the build registry and the
 * released catalog the production one with the same digest (the repository's registry mapping,
 * which drift does not count); a re-render keeps the catalog's names instead of rewriting every
 * bundle.
 */
function renderedCatalog(
  route: TemplateRoute,
  template: string,
  catalogBefore: string | null,
): { text: string } | { error: string } {
  const input = route.pruning ? (pruneTemplate(template, route.pruning.cutoff) ?? template) : template;
  const rendered = renderTemplate(
    route.path,
    input,
    route.resolver,
    route.semverLinking ? { semverLinking: route.semverLinking } : {},
  );
  if (!rendered.ok) {
    const why = rendered.opmMessage ?? rendered.unresolved.map((u) => u.message).join('; ');
    return { error: `the template would not render: ${why}` };
  }
  const named = new Map<string, string>();
  const before =
    catalogBefore === null
      ? undefined
      : loadFile(route.catalogFile, catalogBefore, { bundleObjects: 'lazy' }).dc;
  for (const b of before?.bundles ?? []) {
    const d = imageDigest(b.image);
    if (d) named.set(d, b.image);
  }
  // The icon the pipeline fills into the template's empty one, as the catalog has it.
  const icon = route.keepIcon ? before?.packages[0]?.icon : undefined;
  const blobs = rendered.blobs.map((blob) => {
    const b = blob as { schema?: unknown; image?: unknown };
    if (icon && b.schema === 'olm.package') return { ...blob, icon: { ...icon } };
    if (route.packageAsBefore && b.schema === 'olm.package') {
      const { icon: _icon, description: _description, ...rest } = blob;
      return rest;
    }
    if (b.schema !== 'olm.bundle' || typeof b.image !== 'string') return blob;
    const d = imageDigest(b.image);
    const image = d ? named.get(d) : undefined;
    return image && image !== b.image ? { ...blob, image } : blob;
  });
  return { text: writeRendered(blobs, route.format) };
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
  const judged = t.status.drift.find((d) => d.catalog === catalogId);
  const linking = judged?.semverLinking?.linking;
  return {
    path: relativePath(catalogId, t.path),
    repoPath: t.path,
    catalogFile: file,
    format: file.endsWith('.json') ? 'json' : 'yaml',
    resolver,
    ...(linking && { semverLinking: linking }),
    ...(judged?.pruning && { pruning: judged.pruning }),
    ...(judged?.iconFilled && { keepIcon: true as const }),
    ...(judged?.packageMetadataBefore && { packageAsBefore: true as const }),
  };
}
