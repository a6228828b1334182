import { unzipSync } from 'fflate';
import { MemorySource } from './memory';

/**
 * A catalog in a zip (what the app's "download as zip" writes, or a CI artifact), as a source.
 * When every file sits under one top folder, that folder is the catalog root, as after unzipping.
 */
export function zipSource(data: Uint8Array, name = 'zip'): MemorySource {
  const files = new Map<string, Uint8Array>();
  for (const [path, bytes] of Object.entries(unzipSync(data)))
    if (!path.endsWith('/')) files.set(path, bytes);
  const tops = new Set([...files.keys()].map((p) => (p.includes('/') ? p.split('/')[0] : '')));
  const top = tops.size === 1 ? [...tops][0] : '';
  if (top) {
    const strip = `${top}/`;
    return new MemorySource(new Map([...files].map(([p, b]) => [p.slice(strip.length), b])), name);
  }
  return new MemorySource(files, name);
}
