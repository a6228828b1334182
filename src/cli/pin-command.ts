/**
 * `fbc-studio pin FILE...`: every tagged image a template or catalog names rewritten to its digest,
 * in place (`repo:tag` → `repo@sha256:…`, the registry and repository as written), everything else
 * in the file byte for byte. Each tag is resolved once at the registry (the digest of what the tag
 * points at — an image index's own digest for a multi-platform image, as `skopeo inspect` gives).
 * All tags are resolved before anything is written; each file is written through a temporary file
 * and a rename, so a failed pull leaves every file as it was.
 */
import { promises as fs } from 'node:fs';
import { applyPins, imageSpans } from '../core/edit/pin-images';
import type { Io } from './command-args';
import { registryFlags } from './image-args';

/** `pin` options as declared in commands.ts. */
export interface PinOptions {
  dryRun?: boolean;
  useHttp?: boolean;
  skipTlsVerify?: boolean;
  caFile?: string;
}

export async function pinCommand(positionals: string[], values: PinOptions, io: Io): Promise<number> {
  const registry = await import('../node/registry');
  const files = await Promise.all(
    positionals.map(async (path) => {
      const text = await fs.readFile(path, 'utf8');
      const format: 'json' | 'yaml' = /\.json$/i.test(path) || /^\s*[{[]/.test(text) ? 'json' : 'yaml';
      return { path, text, spans: imageSpans(text, format) };
    }),
  );
  const tagged = new Set<string>();
  for (const f of files) {
    for (const s of f.spans) {
      try {
        if (!registry.parseReference(s.value).digest) tagged.add(s.value);
      } catch {
        // Not an image reference (an empty value, a placeholder): left as written.
      }
    }
  }
  const options = registry.pullOptions(registryFlags(values), io.err);
  const pins = new Map<string, string>();
  for (const image of tagged) {
    const ref = registry.parseReference(image);
    const digest = await options.client.digestOf(ref);
    const tagAt = image.lastIndexOf(':');
    pins.set(image, `${image.slice(0, tagAt)}@${digest}`);
  }
  for (const f of files) {
    const out = applyPins(f.text, f.spans, pins);
    const changed = f.spans.filter((s) => pins.has(s.value)).length;
    if (changed === 0) {
      io.err(`${f.path}: every image is pinned already\n`);
      continue;
    }
    io.err(
      `${f.path}: ${values.dryRun ? 'would pin' : 'pinned'} ${changed} image reference${changed === 1 ? '' : 's'}\n`,
    );
    if (values.dryRun) {
      io.out(out);
      continue;
    }
    const tmp = `${f.path}.fbc-studio-pin.tmp`;
    await fs.writeFile(tmp, out);
    await fs.rename(tmp, f.path);
  }
  for (const [from, to] of pins) io.err(`  ${from} → ${to}\n`);
  return 0;
}
