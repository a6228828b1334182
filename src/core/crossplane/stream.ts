/**
 * How Crossplane's package parser (crossplane-runtime pkg/xpkg/parser) cuts a YAML stream before
 * decoding it: apimachinery's YAMLReader splits at lines starting with `---` (followed by nothing or
 * a comment), and a document whose every line is blank, `---`, `...` or a comment (isEmptyYAML) is
 * skipped unread. A YAML parser rejects some such documents (a tab on an otherwise blank line), so
 * they are blanked here, keeping every line and column, before the file is parsed.
 */

/** apimachinery's YAMLReader: `---` at the start of a line, then only spaces or a comment. */
function isSeparator(line: string): boolean {
  if (!line.startsWith('---')) return false;
  const rest = line.slice(3).trim();
  return rest === '' || rest.startsWith('#');
}

/** parser.isEmptyYAML for one line (Go's unicode.IsSpace is JavaScript's \s). */
function isEmptyLine(line: string): boolean {
  const trimmed = line.replace(/^\s+/, '');
  return trimmed === '' || trimmed === '---' || trimmed === '...' || trimmed.startsWith('#');
}

/** The stream with every document the parser skips turned into spaces (line breaks kept). */
export function blankSkippedDocuments(text: string): string {
  const lines = text.split('\n');
  let start = 0;
  const blank = (end: number) => {
    const chunk = lines.slice(start, end);
    if (chunk.every(isEmptyLine))
      for (let i = start; i < end; i++) lines[i] = ' '.repeat(lines[i]?.length ?? 0);
  };
  lines.forEach((line, i) => {
    if (!isSeparator(line)) return;
    blank(i);
    start = i + 1;
  });
  blank(lines.length);
  return lines.join('\n');
}
