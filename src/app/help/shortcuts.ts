import { actionTitle, type ActionSpec } from '../../core/edit/action';

export interface ShortcutGroup {
  where: string;
  keys: readonly (readonly [string, string])[];
}

/**
 * The keyboard shortcuts the help sheet lists, by where they work: the app's own below, and each
 * action's from its spec (`shortcut`), after the ones that work anywhere — so a new action's key is
 * listed with nothing else to change.
 */
export function shortcutGroups(specs: readonly ActionSpec[]): ShortcutGroup[] {
  const actions = specs.flatMap((s) => (s.shortcut ? [[s.shortcut, actionTitle(s.label)] as const] : []));
  const [anywhere, ...rest] = SHORTCUTS;
  return actions.length > 0
    ? [anywhere, { where: 'On the selection', keys: actions }, ...rest]
    : [...SHORTCUTS];
}

/** The app's own shortcuts (the actions' come from their specs). */
const SHORTCUTS: readonly [ShortcutGroup, ...ShortcutGroup[]] = [
  {
    where: 'Anywhere',
    keys: [
      ['?', 'This sheet'],
      ['Ctrl+K', 'Command palette: every action, command and file'],
      ['Ctrl+Z / Ctrl+Shift+Z', 'Undo / redo (actions and typing alike)'],
      ['Escape', 'Close a dialog or menu; focus goes back where it was'],
    ],
  },
  {
    where: 'Graph',
    keys: [
      ['← / →', 'Older / newer bundle'],
      ['↑ / ↓', 'Within a column'],
      ['Home / End', 'Oldest bundle / the head'],
      ['Shift+arrows', 'Pan'],
      ['+ / − / 0', 'Zoom in / out / fit'],
      ['Escape', 'Clear the selection'],
    ],
  },
  {
    where: 'Problems list',
    keys: [
      ['↑ / ↓, Home / End', 'Move through problems'],
      ['Enter', 'Go to the problem (and into the editor when it is open)'],
      ['?', 'About the selected problem’s rule'],
    ],
  },
  {
    where: 'Editor',
    keys: [
      ['Escape', 'Leave the editor, back to where you came from'],
      ['Ctrl+M', 'Tab moves focus instead of indenting (and back)'],
      ['Ctrl+.', 'Quick fix'],
    ],
  },
  {
    where: 'Presentation',
    keys: [
      ['PgDn / PgUp', 'Next / previous channel'],
      ['Escape', 'Leave'],
    ],
  },
];
