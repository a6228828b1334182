import type { DeclBundle, DeclarativeConfig } from '../declcfg/types';

/**
 * Offline stand-in for opm's image pull: a bundle image "renders" to an olm.bundle that some
 * catalog of the repository already holds. First by the exact image string; else by the same
 * `@sha256:` digest under another name (Konflux builds bundles in a build registry, and released
 * catalogs name the production registry with the same digest — the content is the same image).
 * The caller decides which catalogs are "the repository's" by what it passes in.
 */

export interface ResolverCatalog {
  /** How to name the catalog in messages (e.g. its directory). */
  name: string;
  dc: DeclarativeConfig;
}

/** `build-registry/repo → prod-registry/repo`: the template names `from`, the catalogs hold `to`. */
export interface RegistryMapping {
  from: string;
  to: string;
}

export interface ResolvedImage {
  /** The image as the template names it. */
  image: string;
  bundle: DeclBundle;
  catalog: string;
  via: 'image' | 'digest';
  /** Only for `via: 'digest'`. */
  mapping?: RegistryMapping;
}

const DIGEST = /@(sha256:[0-9a-f]{64})$/;

export function imageDigest(image: string): string | undefined {
  return DIGEST.exec(image)?.[1];
}

/** The repository part of a digest reference (everything before `@`). */
export function imageRepository(image: string): string {
  const at = image.indexOf('@');
  return at < 0 ? image : image.slice(0, at);
}

export interface Held {
  bundle: DeclBundle;
  catalog: string;
}

export class CatalogBundleResolver {
  private readonly byImage = new Map<string, Held[]>();
  private readonly byDigest = new Map<string, Held[]>();
  /** Catalogs asked for first (`preferring`), by rank; the others follow in the order given. */
  private rank: ReadonlyMap<string, number> = new Map();

  constructor(private readonly catalogs: readonly ResolverCatalog[]) {
    for (const { name, dc } of catalogs) {
      for (const bundle of dc.bundles) {
        if (!bundle.image) continue;
        push(this.byImage, bundle.image, { bundle, catalog: name });
        const digest = imageDigest(bundle.image);
        if (digest) push(this.byDigest, digest, { bundle, catalog: name });
      }
    }
  }

  /**
   * This resolver knowing one more catalog first: a bundle being added (its image is in no catalog
   * of the repository yet) renders from the blob that comes with it.
   */
  withCatalog(first: ResolverCatalog): CatalogBundleResolver {
    const more = new CatalogBundleResolver([first, ...this.catalogs]);
    if (this.rank.size === 0) return more;
    // Keeps the catalogs asked for first, after the new one.
    const preferred = [...this.rank.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);
    return more.preferring([first.name, ...preferred]);
  }

  /**
   * The same catalogs, asked in another order: `first` (most relevant first), then the rest in the
   * order given to the constructor. Shares the index, so one per judged catalog costs nothing.
   */
  preferring(first: readonly string[]): CatalogBundleResolver {
    const view = Object.create(CatalogBundleResolver.prototype) as CatalogBundleResolver;
    Object.assign(view, this);
    view.rank = new Map(first.map((name, i) => [name, i]));
    return view;
  }

  private pick(list: readonly Held[] | undefined): Held | undefined {
    if (!list || list.length === 0) return undefined;
    if (this.rank.size === 0) return list[0];
    let best = list[0] as Held;
    let bestRank = this.rank.get(best.catalog) ?? Infinity;
    for (const h of list) {
      const r = this.rank.get(h.catalog) ?? Infinity;
      if (r < bestRank) [best, bestRank] = [h, r];
    }
    return best;
  }

  /** How many bundles with an image the resolver knows. */
  get size(): number {
    let n = 0;
    for (const list of this.byImage.values()) n += list.length;
    return n;
  }

  /**
   * The bundle `image` renders to, or undefined. Several catalogs usually hold the same bundle (one
   * per OpenShift version); the catalogs of `preferring` win, else the first catalog given. An exact
   * image in any catalog wins over the same digest under another name.
   */
  resolve(image: string): ResolvedImage | undefined {
    const exact = this.pick(this.byImage.get(image));
    if (exact) return { image, bundle: exact.bundle, catalog: exact.catalog, via: 'image' };
    const digest = imageDigest(image);
    const same = digest ? this.pick(this.byDigest.get(digest)) : undefined;
    if (!same) return undefined;
    return {
      image,
      bundle: same.bundle,
      catalog: same.catalog,
      via: 'digest',
      mapping: { from: imageRepository(image), to: imageRepository(same.bundle.image) },
    };
  }

  /** Every catalog's bundle for a digest (or, without one, for the exact image). */
  holders(image: string): readonly Held[] {
    const digest = imageDigest(image);
    return (digest ? this.byDigest.get(digest) : this.byImage.get(image)) ?? [];
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
