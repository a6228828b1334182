/**
 * A repository's templates that name bundle images no catalog holds, rendered by pulling them
 * through `fbc-studio open`'s server (POST /api/images/bundles: the browser cannot reach registries,
 * which send no CORS headers). The server pulls and renders each bundle as `render-template` does
 * on the command line; here, in the worker, the templates are judged again with those bundles
 * (drift, at each catalog's migrate level) and the edits of their catalogs render with them.
 * Loaded on the first pull.
 */
import type { SourceSpec } from '../browser/source-spec';
import { serverError } from '../browser/server-source';
import { loadFile } from '../core/load';
import {
  repositoryNow,
  type Rejudged,
  type RepositoryView,
  type TemplatePulls,
} from '../core/repository/open-repository';
import type { CatalogService } from '../core/service/catalog-service';
import type { ResolverCatalog } from '../core/template/bundle-resolver';
import type { TemplatePullReply } from '../protocol/catalog-protocol';

/** The name the pulled bundles go by in the resolver, as on the command line (src/cli/template-pulls.ts). */
const PULLED_CATALOG = 'images pulled from registries';

/** What the server answers (src/server/images.ts `RenderedBundles`). */
interface RenderedBundles {
  fbc: string;
  pulled: string[];
  failed: { image: string; message: string }[];
}

/** What of the worker's state a pull reads and changes. */
export interface PullHost {
  service: CatalogService;
  opened(): { spec: SourceSpec } | undefined;
  repository(): RepositoryView | undefined;
  /** Judges the templates again with the pulled bundles (core/repository/open-repository.ts). */
  rejudge(pulled: ResolverCatalog): Rejudged;
  /** The bundles pulled so far (their JSON), kept for the repository as opened. */
  pulledText: string;
  /** The repository judged again, and the pulled bundles its edits resolve from. */
  pulledInto(r: RepositoryView, diff: Rejudged['templateDiff'], pulled: ResolverCatalog): void;
  /** Forgets the edit sessions of these catalogs that hold no edit, so their next edit routes anew. */
  forgetCleanEdits(ids: readonly string[]): Promise<void>;
}

async function askServer(spec: SourceSpec, refs: readonly string[]): Promise<RenderedBundles> {
  if (spec.kind !== 'server')
    throw new Error('images are pulled only when the app is served by `fbc-studio open`');
  let r: Response;
  try {
    r = await fetch(new URL('/api/images/bundles', spec.baseUrl), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refs }),
    });
  } catch (e) {
    throw new Error(`the server is not reachable (${(e as Error).message})`, { cause: e });
  }
  if (!r.ok) throw new Error(await serverError(r));
  return (await r.json()) as RenderedBundles;
}

/** `IMAGE`, `IMAGE (cached)`, `IMAGE from the mirror M` name IMAGE. */
const names = (said: string, image: string) => said === image || said.startsWith(`${image} `);

export async function pullTemplateImages(
  host: PullHost,
  template: string | null,
): Promise<TemplatePullReply> {
  const repo = host.repository();
  const opened = host.opened();
  if (!repo || !opened) throw new Error('no repository is open');
  const asked = repo.templates.filter((t) => template === null || t.path === template);
  const refs = [...new Set(asked.flatMap((t) => t.status.unresolvedImages))];
  if (refs.length === 0) return { repository: repositoryNow(host.service, repo), pulled: [], failed: [] };
  const answer = await askServer(opened.spec, refs);
  host.pulledText = `${host.pulledText}${answer.fbc}\n`;
  const pulled: ResolverCatalog = {
    name: PULLED_CATALOG,
    dc: loadFile('pulled-bundles.json', host.pulledText, { bundleObjects: 'lazy' }).dc,
  };
  const judged = host.rejudge(pulled);
  const before = new Map(repo.templates.map((t) => [t.path, t]));
  const templates = judged.templates.map((t) => {
    const was = before.get(t.path);
    const images = was?.status.unresolvedImages.filter((i) => refs.includes(i)) ?? [];
    // A template not asked about keeps what an earlier pull said of it.
    if (images.length === 0) return was?.pulls ? { ...t, pulls: was.pulls } : t;
    const pulls: TemplatePulls = {
      pulled: answer.pulled.filter((p) => images.some((i) => names(p, i))),
      failed: answer.failed.filter((f) => images.includes(f.image)),
    };
    return { ...t, pulls };
  });
  const next: RepositoryView = { ...repo, templates, findings: judged.findings };
  host.pulledInto(next, judged.templateDiff, pulled);
  await host.forgetCleanEdits([...new Set(asked.flatMap((t) => t.catalogs))]);
  return { repository: repositoryNow(host.service, next), pulled: answer.pulled, failed: answer.failed };
}
