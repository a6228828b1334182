import { describe, expect, it } from 'vitest';
import { EditHistory } from '../../../src/core/edit';

describe('EditHistory', () => {
  it('undoes and redoes an action over several files, returning full texts', () => {
    const h = new EditHistory([
      ['a.yaml', 'one\ntwo\n'],
      ['b.json', '{}\n'],
    ]);
    h.apply(
      [
        { path: 'a.yaml', before: 'one\ntwo\n', after: 'one\n2\n' },
        { path: 'b.json', before: '{}\n', after: '{"x":"y"}\n' },
      ],
      'Promote to channel',
    );
    expect(h.canUndo).toBe(true);
    expect(h.undoLabel).toBe('Promote to channel');
    expect(h.undo()).toEqual([
      { path: 'b.json', before: '{"x":"y"}\n', after: '{}\n' },
      { path: 'a.yaml', before: 'one\n2\n', after: 'one\ntwo\n' },
    ]);
    expect(h.current('a.yaml')).toBe('one\ntwo\n');
    expect(h.canUndo).toBe(false);
    expect(h.redoLabel).toBe('Promote to channel');
    expect(h.redo()).toEqual([
      { path: 'a.yaml', before: 'one\ntwo\n', after: 'one\n2\n' },
      { path: 'b.json', before: '{}\n', after: '{"x":"y"}\n' },
    ]);
    expect(h.redo()).toBeUndefined();
  });

  it('coalesces consecutive typing in one file into one step', () => {
    const h = new EditHistory([['a.yaml', 'name: a\n']]);
    h.recordTyping('a.yaml', 'name: a\n', 'name: ab\n');
    h.recordTyping('a.yaml', 'name: ab\n', 'name: abc\n');
    h.recordTyping('a.yaml', 'name: abc\n', 'name: abcd\n');
    expect(h.undo()).toEqual([{ path: 'a.yaml', before: 'name: abcd\n', after: 'name: a\n' }]);
    expect(h.canUndo).toBe(false);
  });

  it('an action, typing in another file, or seal() ends a typing step', () => {
    const h = new EditHistory([
      ['a', 'x'],
      ['b', 'y'],
    ]);
    h.recordTyping('a', 'x', 'x1');
    h.recordTyping('b', 'y', 'y1');
    h.recordTyping('a', 'x1', 'x12');
    h.seal();
    h.recordTyping('a', 'x12', 'x123');
    h.apply([{ path: 'a', before: 'x123', after: 'A' }], 'Set as default channel');
    h.recordTyping('a', 'A', 'AB');
    const seen: string[] = [];
    while (h.canUndo) {
      h.undo();
      seen.push(`${h.current('a')}|${h.current('b')}`);
    }
    expect(seen).toEqual(['A|y1', 'x123|y1', 'x12|y1', 'x1|y1', 'x1|y', 'x|y']);
  });

  it('typing that comes back to where it started leaves no step', () => {
    const h = new EditHistory([['a', 'abc']]);
    h.recordTyping('a', 'abc', 'abcd');
    h.recordTyping('a', 'abcd', 'abc');
    expect(h.canUndo).toBe(false);
  });

  it('a new step clears redo', () => {
    const h = new EditHistory([['a', '1']]);
    h.apply([{ path: 'a', before: '1', after: '2' }], 'x');
    h.undo();
    h.recordTyping('a', '1', '3');
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBeUndefined();
  });

  it('undoing a file creation deletes it (after: null); redo creates it again', () => {
    const h = new EditHistory([['pkg.yaml', 'p\n']]);
    h.apply([{ path: 'channels/new.yaml', before: null, after: 'c\n' }], 'Create channel');
    expect(h.current('channels/new.yaml')).toBe('c\n');
    expect(h.undo()).toEqual([{ path: 'channels/new.yaml', before: 'c\n', after: null }]);
    expect(h.current('channels/new.yaml')).toBeUndefined();
    expect(h.redo()).toEqual([{ path: 'channels/new.yaml', before: null, after: 'c\n' }]);
  });

  it('keeps only the changed span of a big file per step', () => {
    const big = 'x: 1\n'.repeat(200_000);
    const h = new EditHistory([['big.yaml', big]]);
    for (let i = 0; i < 50; i++) {
      const cur = h.current('big.yaml') as string;
      h.apply(
        [{ path: 'big.yaml', before: cur, after: `${cur.slice(0, 5000)}y: ${i}\n${cur.slice(5000)}` }],
        `step ${i}`,
      );
    }
    expect(h.storedChars()).toBeLessThan(1000);
    for (let i = 0; i < 50; i++) h.undo();
    expect(h.current('big.yaml')).toBe(big);
  });

  it('drops the oldest steps past the limit', () => {
    const h = new EditHistory([['a', '0']], 3);
    for (let i = 1; i <= 5; i++) h.apply([{ path: 'a', before: String(i - 1), after: String(i) }], `to ${i}`);
    let n = 0;
    while (h.undo()) n++;
    expect(n).toBe(3);
    expect(h.current('a')).toBe('2');
  });
});
