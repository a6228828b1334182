/**
 * A file's bytes as a Bundle resource (bundlereader loadDirectory): UTF-8 text as it is, anything
 * else gzipped and base64-encoded with encoding `base64+gz` (content.Base64GZ).
 */
import { gzipSync, gunzipSync } from 'fflate';
import type { BundleResource } from './types';

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function encodeResource(name: string, bytes: Uint8Array): BundleResource {
  try {
    return { name, content: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Go's gzip writer leaves the modification time zero; so do we.
    return { name, content: toBase64(gzipSync(bytes, { mtime: 0 })), encoding: 'base64+gz' };
  }
}

/** The bytes of a resource, whatever its encoding (for diffs of binary files: their size only). */
export function resourceBytes(r: BundleResource): Uint8Array {
  if (r.encoding === 'base64+gz') return gunzipSync(Uint8Array.from(atob(r.content), (c) => c.charCodeAt(0)));
  if (r.encoding === 'base64') return Uint8Array.from(atob(r.content), (c) => c.charCodeAt(0));
  return new TextEncoder().encode(r.content);
}
