import type { CatalogSource, SourceFile } from './types';

/**
 * The same source, listed at most once: deciding what a folder is (one catalog or a repository)
 * and then loading it, or loading each of a repository's catalogs, all read one listing.
 */
export function listedOnce(source: CatalogSource): CatalogSource {
  let listing: Promise<SourceFile[]> | undefined;
  const out: CatalogSource = {
    name: source.name,
    list: () => (listing ??= source.list()),
    read: (p) => source.read(p),
  };
  if (source.write) out.write = (p, d) => source.write!(p, d);
  return out;
}
