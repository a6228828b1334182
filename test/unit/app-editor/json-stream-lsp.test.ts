import { describe, expect, it } from 'vitest';
import {
  toCompletionList,
  toHover,
  toLspPosition,
  type MonacoEnums,
} from '../../../src/app/editor/json-stream-lsp';

/** Monaco's CompletionItemKind values (monaco-editor 0.57), as the enum object has them. */
const KIND_NAMES = [
  'Method',
  'Function',
  'Constructor',
  'Field',
  'Variable',
  'Class',
  'Struct',
  'Interface',
  'Module',
  'Property',
  'Event',
  'Operator',
  'Unit',
  'Value',
  'Constant',
  'Enum',
  'EnumMember',
  'Keyword',
  'Text',
  'Color',
  'File',
  'Reference',
  'Customcolor',
  'Folder',
  'TypeParameter',
  'User',
  'Issue',
  'Tool',
  'Snippet',
];
const enums = {
  kind: Object.fromEntries(KIND_NAMES.map((n, i) => [n, i])),
  insertAsSnippet: 4,
} as unknown as MonacoEnums;
const kind = (name: string) => KIND_NAMES.indexOf(name);

const WORD = { startLineNumber: 3, startColumn: 5, endLineNumber: 3, endColumn: 7 };
const lsp = (line: number, character: number) => ({ line, character });

describe('toCompletionList', () => {
  it('converts a property completion as the JSON worker sends it (snippet, 0-based edit range, markdown docs)', () => {
    const list = toCompletionList(
      {
        isIncomplete: false,
        items: [
          {
            label: 'replaces',
            kind: 10,
            insertTextFormat: 2,
            documentation: 'The bundle this one upgrades from directly.',
            filterText: '"replaces"',
            textEdit: { range: { start: lsp(12, 12), end: lsp(12, 14) }, newText: '"replaces": "$1"' },
            command: { title: 'Suggest', command: 'editor.action.triggerSuggest' },
          },
        ],
      },
      WORD,
      enums,
    );
    expect(list).toEqual({
      incomplete: false,
      suggestions: [
        {
          label: 'replaces',
          kind: kind('Property'),
          insertText: '"replaces": "$1"',
          insertTextRules: 4,
          filterText: '"replaces"',
          range: { startLineNumber: 13, startColumn: 13, endLineNumber: 13, endColumn: 15 },
          documentation: { value: 'The bundle this one upgrades from directly.' },
          command: { id: 'editor.action.triggerSuggest', title: 'Suggest' },
        },
      ],
    });
  });

  it('maps LSP kinds by name, keeps plain insert texts plain, and falls back to the word range', () => {
    const { suggestions } = toCompletionList(
      {
        isIncomplete: true,
        items: [
          { label: '"olm.channel"', kind: 12, insertTextFormat: 1 },
          { label: 'true', kind: 14, insertText: 'true' },
          { label: '{}', kind: 15, documentation: { kind: 'markdown', value: '**object**' } },
          { label: 'odd', kind: 99 },
        ],
      },
      WORD,
      enums,
    );
    expect(suggestions.map((s) => s.kind)).toEqual([
      kind('Value'),
      kind('Keyword'),
      kind('Snippet'),
      kind('Property'),
    ]);
    expect(suggestions[0]).toMatchObject({ insertText: '"olm.channel"', range: WORD });
    expect(suggestions[0]!.insertTextRules).toBeUndefined();
    expect(suggestions[2]!.documentation).toEqual({ value: '**object**' });
  });

  it('converts insert/replace edits and additional edits', () => {
    const [item] = toCompletionList(
      {
        isIncomplete: false,
        items: [
          {
            label: 'name',
            textEdit: {
              newText: '"name"',
              insert: { start: lsp(0, 1), end: lsp(0, 3) },
              replace: { start: lsp(0, 1), end: lsp(0, 8) },
            },
            additionalTextEdits: [{ range: { start: lsp(0, 0), end: lsp(0, 0) }, newText: ',' }],
          },
        ],
      },
      WORD,
      enums,
    ).suggestions;
    expect(item!.range).toEqual({
      insert: { startLineNumber: 1, startColumn: 2, endLineNumber: 1, endColumn: 4 },
      replace: { startLineNumber: 1, startColumn: 2, endLineNumber: 1, endColumn: 9 },
    });
    expect(item!.additionalTextEdits).toEqual([
      { range: { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 }, text: ',' },
    ]);
  });

  it('gives no suggestions when the worker has none', () => {
    expect(toCompletionList(null, WORD, enums)).toEqual({ suggestions: [] });
  });
});

describe('toHover', () => {
  it('shows marked strings as markdown at the 1-based range', () => {
    expect(
      toHover({ contents: ['Channel entries (bundles).', ''], range: { start: lsp(4, 2), end: lsp(4, 11) } }),
    ).toEqual({
      contents: [{ value: 'Channel entries (bundles).' }],
      range: { startLineNumber: 5, startColumn: 3, endLineNumber: 5, endColumn: 12 },
    });
  });

  it('escapes plain-text markup and fences code blocks', () => {
    expect(toHover({ contents: { kind: 'plaintext', value: 'a_b *c*' } })).toEqual({
      contents: [{ value: 'a\\_b \\*c\\*' }],
    });
    expect(toHover({ contents: { language: 'json', value: '{}' } })).toEqual({
      contents: [{ value: '```json\n{}\n```\n' }],
    });
  });

  it('shows nothing for an empty hover', () => {
    expect(toHover(null)).toBeUndefined();
    expect(toHover({ contents: [] })).toBeUndefined();
    expect(toHover({ contents: '' })).toBeUndefined();
  });
});

describe('toLspPosition', () => {
  it('is 0-based', () => {
    expect(toLspPosition({ lineNumber: 1, column: 1 })).toEqual({ line: 0, character: 0 });
  });
});
