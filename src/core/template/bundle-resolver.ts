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

export class CatalogBundleResolver {
  private readonly byImage = new Map<string, { bundle: DeclBundle; catalog: string }[]>();
  private readonly byDigest = new Map<string, { bundle: DeclBundle; catalog: string }[]>();

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
    return new CatalogBundleResolver([first, ...this.catalogs]);
  }

  /** How many bundles with an image the resolver knows. */
  get size(): number {
    let n = 0;
    for (const list of this.byImage.values()) n += list.length;
    return n;
  }

  /**
   * The bundle `image` renders to, or undefined. Several catalogs usually hold the same bundle (one
   * per OpenShift version); the first catalog given wins, so callers list the most relevant first.
   */
  resolve(image: string): ResolvedImage | undefined {
    const exact = this.byImage.get(image)?.[0];
    if (exact) return { image, bundle: exact.bundle, catalog: exact.catalog, via: 'image' };
    const digest = imageDigest(image);
    const same = digest ? this.byDigest.get(digest)?.[0] : undefined;
    if (!same) return undefined;
    return {
      image,
      bundle: same.bundle,
      catalog: same.catalog,
      via: 'digest',
      mapping: { from: imageRepository(image), to: imageRepository(same.bundle.image) },
    };
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
