/**
 * Edits against catalogs written in hostile styles (CRLF line ends, a BOM, non-ASCII names and
 * comments, YAML anchors, tabs in JSON): random sequences of every registered action, arguments
 * taken from the action's own fields and choices (so a new action is covered without touching this
 * file), then undo everything: the bytes are exactly the starting ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actions,
  EditHistory,
  type Choice,
  type EditContext,
  type EditResult,
  type FieldSpec,
  type FileChange,
} from '../../../src/core/edit';
import { contextOf } from '../edit/helpers';
import { JSON_CATALOG, JSON_PATH, YAML_CATALOG, YAML_PATH } from '../edit/fixtures';
import { FUZZ_SEED, fuzzRuns } from './fuzz-runs';

interface LooseAction {
  name: string;
  label: string;
  fields: FieldSpec[];
  choices?: (ctx: EditContext, args: Record<string, unknown>) => Record<string, Choice[] | undefined>;
  perform: (ctx: EditContext, args: Record<string, unknown>) => EditResult;
}
const registry = actions as unknown as readonly LooseAction[];

/** The fixtures made hostile; each variant still loads without errors before the edits start. */
const VARIANTS: Record<string, Map<string, string>> = {
  crlf: new Map([
    [YAML_PATH, YAML_CATALOG.replace(/\n/g, '\r\n')],
    [JSON_PATH, JSON_CATALOG.replace(/\n/g, '\r\n')],
  ]),
  bom: new Map([[YAML_PATH, '\uFEFF' + YAML_CATALOG]]),
  unicode: new Map([
    [
      YAML_PATH.replace('catalog', 'katalóg'),
      YAML_CATALOG.replace('# Catalog for', '# Каталог für 🙂').replace('Really.', 'Wirklich — ☃.'),
    ],
  ]),
  anchors: new Map([
    [
      YAML_PATH,
      YAML_CATALOG.replace(
        'image: quay.io/anakin/bundle:v0.4.0',
        'image: &img quay.io/anakin/bundle:v0.4.0',
      ) + 'extra: *img\n',
    ],
  ]),
  tabs: new Map([[JSON_PATH, JSON_CATALOG.replace(/^ {4}/gm, '\t')]]),
};

const FREE: Record<string, string[]> = {
  channel: ['fresh'],
  message: ['gone: "now"'],
  skipRange: ['<9.9.9'],
};

/** Arguments from each field's choices (or a free value), picked by the seeds; undefined if stuck. */
function argsFor(
  ctx: EditContext,
  action: LooseAction,
  seeds: number[],
): Record<string, unknown> | undefined {
  const pkgs = ctx.dc.packages.map((p) => p.name);
  if (!pkgs.length) return undefined;
  const args: Record<string, unknown> = { package: pkgs[(seeds[0] as number) % pkgs.length] };
  action.fields.forEach((f, i) => {
    if (f.arg === 'package') return;
    const seed = seeds[(i + 1) % seeds.length] as number;
    const values = [
      ...(action.choices?.(ctx, args)?.[f.arg] ?? []).map((c) => c.value),
      ...(FREE[f.arg] ?? []),
    ];
    if (f.type === 'multi') args[f.arg] = values.filter((_, j) => (seed >> j) & 1);
    else if (values.length && !(f.optional && seed % 4 === 0)) args[f.arg] = values[seed % values.length];
  });
  return args;
}

function apply(files: Map<string, string>, changes: readonly FileChange[]): void {
  for (const c of changes) {
    if (c.after === null) files.delete(c.path);
    else files.set(c.path, c.after);
  }
}

const sorted = (files: Map<string, string>) => [...files].sort(([a], [b]) => (a < b ? -1 : 1));

describe('edit fuzzing over hostile styles', () => {
  it('the variants load cleanly to begin with', () => {
    for (const [name, files] of Object.entries(VARIANTS))
      expect([name, contextOf(files).loadErrors]).toEqual([name, []]);
  });

  it('any sequence of actions, then undo all: byte-identical files', () => {
    const step = fc.record({ action: fc.nat(), seeds: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }) });
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(VARIANTS)),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        (variant, steps) => {
          const start = VARIANTS[variant] as Map<string, string>;
          const files = new Map(start);
          const history = new EditHistory(files);
          for (const s of steps) {
            const ctx = contextOf(files);
            const action = registry[s.action % registry.length] as LooseAction;
            const args = argsFor(ctx, action, s.seeds);
            if (!args) continue;
            const result = action.perform(ctx, args);
            if (!result.changes.length) continue;
            for (const c of result.changes) {
              expect(c.before).toBe(files.get(c.path) ?? null);
              // An edit never writes U+FFFD (the mark of bytes that were not UTF-8) into a file.
              expect((c.after ?? '').split('\uFFFD').length).toBe((c.before ?? '').split('\uFFFD').length);
            }
            apply(files, result.changes);
            history.apply(result.changes, action.label);
          }
          for (let c = history.undo(); c; c = history.undo()) apply(files, c);
          expect(sorted(files)).toEqual(sorted(start));
        },
      ),
      { numRuns: fuzzRuns(150), seed: FUZZ_SEED },
    );
  }, 120_000);
});
