/**
 * One image digest is one bundle: every catalog that lists it should hold the same content, up to
 * the migrate level it was rendered at (olm.bundle.object in one catalog, olm.csv.metadata built
 * from the same CSV in another) and the registry it names. When two catalogs disagree, one of them
 * was edited by hand (or rendered from another image under a reused digest); that is one finding
 * for the repository naming both, never template drift of the catalog that matches its render.
 */
import type { DeclBundle, DeclarativeConfig } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import type { BlobOrigin } from '../location';
import { imageDigest } from '../template/bundle-resolver';
import { bundleDifferences } from '../template/drift-explain';
import { jsonEqual } from '../template/template-drift';
import { goBundle, sortKeysDeep } from '../template/go-blobs';
import { bundleForm, migrateBundle } from '../template/migrate-level';

export interface DisagreementCatalog {
  path: string;
  dc: DeclarativeConfig;
  /** The repository-relative location of a blob of this catalog. */
  locate: (origin: BlobOrigin) => Diagnostic['location'];
}

interface Holder {
  catalog: DisagreementCatalog;
  bundle: DeclBundle;
}

/** The bundle in Go's shape, every reference to `digest` written as the bare digest, related images as a set. */
function normalized(b: DeclBundle, digest: string): Record<string, unknown> {
  const blob = goBundle(b);
  const bare = (image: unknown) =>
    typeof image === 'string' && image.endsWith(`@${digest}`) ? `@${digest}` : image;
  blob.image = bare(blob.image);
  if (Array.isArray(blob.relatedImages)) {
    // A set to OLM; opm releases wrote it in different orders for the same image.
    blob.relatedImages = (blob.relatedImages as Record<string, unknown>[])
      .map((r) => ({ ...r, image: bare(r.image) }))
      .sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
  }
  return sortKeysDeep(blob) as Record<string, unknown>;
}

function joinNames(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] as string}`;
}

/** The common case, cheaply: two catalogs holding the very same blob (same form, same registry). */
function sameBlob(a: DeclBundle, b: DeclBundle): boolean {
  return (
    a.name === b.name &&
    a.package === b.package &&
    a.image === b.image &&
    a.properties.length === b.properties.length &&
    a.properties.every(
      (p, i) => p.type === b.properties[i]?.type && jsonEqual(p.value, b.properties[i]?.value),
    ) &&
    jsonEqual(a.relatedImages, b.relatedImages)
  );
}

/** Groups of catalogs that agree, for one digest held by several catalogs (none when all agree). */
function contentGroups(holders: readonly Holder[], digest: string) {
  const first = (holders[0] as Holder).bundle;
  if (holders.every((h) => sameBlob(h.bundle, first))) return [];
  // Forms apart, catalogs rendered at different levels hold the same image: compare both migrated.
  const mixed = new Set(holders.map((h) => bundleForm(h.bundle))).size > 1;
  const text = new Map<DeclBundle, string>();
  const normal = (b: DeclBundle) => {
    let t = text.get(b);
    if (t === undefined) text.set(b, (t = JSON.stringify(normalized(b, digest))));
    return t;
  };
  const groups: { rep: DeclBundle; holders: Holder[] }[] = [];
  for (const h of holders) {
    const b = mixed ? migrateBundle(h.bundle, 'bundle-object-to-csv-metadata') : h.bundle;
    // Its objects hold no CSV to migrate: it cannot be compared with a csv.metadata form.
    if (mixed && bundleForm(b) === 'bundle-object') continue;
    const g = groups.find((x) => sameBlob(x.rep, b) || normal(x.rep) === normal(b));
    if (g) g.holders.push(h);
    else groups.push({ rep: b, holders: [h] });
  }
  return groups.length < 2
    ? []
    : groups.map((g) => ({ blob: normalized(g.rep, digest), holders: g.holders }));
}

export function imageDisagreements(catalogs: readonly DisagreementCatalog[]): Diagnostic[] {
  const byDigest = new Map<string, Holder[]>();
  for (const catalog of catalogs) {
    for (const bundle of catalog.dc.bundles) {
      const digest = imageDigest(bundle.image);
      if (!digest) continue;
      const list = byDigest.get(digest);
      if (list) list.push({ catalog, bundle });
      else byDigest.set(digest, [{ catalog, bundle }]);
    }
  }
  const out: Diagnostic[] = [];
  for (const [digest, holders] of byDigest) {
    if (new Set(holders.map((h) => h.catalog.path)).size < 2) continue;
    const groups = contentGroups(holders, digest);
    if (groups.length < 2) continue;
    const [a, b] = groups as [(typeof groups)[0], (typeof groups)[0]];
    const { content, properties } = bundleDifferences(b.blob, a.blob);
    const what = [...content, ...(properties.length ? [`properties ${properties.join(', ')}`] : [])];
    // Each group by its first catalog, the ones that agree with it in brackets.
    const names = groups.map((g) => {
      const [first, ...rest] = [...new Set(g.holders.map((h) => h.catalog.path))];
      return rest.length ? `${first as string} (with ${rest.join(', ')})` : (first as string);
    });
    // The smallest group is the likelier hand edit: the finding points at its bundle.
    const least = groups.reduce((m, g) => (g.holders.length < m.holders.length ? g : m), a)
      .holders[0] as Holder;
    const more = groups.length > 2 ? ` (${groups.length} different contents)` : '';
    const d: Diagnostic = {
      severity: 'warning',
      source: 'fbc-studio',
      rule: 'image-content-disagrees',
      message: `${joinNames(names)} disagree about image ${least.bundle.image}: ${what.join('; ') || 'content'} differ${more}`,
      package: least.bundle.package,
    };
    const location = least.catalog.locate(least.bundle.origin);
    if (location) d.location = location;
    out.push(d);
  }
  return out;
}
