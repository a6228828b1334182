import type { JsonPath, LocRef } from '../location';
import { refTo } from './json-path';
import type { Deprecation, ModelBundle, ModelChannel, ModelPackage } from './types';

/** Pointers from model objects back to the blobs they came from (paths use Go field names). */

export function packageRef(p: ModelPackage, path: JsonPath = []): LocRef {
  return refTo(p.origin, p.raw, path);
}

/** A field of the channel entry that lists `b`. Undefined only for hand-built models without origins. */
export function entryRef(ch: ModelChannel, b: ModelBundle, path: JsonPath = []): LocRef | undefined {
  const origin = b.entryOrigin ?? ch.origin;
  if (origin === undefined) return undefined;
  return refTo(origin, ch.raw, ['entries', b.entryIndex, ...path]);
}

/** A field of `b`'s olm.bundle blob, or its channel entry when there is no blob (R35 quirk). */
export function bundleRef(ch: ModelChannel, b: ModelBundle, path: JsonPath = []): LocRef | undefined {
  if (b.origin === undefined) return entryRef(ch, b);
  return refTo(b.origin, b.raw, path);
}

/** The path of `field` inside the bundle's olm.package property value. */
export function packagePropertyPath(b: ModelBundle, field: string): JsonPath {
  const i = b.properties.findIndex((p) => p.type === 'olm.package');
  return i < 0 ? ['properties'] : ['properties', i, 'value', field];
}

/** The `message` of the olm.deprecations entry behind `d`. */
export function deprecationRef(d: Deprecation): LocRef {
  return refTo(d.origin, d.raw, ['entries', d.entryIndex, 'message']);
}
