/**
 * How Crossplane's package parser (crossplane-runtime pkg/xpkg/parser) cuts a YAML stream before
 * decoding it: apimachinery's YAMLReader splits at lines starting with `---` (followed by nothing or
 * a comment), and a document whose every line is blank, `---`, `...` or a comment (isEmptyYAML) is
 * skipped unread. A YAML parser rejects some such documents (a tab on an otherwise blank line), so
 * they are blanked here, keeping every line and column, before the file is parsed.
 */

/**
 * apimachinery's YAMLReader on a line starting with `---`: a separator when only spaces or a comment
 * follow, else (`bad`) the error that stops the reader; `undefined` for any other line.
 */
function separator(line: string): { bad?: string } | undefined {
  if (!line.startsWith('---')) return undefined;
  const rest = line.slice(3).trim();
  return rest === '' || rest.startsWith('#') ? {} : { bad: rest };
}

function isSeparator(line: string): boolean {
  const sep = separator(line);
  return sep !== undefined && sep.bad === undefined;
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

/** A document of the stream as YAMLReader returns it: its lines (0-based, end exclusive) and bytes. */
export interface StreamDocument {
  firstLine: number;
  endLine: number;
  text: string;
}

/**
 * The documents YAMLReader cuts from one file as crossplane-runtime's FsReadCloser streams it (the
 * file, then `\n...\n` and `\n---\n` before the next), each with its text as Decode receives it (a
 * missing Kind quotes it whole), and the first separator line YAMLReader refuses (`---` followed by
 * anything but spaces or a comment), which stops the parse.
 */
export function streamDocuments(text: string): {
  docs: StreamDocument[];
  /** The refused separator's line, and where the document it ends began (it and all after are never read). */
  badSeparator?: { line: number; from: number; message: string };
} {
  const lines = `${text}\n...\n\n---\n`.split('\n');
  lines.pop(); // after the final line break
  const fileLines = text.split('\n').length;
  const docs: StreamDocument[] = [];
  let start = 0;
  let buffer = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const sep = separator(line);
    if (sep) {
      if (sep.bad !== undefined) {
        return {
          docs,
          badSeparator: {
            line: Math.min(i, fileLines - 1),
            from: start,
            message: `invalid Yaml document separator: ${sep.bad}`,
          },
        };
      }
      if (buffer !== '') docs.push({ firstLine: start, endLine: Math.min(i, fileLines), text: buffer });
      buffer = '';
      start = i + 1;
      continue;
    }
    buffer += `${line}\n`;
  }
  return { docs };
}
