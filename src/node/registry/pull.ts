/**
 * Pulling an image for a command to read: the manifest (from a mirror first, when a mirror rule
 * applies), its config (the labels say what the image is), then only the layers' paths that kind
 * of image is read at — a catalog image's FBC directory (label
 * `operators.operatorframework.io.index.configs.v1`), a bundle image's manifests/ and metadata/ —
 * unpacked into the cache. Layers download in parallel; each is cached by digest and checked.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { ImageCache } from './cache';
import { MAX_MANIFEST_BYTES, RegistryClient, type ImageManifest } from './client';
import { readBody, RegistryHttpError } from './http';
import { pullSources, type MirrorRule } from './mirrors';
import { parseReference, type ImageReference } from './reference';
import { applyLayer, DEFAULT_UNPACK_LIMITS, type UnpackLimits } from './unpack';

export const CONFIGS_LABEL = 'operators.operatorframework.io.index.configs.v1';
export const BUNDLE_MANIFESTS_LABEL = 'operators.operatorframework.io.bundle.manifests.v1';
export const BUNDLE_METADATA_LABEL = 'operators.operatorframework.io.bundle.metadata.v1';
export const DATABASE_LABEL = 'operators.operatorframework.io.index.database.v1';

export type ImageKind = 'catalog' | 'bundle';

export interface PulledImage {
  /** The reference as written. */
  ref: string;
  kind: ImageKind;
  /** The manifest digest the image resolved to. */
  digest: string;
  labels: Record<string, string>;
  /** The unpacked root; `dir` is the folder to read inside it (the FBC root, or the bundle root). */
  root: string;
  dir: string;
  /** Where it was pulled from, when a mirror served it. */
  mirror?: string;
  /** True when nothing was downloaded but the manifest. */
  cached: boolean;
}

export interface PullOptions {
  client: RegistryClient;
  cache: ImageCache;
  mirrors: readonly MirrorRule[];
  limits?: UnpackLimits;
  maxLayerBytes?: number;
  /** Layers fetched at once. */
  parallel?: number;
}

/** A label's folder inside the image; normalised from the root so `../` can never leave it. */
function relDir(label: string): string {
  return posix
    .normalize('/' + label)
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
}

async function resolveManifest(
  ref: ImageReference,
  o: PullOptions,
): Promise<{ manifest: ImageManifest; from: ImageReference; mirror?: string }> {
  const sources = pullSources(ref, o.mirrors);
  if ('blocked' in sources) throw new RegistryHttpError(`pulling ${ref.raw}: ${sources.blocked}`);
  const errors: string[] = [];
  for (const s of sources) {
    try {
      const manifest = await o.client.manifest(s.ref);
      return s.mirrorFrom
        ? { manifest, from: s.ref, mirror: `${s.ref.registry}/${s.ref.repository}` }
        : { manifest, from: s.ref };
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  throw new RegistryHttpError(
    errors.length === 1
      ? (errors[0] as string)
      : `pulling ${ref.raw}: every source failed:\n  ${errors.join('\n  ')}`,
  );
}

async function fetchBlobs(from: ImageReference, manifest: ImageManifest, o: PullOptions): Promise<boolean> {
  const max = o.maxLayerBytes ?? 2 * 1024 ** 3;
  const todo: ImageManifest['layers'] = [];
  for (const layer of manifest.layers) if (!(await o.cache.hasBlob(layer.digest))) todo.push(layer);
  const parallel = Math.max(1, o.parallel ?? 4);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length) {
      const layer = todo[next++];
      if (!layer) break;
      if (layer.size > max)
        throw new RegistryHttpError(
          `pulling ${from.raw}: layer ${layer.digest} is ${layer.size} bytes, more than the limit of ${max}`,
        );
      const res = await o.client.blob(from, layer.digest);
      await o.cache.putBlob(
        layer.digest,
        res.body,
        Math.min(max, layer.size || max),
        `layer ${layer.digest} of ${from.raw}`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, todo.length) }, worker));
  return todo.length === 0;
}

/** Pulls `raw` and unpacks what its kind of image is read at. */
export async function pullImage(raw: string, o: PullOptions): Promise<PulledImage> {
  const ref = parseReference(raw);
  // A digest's content never moves: an image already unpacked for that digest is read with no request.
  const known = ref.digest ? await o.cache.resolvedDigest(ref.digest) : undefined;
  if (known && (await o.cache.isUnpacked(known.key))) {
    const root = o.cache.unpackedPath(known.key);
    return {
      ref: raw,
      kind: known.kind,
      digest: known.manifest,
      labels: known.labels,
      root,
      dir: join(root, known.dir),
      cached: true,
    };
  }
  const { manifest, from, mirror } = await resolveManifest(ref, o);
  let configBytes: Buffer;
  if (await o.cache.hasBlob(manifest.config.digest))
    configBytes = await readFile(o.cache.blobPath(manifest.config.digest));
  else {
    const res = await o.client.blob(from, manifest.config.digest);
    configBytes = await readBody(res, MAX_MANIFEST_BYTES, `the config of ${raw}`);
    const got = `sha256:${createHash('sha256').update(configBytes).digest('hex')}`;
    if (got !== manifest.config.digest)
      throw new RegistryHttpError(
        `pulling ${raw}: config digest mismatch: expected ${manifest.config.digest}, got ${got}`,
      );
  }
  const config = JSON.parse(configBytes.toString('utf8')) as {
    config?: { Labels?: Record<string, string> | null };
  };
  const labels = config.config?.Labels ?? {};
  let kind: ImageKind;
  let prefixes: string[];
  let dir: string;
  if (labels[CONFIGS_LABEL]) {
    kind = 'catalog';
    dir = relDir(labels[CONFIGS_LABEL]);
    prefixes = [dir];
  } else if (labels[BUNDLE_MANIFESTS_LABEL] || labels[BUNDLE_METADATA_LABEL]) {
    kind = 'bundle';
    dir = '';
    prefixes = [
      relDir(labels[BUNDLE_MANIFESTS_LABEL] ?? 'manifests/'),
      relDir(labels[BUNDLE_METADATA_LABEL] ?? 'metadata/'),
    ];
  } else if (labels[DATABASE_LABEL]) {
    throw new RegistryHttpError(
      `${raw} is a SQLite-based index image (label ${DATABASE_LABEL}); only file-based catalogs are read — migrate it with \`opm migrate\``,
    );
  } else {
    throw new RegistryHttpError(
      `${raw} is neither a catalog image (no label ${CONFIGS_LABEL}) nor a bundle image (no label ${BUNDLE_MANIFESTS_LABEL})`,
    );
  }
  const key = `${manifest.digest.slice(7)}-${createHash('sha256').update(prefixes.join('\n')).digest('hex').slice(0, 12)}`;
  const base: Omit<PulledImage, 'cached'> = {
    ref: raw,
    kind,
    digest: manifest.digest,
    labels,
    root: o.cache.unpackedPath(key),
    dir: join(o.cache.unpackedPath(key), dir),
  };
  if (mirror) base.mirror = mirror;
  const remember = async (): Promise<void> => {
    if (ref.digest)
      await o.cache.rememberDigest(ref.digest, { key, kind, manifest: manifest.digest, labels, dir });
  };
  if (await o.cache.isUnpacked(key)) {
    await remember();
    return { ...base, cached: true };
  }
  const cached = await fetchBlobs(from, manifest, o);
  const tmp = await o.cache.tempDir();
  const counters = { bytes: 0, entries: 0 };
  try {
    for (const layer of manifest.layers) {
      // The layer was checked when it was written; check again before it is used.
      if (!(await o.cache.hasBlob(layer.digest)))
        throw new RegistryHttpError(`pulling ${raw}: layer ${layer.digest} changed in the cache`);
      await applyLayer(
        o.cache.blobPath(layer.digest),
        tmp,
        prefixes,
        o.limits ?? DEFAULT_UNPACK_LIMITS,
        counters,
        layer.digest,
      );
    }
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    throw e;
  }
  await o.cache.commitUnpacked(tmp, key);
  await remember();
  return { ...base, cached };
}
