/** The keyboard shortcuts the help sheet lists, by where they work. */
export const SHORTCUTS: readonly { where: string; keys: readonly [string, string][] }[] = [
  {
    where: 'Anywhere',
    keys: [
      ['?', 'This sheet'],
      ['Ctrl+K', 'Command palette: every action, command and file'],
      ['Ctrl+Z / Ctrl+Shift+Z', 'Undo / redo (actions and typing alike)'],
      ['Alt+Shift+P', 'Promote the selected bundle to a channel'],
      ['Alt+Shift+D', 'Set the default channel'],
      ['Alt+Shift+N', 'New channel'],
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
