/**
 * Key chords written as in menus (`Alt+Shift+P`, `Ctrl+K`) and the test of a key event against one,
 * so a shortcut is written once, as text, in the action's spec.
 */
export function keyTest(chord: string): (e: KeyboardEvent) => boolean {
  const parts = chord.split('+').map((p) => p.trim().toLowerCase());
  const key = parts.pop() ?? '';
  const want = { ctrl: parts.includes('ctrl'), alt: parts.includes('alt'), shift: parts.includes('shift') };
  return (e) =>
    (e.ctrlKey || e.metaKey) === want.ctrl &&
    e.altKey === want.alt &&
    e.shiftKey === want.shift &&
    // With Alt (Option on macOS) `key` can be a composed character; `code` names the physical key.
    (e.key.toLowerCase() === key || e.code.toLowerCase() === `key${key}`);
}
