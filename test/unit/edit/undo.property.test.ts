import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actions,
  EditHistory,
  type AnyAction,
  type Choice,
  type EditContext,
  type EditResult,
  type FileChange,
} from '../../../src/core/edit';
import { contextOf } from './helpers';
import { JSON_CATALOG, JSON_PATH, YAML_CATALOG, YAML_PATH } from './fixtures';

/**
 * Random sequences of actions (arguments picked from each action's own `choices`) and typing,
 * recorded in one EditHistory: undoing everything restores the original bytes, redoing everything
 * gives the same final bytes, and actions alone never break a file's syntax.
 */

const ORIGINAL = new Map([
  [YAML_PATH, YAML_CATALOG],
  [JSON_PATH.replace('anakin', 'luke'), JSON_CATALOG.replaceAll('anakin', 'luke')],
]);

interface ArgSpec {
  name: string;
  /** Values offered besides the action's choices (free text a user would type). */
  free?: string[];
  optional?: boolean;
  many?: boolean;
}

const SPECS: Record<string, ArgSpec[]> = {
  promoteToChannel: [
    { name: 'bundle' },
    { name: 'channel', free: ['new-a', 'new-b'] },
    { name: 'replaces', optional: true },
    { name: 'skipRange', optional: true },
  ],
  setDefaultChannel: [{ name: 'channel' }],
  createChannel: [
    { name: 'channel', free: ['c1', 'c2'] },
    { name: 'bundles', many: true },
  ],
  removeFromChannel: [{ name: 'channel' }, { name: 'bundle' }],
  addReplaces: [{ name: 'channel' }, { name: 'bundle' }, { name: 'replaces' }],
  removeReplaces: [{ name: 'channel' }, { name: 'bundle' }],
  addSkip: [{ name: 'channel' }, { name: 'bundle' }, { name: 'skip' }],
  removeSkip: [{ name: 'channel' }, { name: 'bundle' }, { name: 'skip' }],
  setSkipRange: [{ name: 'channel' }, { name: 'bundle' }, { name: 'skipRange', free: ['<9.0.0'] }],
  removeSkipRange: [{ name: 'channel' }, { name: 'bundle' }],
  deprecate: [
    { name: 'kind' },
    { name: 'name', optional: true },
    { name: 'message', free: ['gone', 'use "other": now'] },
  ],
};

/** An action seen with untyped arguments, as a generic caller (the palette) sees it. */
interface LooseAction {
  name: string;
  label: string;
  choices?: (ctx: EditContext, args: Record<string, unknown>) => Record<string, Choice[] | undefined>;
  perform: (ctx: EditContext, args: Record<string, unknown>) => EditResult;
}
const loose = (a: AnyAction): LooseAction => a as unknown as LooseAction;

type Step =
  | { kind: 'action'; action: number; seeds: number[] }
  | { kind: 'type'; file: number; pos: number; del: number; text: string };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('action' as const),
      action: fc.nat(),
      seeds: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('type' as const),
      file: fc.nat(),
      pos: fc.nat(),
      del: fc.nat({ max: 4 }),
      text: fc.constantFrom('', ' ', 'x', '\n', '# typed\n', '"'),
    }),
  },
);

/** Builds an action's arguments from its choices; undefined when some required argument has none. */
function argsFor(ctx: EditContext, name: string, seeds: number[]): Record<string, unknown> | undefined {
  const found = actions.find((a) => a.name === name);
  const action = found && loose(found);
  const pkgs = ctx.dc.packages.map((p) => p.name);
  if (!action || pkgs.length === 0) return undefined;
  const args: Record<string, unknown> = { package: pkgs[(seeds[0] as number) % pkgs.length] };
  for (const [i, spec] of (SPECS[name] ?? []).entries()) {
    const seed = seeds[(i + 1) % seeds.length] as number;
    const offered = (action.choices?.(ctx, args)?.[spec.name] ?? []).map((c) => c.value);
    const values = [...offered, ...(spec.free ?? [])];
    if (spec.many) {
      args[spec.name] = values.filter((_, j) => (seed >> j) & 1);
      continue;
    }
    const slots = values.length + (spec.optional ? 1 : 0);
    if (slots === 0) return undefined;
    const pick = seed % slots;
    if (pick < values.length) args[spec.name] = values[pick];
  }
  return args;
}

function applyChanges(files: Map<string, string>, changes: readonly FileChange[]): void {
  for (const c of changes) {
    if (c.after === null) files.delete(c.path);
    else files.set(c.path, c.after);
  }
}

function snapshot(files: Map<string, string>): [string, string][] {
  return [...files].sort(([a], [b]) => (a < b ? -1 : 1));
}

describe('undo/redo over actions and typing (property)', () => {
  it('the same number of undos restores the original bytes; redo re-applies identically', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 12 }), (steps) => {
        const files = new Map(ORIGINAL);
        const history = new EditHistory(files);
        let recorded = 0;
        for (const step of steps) {
          if (step.kind === 'type') {
            const paths = [...files.keys()].sort();
            const path = paths[step.file % paths.length] as string;
            const before = files.get(path) as string;
            const pos = step.pos % (before.length + 1);
            const after =
              before.slice(0, pos) + step.text + before.slice(Math.min(before.length, pos + step.del));
            files.set(path, after);
            history.recordTyping(path, before, after);
            recorded++;
            continue;
          }
          const ctx = contextOf(files);
          const action = loose(actions[step.action % actions.length] as AnyAction);
          const args = argsFor(ctx, action.name, step.seeds);
          if (!args) continue;
          const result = action.perform(ctx, args);
          if (result.changes.length === 0) continue;
          for (const c of result.changes) expect(c.before).toBe(files.get(c.path) ?? null);
          applyChanges(files, result.changes);
          history.apply(result.changes, action.label);
          recorded++;
        }
        const final = snapshot(files);
        let undos = 0;
        for (let c = history.undo(); c; c = history.undo()) {
          applyChanges(files, c);
          undos++;
        }
        expect(undos).toBeLessThanOrEqual(recorded);
        expect(snapshot(files)).toEqual(snapshot(ORIGINAL));
        for (let i = 0; i < undos; i++) applyChanges(files, history.redo() ?? []);
        expect(history.canRedo).toBe(false);
        expect(snapshot(files)).toEqual(final);
        for (const [p, t] of files) expect(history.current(p)).toBe(t);
      }),
      { numRuns: 120 },
    );
  });

  it('actions alone never break a file: every result re-loads without load errors', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ action: fc.nat(), seeds: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (steps) => {
          const files = new Map(ORIGINAL);
          for (const step of steps) {
            const ctx = contextOf(files);
            const action = loose(actions[step.action % actions.length] as AnyAction);
            const args = argsFor(ctx, action.name, step.seeds);
            if (!args) continue;
            const result = action.perform(ctx, args);
            if (result.changes.length === 0) continue;
            applyChanges(files, result.changes);
            expect(contextOf(files).loadErrors).toEqual([]);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
