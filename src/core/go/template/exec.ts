/**
 * exec.go's walk of the tree: actions, if/with, range (slices, maps in Go's key order, ints), break
 * and continue, template invocation, and the printing of action values.
 *
 * Go ends a loop with a panic that walkRange recovers; here walk returns what ended it. As in Go, a
 * {{break}} in the else branch of an inner range ends only that range, while a {{continue}} there
 * continues the outer one.
 *
 * maxExecDepth: Go allows 100000 nested template invocations, 1000 on wasm. We take the wasm
 * value: a JS stack, like the one Go's wasm port runs on, does not grow.
 */
import { compareGoStrings, utf8Length } from '../strings';
import { goFormatV } from '../../gojson/fmt';
import { evalPipeline } from './eval';
import type { BranchNode, ListNode, Node, TemplateNode } from './nodes';
import { nodeString } from './nodes';
import { State } from './state';
import { quoteString } from './strconv';
import { Iface, type Val, truth } from './value';
import { type GoMap, type GoValue, isGoMap } from './values';

export const MAX_EXEC_DEPTH = 1000;

const NORMAL = 0;
const BREAK = 1;
const CONTINUE = 2;
type Ctl = typeof NORMAL | typeof BREAK | typeof CONTINUE;

export function walk(s: State, dot: Val, node: Node): Ctl {
  s.at(node);
  switch (node.type) {
    case 'Action': {
      // Variables declared here persist until the enclosing {{end}}; a declaration prints nothing.
      const val = evalPipeline(s, dot, node.pipe);
      if (node.pipe.decl.length === 0) printValue(s, node, val);
      return NORMAL;
    }
    case 'Break':
      return BREAK;
    case 'Continue':
      return CONTINUE;
    case 'Comment':
      return NORMAL;
    case 'If':
    case 'With':
      return walkIfOrWith(s, dot, node);
    case 'List':
      return walkList(s, dot, node);
    case 'Range':
      return walkRange(s, dot, node);
    case 'Template':
      walkTemplate(s, dot, node);
      return NORMAL;
    case 'Text':
      s.write(node.text);
      return NORMAL;
  }
  s.errorf(`unknown node: ${nodeString(node)}`);
}

function walkList(s: State, dot: Val, list: ListNode): Ctl {
  for (const n of list.nodes) {
    const c = walk(s, dot, n);
    if (c !== NORMAL) return c;
  }
  return NORMAL;
}

/** if and with are alike, except that with sets dot. */
function walkIfOrWith(s: State, dot: Val, node: BranchNode): Ctl {
  const mark = s.mark();
  try {
    const val = evalPipeline(s, dot, node.pipe);
    if (truth(val)) return walk(s, node.type === 'With' ? val : dot, node.list);
    if (node.elseList !== undefined) return walk(s, dot, node.elseList);
    return NORMAL;
  } finally {
    s.pop(mark);
  }
}

function walkRange(s: State, dot: Val, r: BranchNode): Ctl {
  s.at(r);
  const outer = s.mark();
  try {
    const val = evalPipeline(s, dot, r.pipe);
    // Mark the top of the stack before any variables in the body are pushed.
    const mark = s.mark();
    const decl = r.pipe.decl;
    /** One pass of the body; true when it ended the loop. */
    const oneIteration = (index: Val, elem: Val): boolean => {
      s.countIteration(r.pipe);
      if (decl.length > 0) {
        if (r.pipe.isAssign) {
          // With two variables the index comes first; with one, the element.
          s.setVar(decl[0]?.ident[0] as string, decl.length > 1 ? index : elem);
        } else s.setTopVar(1, elem);
      }
      if (decl.length > 1) {
        if (r.pipe.isAssign) s.setVar(decl[1]?.ident[0] as string, elem);
        else s.setTopVar(2, index);
      }
      try {
        return walk(s, elem, r.list) === BREAK;
      } finally {
        s.pop(mark);
      }
    };
    let ran = false;
    if (typeof val === 'bigint') {
      if (decl.length > 1) s.errorf(`can't use ${goFormatV(val)} to iterate over more than one variable`);
      for (let i = 0n; i < val; i++) {
        ran = true;
        if (oneIteration(undefined, i)) break;
      }
    } else if (Array.isArray(val)) {
      const items = val as readonly GoValue[];
      for (let i = 0; i < items.length; i++) {
        ran = true;
        if (oneIteration(BigInt(i), new Iface(items[i] as GoValue))) break;
      }
    } else if (isGoMap(val)) {
      const m = val;
      for (const k of Object.keys(m).sort(compareGoStrings)) {
        ran = true;
        if (oneIteration(k, new Iface(m[k] as GoValue))) break;
      }
    } else if (val !== undefined) {
      // An invalid value (a nil map, say) acts like an empty one; anything else cannot be ranged.
      s.errorf(`range can't iterate over ${goFormatV(val)}`);
    }
    if (ran || r.elseList === undefined) return NORMAL;
    // A break in this else branch ends this range (Go's walkRange recovers it); continue goes on.
    return walk(s, dot, r.elseList) === CONTINUE ? CONTINUE : NORMAL;
  } finally {
    s.pop(outer);
  }
}

function walkTemplate(s: State, dot: Val, t: TemplateNode): void {
  s.at(t);
  const tree = s.ctx.trees.get(t.name);
  if (tree === undefined) s.errorf(`template ${quoteString(t.name)} not defined`);
  if (s.depth === s.ctx.maxExecDepth) s.errorf(`exceeded maximum template depth (${s.ctx.maxExecDepth})`);
  // Variables declared by the pipeline persist.
  const newDot = evalPipeline(s, dot, t.pipe);
  // No dynamic scoping: the template sees only $.
  const inner = new State(s.ctx, t.name, tree, s.depth + 1, [{ name: '$', value: newDot }]);
  walk(inner, newDot, tree.root);
}

/**
 * The exact length of goFormatV(v) in UTF-8 bytes, or Infinity once it passes `limit`: checked
 * before formatting, so that data formatting to more than the output may hold is never built.
 */
function formattedBytes(v: GoValue, limit: number): number {
  let total = 0;
  const stack: GoValue[] = [v];
  while (stack.length > 0) {
    const x = stack.pop() as GoValue;
    if (x === null || typeof x !== 'object') {
      total += typeof x === 'string' ? utf8Length(x) : goFormatV(x).length;
    } else if (Array.isArray(x)) {
      total += 2 + Math.max(0, x.length - 1);
      for (const e of x as readonly GoValue[]) stack.push(e);
    } else {
      const keys = Object.keys(x);
      total += 5 + Math.max(0, keys.length - 1) + keys.length; // map[ ] and k:v separators
      for (const k of keys) {
        total += utf8Length(k);
        stack.push((x as GoMap)[k] as GoValue);
      }
    }
    if (total > limit) return Infinity;
  }
  return total;
}

/** printValue: the invalid value prints `<no value>`, anything else as fmt's %v. */
function printValue(s: State, node: Node, v: Val): void {
  s.at(node);
  if (v === undefined) {
    s.write('<no value>');
    return;
  }
  const x = v instanceof Iface ? v.v : v;
  if (typeof x === 'string') {
    s.write(x);
    return;
  }
  if (formattedBytes(x, s.remaining()) === Infinity) s.outputLimitError();
  s.write(goFormatV(x));
}
