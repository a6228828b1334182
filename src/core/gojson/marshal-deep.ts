/**
 * goJsonMarshal for a value nested deeper than the stack allows (opm reads up to 10,000 levels):
 * the same text, built with an explicit stack. In the on-demand hostile-input chunk: only a value
 * that already made the recursive encoder run out of stack comes here.
 */
import { goJsonMarshal, goJsonString } from './encode';
import { compareGoStrings } from './fmt';

interface Frame {
  items: unknown[];
  /** Object keys (sorted as Go sorts map keys) when the value is an object; items are its values. */
  keys?: string[];
  i: number;
}

export function marshalDeep(v: unknown, escapeHTML = true): string {
  const parts: string[] = [];
  const stack: Frame[] = [];
  const open = (x: unknown): void => {
    if (x === null || typeof x !== 'object') parts.push(goJsonMarshal(x, escapeHTML));
    else if (Array.isArray(x)) {
      parts.push('[');
      stack.push({ items: x, i: 0 });
    } else {
      const o = x as Record<string, unknown>;
      const keys = Object.keys(o).sort(compareGoStrings);
      parts.push('{');
      stack.push({ items: keys.map((k) => o[k]), keys, i: 0 });
    }
  };
  open(v);
  while (stack.length) {
    const f = stack.at(-1) as Frame;
    if (f.i >= f.items.length) {
      parts.push(f.keys ? '}' : ']');
      stack.pop();
      continue;
    }
    if (f.i) parts.push(',');
    if (f.keys) parts.push(goJsonString(f.keys[f.i] as string, escapeHTML) + ':');
    open(f.items[f.i++]);
  }
  return parts.join('');
}
