/**
 * Reads the worked cases of spec/fbc-cases.md (sections A–D: one small catalog directory per case
 * and opm's exact expected outcome) so every case, including ones added later in the same format,
 * runs as a test.
 */
export interface CatalogCase {
  id: string;
  title: string;
  files: Record<string, string>;
  /** null = valid (exit 0). */
  expectedError: string | null;
  /** The case says the text comes from a Go library: compare category and main phrase only. */
  goLibraryText: boolean;
  /** The case says sibling order is not deterministic. */
  unorderedTree: boolean;
}

const FILE_LINE = /^`([^`]+)`:\s*$/;

function fileContent(body: string): string {
  const trimmed = body.trim();
  if (/^\(empty file, 0 bytes\)$/.test(trimmed)) return '';
  if (/^\(a single newline character\)$/.test(trimmed)) return '\n';
  return body;
}

export function parseCatalogCases(markdown: string): CatalogCase[] {
  const out: CatalogCase[] = [];
  const sections = markdown.split(/^### /m).slice(1);
  for (const section of sections) {
    const lines = section.split('\n');
    const header = lines[0] ?? '';
    const m = /^([A-Z]\d+)\s+—\s+(.*)$/.exec(header);
    if (!m) continue;
    const [, id, title] = m as unknown as [string, string, string];
    const files: Record<string, string> = {};
    let expectedError: string | null | undefined;
    let i = 1;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      const fm = FILE_LINE.exec(line);
      if (fm && (lines[i + 1] ?? '').startsWith('```')) {
        const end = lines.indexOf('```', i + 2);
        if (end < 0) break;
        const body = lines.slice(i + 2, end).join('\n') + '\n';
        files[fm[1] as string] = fileContent(body);
        i = end + 1;
        continue;
      }
      if (/^Expected: \*\*valid\*\*/.test(line)) expectedError = null;
      if (/^Expected error \(exact text\):/.test(line) && (lines[i + 1] ?? '').startsWith('```')) {
        const end = lines.indexOf('```', i + 2);
        expectedError = lines.slice(i + 2, end).join('\n');
        i = end + 1;
        continue;
      }
      i++;
    }
    // Cases of sections E–I have other shapes (tables, templates); they are tested by their modules.
    if (expectedError === undefined || Object.keys(files).length === 0) continue;
    out.push({
      id,
      title,
      files,
      expectedError,
      goLibraryText: /Go-library text/.test(section),
      unorderedTree: /not deterministic|compare trees as unordered|either order/i.test(section),
    });
  }
  return out;
}

/** opm prints sibling nodes in Go map order: parse a printed tree and re-print with sorted siblings. */
export function canonicalTree(text: string): string {
  interface Node {
    text: string;
    children: Node[];
  }
  const root: Node = { text: '', children: [] };
  const stack: { depth: number; node: Node }[] = [{ depth: -1, node: root }];
  let last: Node | undefined;
  for (const line of text.split('\n')) {
    const m = /^((?:[│ ] {3})*)(?:├── |└── )(.*)$/u.exec(line);
    if (!m) {
      if (last && stack.length > 1) last.text += '\n' + line;
      else {
        const n = { text: line, children: [] };
        root.children.push(n);
        stack.length = 1;
        stack.push({ depth: 0, node: n });
        last = n;
      }
      continue;
    }
    const depth = [...(m[1] as string)].length / 4 + 1;
    while ((stack[stack.length - 1] as { depth: number }).depth >= depth) stack.pop();
    const n = { text: m[2] as string, children: [] };
    (stack[stack.length - 1] as { node: Node }).node.children.push(n);
    stack.push({ depth, node: n });
    last = n;
  }
  const render = (n: Node, depth: number): string =>
    '  '.repeat(depth) +
    n.text +
    '\n' +
    n.children
      .map((c) => render(c, depth + 1))
      .sort()
      .join('');
  return root.children.map((c) => render(c, 0)).join('');
}

/** Go-library texts (JSON/YAML/base64 errors) are matched on category and main phrase: offsets and positions may differ. */
export function looseGoText(message: string): string {
  return message
    .replace(/offset \d+/g, 'offset N')
    .replace(/line \d+/g, 'line N')
    .replace(/input byte \d+/g, 'input byte N')
    .split('\n')[0] as string;
}
