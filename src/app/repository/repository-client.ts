/**
 * A repository as the UI reaches it (one of the client modules listed in src/worker/client.ts):
 * the repository's catalogs and findings, switching the current catalog, one package across the
 * catalogs, and pulling a template's images through `fbc-studio open`'s server. Loaded with the
 * repository bar, so a single-catalog folder never loads it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogClient } from '../../worker/client';
import type { TemplatePullReply } from '../../protocol/catalog-protocol';
import { onCatalogOpened } from '../drafts/drafts';
import { editClient, editStateChanged, resetEdits } from '../editor/edit-store';
import { openedSpec } from '../opening/open-catalog';
import { queryClient, repositoryKey } from '../state/queries';
import { catalogOpened, useApp, useSummary } from '../state/store';
import { setCatalogParam } from '../state/url';

export function useRepository() {
  const summary = useSummary();
  return useQuery({
    // Per generation: an edit changes its catalog's verdict and counts.
    queryKey: repositoryKey(summary?.generation),
    queryFn: () => catalogClient().getRepository(),
    enabled: !!summary?.catalog,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function useVersionsMatrix(pkg: string | undefined) {
  const generation = useSummary()?.generation;
  return useQuery({
    queryKey: ['versions-matrix', pkg, generation],
    queryFn: () => catalogClient().getVersionsMatrix(pkg!),
    enabled: !!pkg,
  });
}

/** Every package across the catalogs (the overview's matrix); edits change it, so per generation. */
export function usePackagesAcross() {
  const generation = useSummary()?.generation;
  return useQuery({
    queryKey: ['packages-across', generation],
    queryFn: () => catalogClient().getPackagesAcross(),
    enabled: generation !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** A drifted catalog's diff from its template's render: asked for only when it is shown. */
export function useTemplateDiff(template: string, catalog: string, shown: boolean) {
  return useQuery({
    queryKey: ['template-diff', template, catalog],
    queryFn: () => catalogClient().getTemplateDiff(template, catalog),
    enabled: shown,
    staleTime: Infinity,
  });
}

let switching = 0;

/**
 * Makes another of the repository's catalogs current. What was typed is flushed into the current
 * catalog's edits first; each catalog keeps its own edits in the worker, and its own draft.
 */
export async function switchCatalog(id: string): Promise<void> {
  const mine = ++switching;
  const edit = await editClient();
  await edit.flushAndSettle();
  const summary = await catalogClient().selectCatalog(id);
  if (mine !== switching) return;
  queryClient.removeQueries();
  resetEdits();
  catalogOpened(summary);
  setCatalogParam(id);
  const spec = openedSpec();
  if (spec) void onCatalogOpened(spec, summary.name, summary.catalog);
  editStateChanged(await edit.loadEditCore());
}

/**
 * Pulls the bundle images no catalog holds that `template` (every template: null) names, through
 * `fbc-studio open`'s server; the worker judges the templates again with them (drift, the diff)
 * and the catalogs' edits render with them from now on.
 */
export async function pullTemplateImages(template: string | null): Promise<TemplatePullReply> {
  const edit = await editClient();
  await edit.flushAndSettle();
  const r = await catalogClient().pullTemplateImages(template);
  queryClient.setQueryData(repositoryKey(useApp.getState().summary?.generation), r.repository);
  queryClient.removeQueries({ queryKey: ['template-diff'] });
  // A catalog with no edit yet now edits through its template: the edit state says so.
  editStateChanged(await edit.loadEditCore());
  return r;
}
