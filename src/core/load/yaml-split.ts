/**
 * Where a YAML file's documents begin and end, as k8s `YAMLReader` splits them for opm's loader
 * (load-file.ts): a text-only pass, before any document is parsed.
 */

/**
 * The k8s YAMLReader over `text` from `from`: lines starting with `---` end a non-empty document (a
 * `---` line at the start of a document stays in it); trailing text on such a line must be empty or
 * a comment. Calls `onDoc` with [start, end) of each document, or `onBadSeparator`.
 */
export function splitYamlDocuments(
  text: string,
  from: number,
  onDoc: (start: number, end: number) => boolean | void,
  onBadSeparator: (lineStart: number, rest: string) => void,
): void {
  const n = text.length;
  let docStart = from;
  // Only lines starting with `---` matter, so jump between them with indexOf. The buffered
  // document is empty exactly when no line was read since docStart.
  let lineStart = text.startsWith('---', from) ? from : -1;
  if (lineStart < 0) {
    const p = text.indexOf('\n---', from);
    lineStart = p < 0 ? -1 : p + 1;
  }
  while (lineStart >= 0) {
    const nl = text.indexOf('\n', lineStart);
    const next = nl < 0 ? n : nl + 1;
    const rest = text.slice(lineStart + 3, nl < 0 ? n : nl).trim();
    if (rest.length > 0 && rest[0] !== '#') {
      // Go returns the error and drops the buffered lines; we report it, then keep the
      // buffered document so nothing after it is hidden.
      onBadSeparator(lineStart, rest);
      if (docStart < lineStart && onDoc(docStart, lineStart) === false) return;
      docStart = next;
    } else if (docStart < lineStart) {
      if (onDoc(docStart, lineStart) === false) return;
      docStart = next;
    }
    // (A separator line at the start of a document stays in that document.)
    if (nl < 0) break;
    const p = text.indexOf('\n---', nl);
    lineStart = p < 0 ? -1 : p + 1;
  }
  if (docStart < n) onDoc(docStart, n);
}
