/**
 * Monaco's JSON worker answers in the Language Server Protocol's shapes (0-based positions, LSP
 * enums, markup); the JSON stream help converts them to Monaco's as Monaco's own JSON mode does
 * (monaco-editor's lspLanguageFeatures.js), which is not exported. Pure (Monaco's enums are passed
 * in), unit-tested.
 */
import type { IMarkdownString, IRange, languages } from 'monaco-editor/editor';

export interface LspPosition {
  line: number;
  character: number;
}
export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}
export interface LspMarkupContent {
  kind: 'plaintext' | 'markdown';
  value: string;
}
/** A string is markdown; `{language, value}` is a code block. */
export type LspMarkedString = string | { language: string; value: string };
export interface LspTextEdit {
  range: LspRange;
  newText: string;
}
export interface LspInsertReplaceEdit {
  newText: string;
  insert: LspRange;
  replace: LspRange;
}
export interface LspCompletionItem {
  label: string;
  kind?: number;
  detail?: string;
  documentation?: string | LspMarkupContent;
  sortText?: string;
  filterText?: string;
  insertText?: string;
  /** 1 plain text, 2 snippet. */
  insertTextFormat?: number;
  textEdit?: LspTextEdit | LspInsertReplaceEdit;
  additionalTextEdits?: LspTextEdit[];
  command?: { title: string; command: string; arguments?: unknown[] };
}
export interface LspCompletionList {
  isIncomplete: boolean;
  items: LspCompletionItem[];
}
export interface LspHover {
  contents: LspMarkupContent | LspMarkedString | LspMarkedString[];
  range?: LspRange;
}

/** Monaco's enums the conversion needs (monaco.languages.…), passed in so this file needs no Monaco. */
export interface MonacoEnums {
  kind: typeof languages.CompletionItemKind;
  insertAsSnippet: languages.CompletionItemInsertTextRule;
}

const SNIPPET = 2;

/** LSP CompletionItemKind (1-based, in order) by Monaco's name for it. */
const LSP_KINDS = [
  'Text',
  'Method',
  'Function',
  'Constructor',
  'Field',
  'Variable',
  'Class',
  'Interface',
  'Module',
  'Property',
  'Unit',
  'Value',
  'Enum',
  'Keyword',
  'Snippet',
  'Color',
  'File',
  'Reference',
  'Folder',
  'EnumMember',
  'Constant',
  'Struct',
  'Event',
  'Operator',
  'TypeParameter',
] as const;

export function toMonacoPosition(p: LspPosition): { lineNumber: number; column: number } {
  return { lineNumber: p.line + 1, column: p.character + 1 };
}

export function toLspPosition(p: { lineNumber: number; column: number }): LspPosition {
  return { line: p.lineNumber - 1, character: p.column - 1 };
}

export function toMonacoRange(r: LspRange): IRange {
  return {
    startLineNumber: r.start.line + 1,
    startColumn: r.start.character + 1,
    endLineNumber: r.end.line + 1,
    endColumn: r.end.character + 1,
  };
}

function kindOf(kind: number | undefined, enums: MonacoEnums): languages.CompletionItemKind {
  const name = kind === undefined ? undefined : LSP_KINDS[kind - 1];
  // Monaco's JSON mode shows anything it does not know as a property.
  return enums.kind[name ?? 'Property'];
}

/**
 * Completion documentation as markdown: the FBC schema's descriptions are written in markdown
 * (`code` spans), which plain text would show with their backticks.
 */
function documentationOf(d: LspCompletionItem['documentation']): IMarkdownString | undefined {
  if (d === undefined || d === '') return undefined;
  if (typeof d === 'string') return { value: d };
  return toMarkdown(d);
}

function isInsertReplace(e: LspTextEdit | LspInsertReplaceEdit): e is LspInsertReplaceEdit {
  return 'insert' in e && 'replace' in e;
}

/**
 * The worker's completions as Monaco's. `wordRange` is used for items without a text edit (the
 * word before the cursor, as Monaco's JSON mode does).
 */
export function toCompletionList(
  list: LspCompletionList | null | undefined,
  wordRange: IRange,
  enums: MonacoEnums,
): languages.CompletionList {
  if (!list) return { suggestions: [] };
  const suggestions = list.items.map((entry): languages.CompletionItem => {
    let range: languages.CompletionItem['range'] = wordRange;
    let insertText = entry.insertText || entry.label;
    if (entry.textEdit) {
      range = isInsertReplace(entry.textEdit)
        ? { insert: toMonacoRange(entry.textEdit.insert), replace: toMonacoRange(entry.textEdit.replace) }
        : toMonacoRange(entry.textEdit.range);
      insertText = entry.textEdit.newText;
    }
    const item: languages.CompletionItem = {
      label: entry.label,
      kind: kindOf(entry.kind, enums),
      insertText,
      range,
    };
    if (entry.sortText !== undefined) item.sortText = entry.sortText;
    if (entry.filterText !== undefined) item.filterText = entry.filterText;
    if (entry.detail !== undefined) item.detail = entry.detail;
    const documentation = documentationOf(entry.documentation);
    if (documentation) item.documentation = documentation;
    if (entry.insertTextFormat === SNIPPET) item.insertTextRules = enums.insertAsSnippet;
    if (entry.additionalTextEdits?.length) {
      item.additionalTextEdits = entry.additionalTextEdits.map((e) => ({
        range: toMonacoRange(e.range),
        text: e.newText,
      }));
    }
    if (entry.command) {
      item.command = { id: entry.command.command, title: entry.command.title };
      if (entry.command.arguments) item.command.arguments = entry.command.arguments;
    }
    return item;
  });
  return { suggestions, incomplete: list.isIncomplete };
}

function isMarkupContent(c: unknown): c is LspMarkupContent {
  return typeof c === 'object' && c !== null && 'kind' in c && 'value' in c;
}

/** Markup, a marked string or a code block as Monaco markdown (plain text escaped, as Monaco does). */
function toMarkdown(c: LspMarkupContent | LspMarkedString): IMarkdownString {
  if (typeof c === 'string') return { value: c };
  if (isMarkupContent(c)) {
    return { value: c.kind === 'plaintext' ? c.value.replace(/[\\`*_{}[\]()#+\-.!]/g, '\\$&') : c.value };
  }
  return { value: '```' + c.language + '\n' + c.value + '\n```\n' };
}

/** The worker's hover as Monaco's (undefined when there is nothing to show). */
export function toHover(hover: LspHover | null | undefined): languages.Hover | undefined {
  if (!hover) return undefined;
  const parts = Array.isArray(hover.contents) ? hover.contents : [hover.contents];
  const contents = parts.map(toMarkdown).filter((m) => m.value !== '');
  if (contents.length === 0) return undefined;
  const result: languages.Hover = { contents };
  if (hover.range) result.range = toMonacoRange(hover.range);
  return result;
}
