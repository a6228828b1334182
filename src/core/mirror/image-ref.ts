/**
 * How oc-mirror v2 names a catalog: its image reference parser (internal/pkg/image/image.go
 * ParseRef) and the unique name a `mirror.operators[]` entry gets from `catalog`, `targetCatalog`
 * and `targetTag` (internal/pkg/api/v2alpha1/type_config.go GetUniqueName / getUniqueNameWithTarget /
 * IsValidPathComponent), at openshift/oc-mirror 855b64a3, with its texts. The configuration's
 * validation (isc.ts) finds duplicate catalogs by this name and reports its errors as they are.
 */

import { goQuote as q } from '../go/strings';
import { digestError } from '../model/image-ref';

const DOCKER = 'docker://';

export interface ImageSpec {
  transport: string;
  reference: string;
  name: string;
  domain: string;
  pathComponent: string;
  tag: string;
  algorithm: string;
  digest: string;
}

const unparsable = (ref: string) => `${ref} unable to parse image correctly`;

/** ParseRef: a reference with or without a `transport://` prefix (docker:// when none). */
export function parseRef(imgRef: string): ImageSpec | { error: string } {
  const spec: ImageSpec = {
    transport: '',
    reference: '',
    name: '',
    domain: '',
    pathComponent: '',
    tag: '',
    algorithm: '',
    digest: '',
  };
  if (imgRef.includes('://')) {
    const parts = imgRef.split('://');
    if (parts.length === 2) {
      spec.transport = parts[0] + '://';
      spec.reference = parts[1] as string;
      spec.name = parts[1] as string;
    }
  } else {
    spec.transport = DOCKER;
    spec.reference = imgRef;
    spec.name = imgRef;
  }
  if (spec.name.includes('@')) {
    const parts = spec.name.split('@');
    if (parts.length > 1) {
      // go-digest's Parse, as opm's reference checks use it (core/model/image-ref.ts).
      const d = parts[1] as string;
      if (digestError(d) !== undefined) return { error: `${unparsable(imgRef)} : invalid digest` };
      spec.algorithm = d.slice(0, d.indexOf(':'));
      spec.digest = d.slice(d.indexOf(':') + 1);
      spec.name = parts[0] as string;
    }
  }
  if (spec.name.includes(':') && spec.transport === DOCKER) {
    const lastColon = spec.name.lastIndexOf(':');
    const slash = spec.name.indexOf('/');
    if (slash < 0 || (slash > 0 && lastColon > slash)) {
      spec.tag = spec.name.slice(lastColon + 1);
      spec.name = spec.name.slice(0, lastColon);
    }
  }
  if (spec.name === '') return { error: 'unknown image : reference name is empty' };
  if (spec.transport === DOCKER && spec.tag === '' && spec.digest === '') {
    return { error: `${unparsable(imgRef)} : tag and digest are empty` };
  }
  if (spec.transport === DOCKER) {
    const components = spec.name.split('/');
    if (components.length >= 2) {
      spec.pathComponent = components.slice(1).join('/');
      spec.domain = components[0] as string;
    } else {
      spec.pathComponent = components[0] as string;
    }
  } else {
    spec.pathComponent = spec.name;
  }
  return spec;
}

export const PATH_COMPONENT =
  /^([a-z0-9]+((?:[._]|__|[-]*)[a-z0-9]+)*)(\/([a-z0-9]+((?:[._]|__|[-]*)[a-z0-9]+)*))*$/;

/** IsValidPathComponent: `targetCatalog` is path components only (no registry, tag or digest). */
export const isValidPathComponent = (target: string): boolean => PATH_COMPONENT.test(target);

/** getUniqueNameWithTarget: the name oc-mirror tracks and publishes the catalog under. */
export function uniqueName(
  source: string,
  targetPath = '',
  targetTag = '',
): { name: string } | { error: string } {
  const spec = parseRef(source);
  if ('error' in spec) return spec;
  if (targetPath === '' && targetTag === '') return { name: spec.reference };
  let reference = spec.reference;
  if (targetTag !== '') reference = `${spec.name}:${targetTag}`;
  if (targetPath !== '') {
    if (!isValidPathComponent(targetPath)) {
      return {
        error: `invalid target path component ${q(targetPath)}: should not contain a tag or digest. Expected format is 1 or more path components separated by /, where each path component is a set of alpha-numeric and regexp (?:[._]|__|[-]*). For more, see https://github.com/containers/image/blob/main/docker/reference/regexp.go`,
      };
    }
    // Go's strings.Replace(…, 1): the first occurrence, which may sit in the registry's name.
    reference = reference.replace(spec.pathComponent, () => targetPath);
  }
  return { name: reference };
}
