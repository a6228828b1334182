import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { repoRoot } from '../../support/shared';

export const demoDir = resolve(repoRoot, 'public/demo');

/** Every file under public/demo (manifest.json included), path → bytes. */
export function demoTree(): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(demoDir, p).split('\\').join('/')] = readFileSync(p);
    }
  };
  walk(demoDir);
  return out;
}

export const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);
