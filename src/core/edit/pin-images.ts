/**
 * Where a catalog or template names images, to pin tags to digests in place (Konflux and the
 * community pipeline refuse bundle images that are not digest-pinned). Only the image values are
 * touched: every other byte — comments, key order, quoting, indentation — stays as written.
 *
 * An image is the value of an `image` key (olm.bundle blobs, basic-template entries, relatedImages)
 * or `Image` (olm.semver's Bundles), or a substitution's `name` (olm.template.substitutes).
 * YAML is read with its source ranges; JSON (possibly several objects one after another, as opm
 * writes catalogs) by its quoted keys, since image references never need escapes.
 */
import { isMap, isPair, isScalar, isSeq, parseAllDocuments, type Node } from 'yaml';

export interface ImageSpan {
  /** Offsets of the value as written, quotes included. */
  start: number;
  end: number;
  value: string;
  quote: '' | '"' | "'";
}

const IMAGE_KEYS = new Set(['image', 'Image']);

function yamlSpans(text: string): ImageSpan[] {
  const out: ImageSpan[] = [];
  const visit = (node: unknown, parentKey: string | undefined, inSubstitutions: boolean): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        const v = pair.value as Node | null;
        if (
          isScalar(v) &&
          typeof v.value === 'string' &&
          v.range &&
          (IMAGE_KEYS.has(key) || (inSubstitutions && key === 'name'))
        ) {
          const raw = text.slice(v.range[0], v.range[1]);
          const quote = raw.startsWith('"') ? '"' : raw.startsWith("'") ? "'" : '';
          if (!raw.includes('\n')) out.push({ start: v.range[0], end: v.range[1], value: v.value, quote });
        } else visit(v, key, false);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) visit(item, undefined, parentKey === 'substitutions');
    }
  };
  for (const doc of parseAllDocuments(text)) visit(doc.contents, undefined, false);
  return out;
}

function jsonSpans(text: string): ImageSpan[] {
  const out: ImageSpan[] = [];
  const re = /"(image|Image)"\s*:\s*("([^"\\\n]*)")/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const value = m[3] as string;
    const start = m.index + m[0].length - (m[2] as string).length;
    out.push({ start, end: start + (m[2] as string).length, value, quote: '"' });
  }
  return out;
}

/** The image values of a file, in file order. */
export function imageSpans(text: string, format: 'json' | 'yaml'): ImageSpan[] {
  return format === 'json' ? jsonSpans(text) : yamlSpans(text);
}

/** The text with each image in `pins` (as written → pinned) replaced, quoting kept. */
export function applyPins(
  text: string,
  spans: readonly ImageSpan[],
  pins: ReadonlyMap<string, string>,
): string {
  let out = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const to = pins.get(s.value);
    if (to === undefined || to === s.value) continue;
    out += text.slice(at, s.start) + s.quote + to + s.quote;
    at = s.end;
  }
  return out + text.slice(at);
}
