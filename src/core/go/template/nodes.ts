/**
 * The parse tree of text/template/parse (node.go) and Go's String() of each node, which parse
 * errors, exec errors (`executing "x" at <…>`) and parse_test.go's expectations print.
 *
 * Go's String() always writes `{{`/`}}`, whatever delimiters the template used. A TextNode prints
 * as `%s` of its text; parse_test.go switches that to `%q` (textFormat), which nodeString's
 * `quoteText` does here.
 */
import { goTrimSpace } from '../strings';
import { quoteString } from './strconv';

interface Base {
  /** UTF-16 index in the template text where the node starts. */
  pos: number;
}

export interface ListNode extends Base {
  type: 'List';
  nodes: Node[];
}
export interface TextNode extends Base {
  type: 'Text';
  text: string;
}
export interface CommentNode extends Base {
  type: 'Comment';
  text: string;
}
export interface PipeNode extends Base {
  type: 'Pipe';
  line: number;
  isAssign: boolean;
  decl: VariableNode[];
  cmds: CommandNode[];
}
export interface ActionNode extends Base {
  type: 'Action';
  line: number;
  pipe: PipeNode;
}
export interface CommandNode extends Base {
  type: 'Command';
  args: Node[];
}
export interface IdentifierNode extends Base {
  type: 'Identifier';
  ident: string;
}
export interface VariableNode extends Base {
  type: 'Variable';
  /** The variable's name (with `$`) and the fields after it. */
  ident: string[];
}
export interface DotNode extends Base {
  type: 'Dot';
}
export interface NilNode extends Base {
  type: 'Nil';
}
export interface FieldNode extends Base {
  type: 'Field';
  /** The field names, without their periods. */
  ident: string[];
}
export interface ChainNode extends Base {
  type: 'Chain';
  node: Node;
  field: string[];
}
export interface BoolNode extends Base {
  type: 'Bool';
  value: boolean;
}
/**
 * A number constant, under every type that can hold it (Go's simulation of ideal constants).
 * Complex numbers parse (their real and imaginary parts are kept) but exec refuses to use them.
 */
export interface NumberNode extends Base {
  type: 'Number';
  isInt: boolean;
  isUint: boolean;
  isFloat: boolean;
  isComplex: boolean;
  int64: bigint;
  uint64: bigint;
  float64: number;
  complex: { re: number; im: number };
  text: string;
}
export interface StringNode extends Base {
  type: 'String';
  quoted: string;
  text: string;
}
export interface EndNode extends Base {
  type: 'End';
}
export interface ElseNode extends Base {
  type: 'Else';
  line: number;
}
export interface BranchNode extends Base {
  type: 'If' | 'Range' | 'With';
  line: number;
  pipe: PipeNode;
  list: ListNode;
  elseList: ListNode | undefined;
}
export interface BreakNode extends Base {
  type: 'Break';
  line: number;
}
export interface ContinueNode extends Base {
  type: 'Continue';
  line: number;
}
export interface TemplateNode extends Base {
  type: 'Template';
  line: number;
  name: string;
  pipe: PipeNode | undefined;
}

export type Node =
  | ListNode
  | TextNode
  | CommentNode
  | PipeNode
  | ActionNode
  | CommandNode
  | IdentifierNode
  | VariableNode
  | DotNode
  | NilNode
  | FieldNode
  | ChainNode
  | BoolNode
  | NumberNode
  | StringNode
  | EndNode
  | ElseNode
  | BranchNode
  | BreakNode
  | ContinueNode
  | TemplateNode;

/** Go's String() of a node; quoteText prints text nodes as `%q` (parse_test.go's textFormat). */
export function nodeString(n: Node, quoteText = false): string {
  const out: string[] = [];
  writeTo(n, out, quoteText);
  return out.join('');
}

function writePipe(p: PipeNode, out: string[], q: boolean): void {
  if (p.decl.length > 0) {
    p.decl.forEach((v, i) => {
      if (i > 0) out.push(', ');
      writeTo(v, out, q);
    });
    out.push(p.isAssign ? ' = ' : ' := ');
  }
  p.cmds.forEach((c, i) => {
    if (i > 0) out.push(' | ');
    writeTo(c, out, q);
  });
}

function writeTo(n: Node, out: string[], q: boolean): void {
  switch (n.type) {
    case 'List':
      for (const c of n.nodes) writeTo(c, out, q);
      return;
    case 'Text':
      out.push(q ? quoteString(n.text) : n.text);
      return;
    case 'Comment':
      out.push('{{', n.text, '}}');
      return;
    case 'Pipe':
      writePipe(n, out, q);
      return;
    case 'Action':
      out.push('{{');
      writePipe(n.pipe, out, q);
      out.push('}}');
      return;
    case 'Command':
      n.args.forEach((arg, i) => {
        if (i > 0) out.push(' ');
        if (arg.type === 'Pipe') {
          out.push('(');
          writePipe(arg, out, q);
          out.push(')');
        } else writeTo(arg, out, q);
      });
      return;
    case 'Identifier':
      out.push(n.ident);
      return;
    case 'Variable':
      out.push(n.ident.join('.'));
      return;
    case 'Dot':
      out.push('.');
      return;
    case 'Nil':
      out.push('nil');
      return;
    case 'Field':
      for (const id of n.ident) out.push('.', id);
      return;
    case 'Chain':
      if (n.node.type === 'Pipe') {
        out.push('(');
        writePipe(n.node, out, q);
        out.push(')');
      } else writeTo(n.node, out, q);
      for (const f of n.field) out.push('.', f);
      return;
    case 'Bool':
      out.push(n.value ? 'true' : 'false');
      return;
    case 'Number':
      out.push(n.text);
      return;
    case 'String':
      out.push(n.quoted);
      return;
    case 'End':
      out.push('{{end}}');
      return;
    case 'Else':
      out.push('{{else}}');
      return;
    case 'If':
    case 'Range':
    case 'With':
      out.push('{{', n.type === 'If' ? 'if' : n.type === 'Range' ? 'range' : 'with', ' ');
      writePipe(n.pipe, out, q);
      out.push('}}');
      writeTo(n.list, out, q);
      if (n.elseList !== undefined) {
        out.push('{{else}}');
        writeTo(n.elseList, out, q);
      }
      out.push('{{end}}');
      return;
    case 'Break':
      out.push('{{break}}');
      return;
    case 'Continue':
      out.push('{{continue}}');
      return;
    case 'Template':
      out.push('{{template ', quoteString(n.name));
      if (n.pipe !== undefined) {
        out.push(' ');
        writePipe(n.pipe, out, q);
      }
      out.push('}}');
      return;
  }
}

/** parse.IsEmptyTree: whether the tree holds nothing but space and comments. */
export function isEmptyTree(n: Node | undefined): boolean {
  if (n === undefined) return true;
  switch (n.type) {
    case 'Comment':
      return true;
    case 'List':
      return n.nodes.every(isEmptyTree);
    case 'Text':
      return goTrimSpace(n.text) === '';
    default:
      return false;
  }
}
