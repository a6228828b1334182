import type { DeclarativeConfig } from '../declcfg/types';
import type { Model } from '../model/types';
import type { CatalogBundleResolver } from '../template/bundle-resolver';
import type { SemverTemplateContext } from './template/semver-context';

/**
 * One-click catalog actions (promote, set default channel, draw/remove an edge, deprecate, …) in
 * the style of excalidraw's actions: each is a pure function from the current file texts to the
 * text edits it makes. The UI applies the changes, records them in the undo history and re-loads;
 * nothing here touches a DOM or an editor.
 */

/** What an action applies to, so menus and the command palette can offer it. */
export type ActionTarget = 'package' | 'channel' | 'bundle' | 'edge';

export interface EditContext {
  /** Current text of every catalog file, by the path the loader used. */
  files: ReadonlyMap<string, string>;
  /** The declcfg loaded from exactly these texts (its blob origins index into them). */
  dc: DeclarativeConfig;
  /** The model converted from `dc` (may be partial when the catalog has errors). */
  model: Model;
}

/** One file's full text before and after. `null` means the file does not exist (creation / deletion). */
export interface FileChange {
  path: string;
  before: string | null;
  after: string | null;
}

/** What the UI should select once the change is applied. */
export interface EditSelection {
  package: string;
  channel?: string;
  bundle?: string;
}

export interface EditResult {
  /** Only the files that change; empty when the action refused (see `error`). */
  changes: FileChange[];
  /** Things the user should know before keeping the change (several heads, stranded users…). */
  warnings: string[];
  /** Why nothing was changed: a user-level problem, never an exception. */
  error?: string;
  select?: EditSelection;
}

/** One value offered for an argument by a picker. */
export interface Choice {
  value: string;
  label: string;
  /** A short explanation shown beside the label (version, "not in this channel", …). */
  detail?: string;
  /** The value the action would use if the argument were left out (e.g. the current head). */
  recommended?: boolean;
}

/** For each argument the UI still has to pick, the values that make sense given the others. */
export type Choices<A> = { [K in keyof A]?: Choice[] };

/** How the UI asks for one argument. */
export interface FieldSpec<Arg extends string = string> {
  arg: Arg;
  label: string;
  /** choice: pick one of `choices()`; combo: pick or type; text: free text; multi: several. */
  type: 'choice' | 'combo' | 'text' | 'multi';
  optional?: boolean;
  /** For optional choices: the label of "none" (e.g. no replaces), sent as null. */
  none?: string;
  placeholder?: string;
  /** Only asked for when another argument has one of these values. */
  when?: { arg: Arg; in: string[] };
}

/**
 * Where the UI offers an action: a context menu or panel button for a package, channel, bundle, an
 * edge of one kind, or a new edge drawn between two bundles (`draw`, offered in both directions).
 */
export type MenuPlace =
  'package' | 'channel' | 'bundle' | 'edge:replaces' | 'edge:skips' | 'edge:skipRange' | 'draw';

/**
 * One place an action is offered. Texts may name what was clicked: `{package}`, `{channel}`,
 * `{bundle}`, and for edges `{from}` (the older end) and `{to}` (the bundle holding the edge).
 * An argument whose text names something the click did not have is left out.
 */
export interface Placement {
  on: MenuPlace;
  /** Menu text; the action's label when left out. */
  label?: string;
  /** Arguments taken from the click, on top of `{package}`, `{channel}` and `{bundle}`. */
  args?: Record<string, string>;
}

/** Everything the UI needs to offer an action, as plain data (it crosses the worker boundary). */
export interface ActionSpec<N extends string = string> {
  /** Stable id, e.g. `promoteToChannel`. */
  name: N;
  /** Menu and palette text, e.g. `Promote to channel…`. */
  label: string;
  /** A key chord such as `Alt+P`; it runs the action on what is selected, as the palette would. */
  shortcut?: string;
  /** The arguments the UI asks for, in dialog order. */
  fields: FieldSpec[];
  /** Where it is offered; its target kinds (package / channel / bundle / edge) follow from these. */
  placements: Placement[];
  /**
   * Where its arguments come from when the palette or a shortcut starts it. Left out: from what is
   * selected, and the action dialog asks for the rest. Otherwise from an input of its own, which
   * needs nothing selected (src/app/commands/run-action.ts opens it).
   */
  startsFrom?: ActionStart;
}

/** Inputs an action can start from instead of the selection: `bundle-folder`, a bundle folder the user picks. */
export type ActionStart = 'bundle-folder';

/**
 * How an action runs where a template generates the catalog (template/template-edit.ts), stated
 * beside its `perform` so that an action added later works or refuses with a reason there too.
 * The hooks take the arguments as plain data, as they come from the UI.
 */
export interface TemplateHooks {
  /**
   * On an olm.semver template (channels and edges generated from versions): the edit of its
   * Candidate/Fast/Stable lists (template/semver-actions.ts), or — a string — why the action has no
   * meaning there and what to do instead.
   */
  semver:
    | string
    | ((
        s: SemverTemplateContext,
        args: Readonly<Record<string, unknown>>,
        resolver: CatalogBundleResolver | undefined,
      ) => EditResult);
  /**
   * On a basic template (FBC blobs in a list), when `perform` on its entries is not the whole story
   * (e.g. a bundle named by its image); left out, `perform` runs unchanged.
   */
  basic?: (
    ctx: EditContext,
    args: Record<string, unknown>,
    resolver: CatalogBundleResolver | undefined,
  ) => EditResult;
  /**
   * The bundle the action brings that no catalog holds yet (its olm.bundle blob in the arguments):
   * rendering the template afterwards takes that bundle from here, not from a catalog.
   */
  newBundle?: (args: Readonly<Record<string, unknown>>) => unknown;
}

/**
 * One user command, defined once: its spec (what menus, palette, dialog and shortcuts show), its
 * pure behaviour and how it runs on a template. `A` is the argument object `perform` takes.
 */
export interface Action<A, N extends string = string> extends ActionSpec<N> {
  fields: FieldSpec<keyof A & string>[];
  /** Choices that make sense for the UI pickers, given the arguments known so far. */
  choices?(ctx: EditContext, args: Partial<A>): Choices<A>;
  /** Pure: the same context and arguments always give the same result. Never throws for user errors. */
  perform(ctx: EditContext, args: A): EditResult;
  /** On a template that generates the catalog. */
  template: TemplateHooks;
}

/** Defines a command, keeping its name's literal type (for `ActionName` and `ArgsOf`). */
export function defineAction<A, const N extends string>(action: Action<A, N>): Action<A, N> {
  return action;
}

/** The target kinds an action applies to, from where it is offered. */
export function targetsOf(spec: Pick<ActionSpec, 'placements'>): ActionTarget[] {
  const out: ActionTarget[] = [];
  for (const p of spec.placements) {
    // Drawing a new edge is an action on an edge too.
    const t: ActionTarget = p.on.startsWith('edge:') || p.on === 'draw' ? 'edge' : (p.on as ActionTarget);
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/** The label as a sentence subject (undo steps, notices): "Promote to channel…" → "Promote to channel". */
export const actionTitle = (label: string): string => label.replace(/…$/, '');

/** The plain-data part of an action, for the UI. */
export function specOf<N extends string>(a: ActionSpec<N>): ActionSpec<N> {
  const spec: ActionSpec<N> = { name: a.name, label: a.label, fields: a.fields, placements: a.placements };
  if (a.shortcut) spec.shortcut = a.shortcut;
  if (a.startsFrom) spec.startsFrom = a.startsFrom;
  return spec;
}

/** Fields still to fill: required, asked for (see `when`), and with no value yet. */
export function missingFields(spec: ActionSpec, args: Record<string, unknown>): FieldSpec[] {
  return spec.fields.filter((f) => {
    if (f.optional) return false;
    if (f.when && !f.when.in.includes(String(args[f.when.arg] ?? ''))) return false;
    const v = args[f.arg];
    return v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
  });
}

export function refuse(error: string, warnings: string[] = []): EditResult {
  return { changes: [], warnings, error };
}
