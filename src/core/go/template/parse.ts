/**
 * The parser of text/template/parse (parse.go): a template text becomes one tree per template
 * name (the top level, each {{define}} and each {{block}}), with Go's error texts and line numbers
 * (`template: NAME:LINE: …`). The token look-ahead (three tokens, with backup2/backup3) is Go's, as
 * the error texts depend on which token was read last.
 *
 * Limits: Go caps nested parentheses at maxStackDepth (10000, or 1000 on wasm). We take the wasm
 * value, since this runs in browser workers whose stacks are no larger. Go has no cap on nested
 * control actions ({{if}} in {{if}} …, long {{else if}} chains); deliberately unlike Go, we stop at
 * maxControlDepth so that a hostile template cannot overflow the JS stack.
 *
 * Over 400 lines: it is one Go file ported whole, so that it can be read side by side with
 * parse.go.
 */
import { GoTemplateError } from './errors';
import { type Item, ItemType, type Lexer, itemString, lex } from './lex';
import {
  type BranchNode,
  type CommandNode,
  type ListNode,
  type Node,
  type PipeNode,
  type TemplateNode,
  type VariableNode,
  isEmptyTree,
  nodeString,
} from './nodes';
import { newNumber } from './number';
import { quoteString, unquote } from './strconv';

export interface Tree {
  /** The template's name. */
  name: string;
  /** The name of the top-level template being parsed, as errors cite it. */
  parseName: string;
  root: ListNode;
  /** The whole text parsed (shared by the trees of one parse). */
  text: string;
}

export interface ParseOptions {
  /** Whether a function of this name exists (the FuncMap or a builtin). */
  hasFunction: (name: string) => boolean;
  /** parse.ParseComments: keep comments as CommentNodes. */
  parseComments?: boolean;
  /** parse.SkipFuncCheck: do not check that functions are defined. */
  skipFuncCheck?: boolean;
  /** Nested parentheses allowed (Go's maxStackDepth); parse_test.go sets 3. */
  maxStackDepth?: number;
  /** Nested control actions allowed (no Go equivalent; see the file comment). */
  maxControlDepth?: number;
}

export const MAX_STACK_DEPTH = 1000;
export const MAX_CONTROL_DEPTH = 1000;
/** Go's maxPipelineCmds. */
const MAX_PIPELINE_CMDS = 100000;

interface Shared {
  lex: Lexer;
  treeSet: Map<string, Tree>;
  text: string;
  opts: ParseOptions;
  maxStackDepth: number;
  maxControlDepth: number;
  controlDepth: number;
}

const NO_ITEM: Item = { typ: ItemType.EOF, pos: 0, val: '', line: 0 };

/**
 * parse.Parse: the trees of the templates defined by the text, keyed by name; the top-level one is
 * named `name`. Throws a GoTemplateError with Go's text.
 */
export function parse(
  name: string,
  text: string,
  leftDelim: string,
  rightDelim: string,
  opts: ParseOptions,
): Map<string, Tree> {
  const shared: Shared = {
    lex: lex(name, text, leftDelim, rightDelim),
    treeSet: new Map(),
    text,
    opts,
    maxStackDepth: opts.maxStackDepth ?? MAX_STACK_DEPTH,
    maxControlDepth: opts.maxControlDepth ?? MAX_CONTROL_DEPTH,
    controlDepth: 0,
  };
  const t = new TreeParser(shared, name, name);
  t.startParse();
  t.parse();
  t.add();
  return shared.treeSet;
}

class TreeParser {
  root: ListNode | undefined;
  private token: [Item, Item, Item] = [NO_ITEM, NO_ITEM, NO_ITEM];
  private peekCount = 0;
  private vars: string[] = ['$'];
  private actionLine = 0;
  private rangeDepth = 0;
  private stackDepth = 0;

  constructor(
    private readonly s: Shared,
    private name: string,
    private readonly parseName: string,
  ) {}

  startParse(): void {
    this.root = undefined;
    this.vars = ['$'];
    this.stackDepth = 0;
    this.s.lex.options = {
      emitComment: this.s.opts.parseComments === true,
      breakOK: !this.s.opts.hasFunction('break'),
      continueOK: !this.s.opts.hasFunction('continue'),
    };
  }

  // Tokens.

  private next(): Item {
    if (this.peekCount > 0) this.peekCount--;
    else this.token[0] = this.s.lex.nextItem();
    return this.token[this.peekCount] as Item;
  }

  private backup(): void {
    this.peekCount++;
  }

  private backup2(t1: Item): void {
    this.token[1] = t1;
    this.peekCount = 2;
  }

  /** Pushes back two tokens (in reverse order); the zeroth is already there. */
  private backup3(t2: Item, t1: Item): void {
    this.token[1] = t1;
    this.token[2] = t2;
    this.peekCount = 3;
  }

  private peek(): Item {
    if (this.peekCount > 0) return this.token[this.peekCount - 1] as Item;
    this.peekCount = 1;
    this.token[0] = this.s.lex.nextItem();
    return this.token[0];
  }

  private nextNonSpace(): Item {
    for (;;) {
      const token = this.next();
      if (token.typ !== ItemType.Space) return token;
    }
  }

  private peekNonSpace(): Item {
    const token = this.nextNonSpace();
    this.backup();
    return token;
  }

  // Errors.

  private errorf(message: string): never {
    this.root = undefined;
    throw new GoTemplateError(`template: ${this.parseName}:${this.token[0].line}: ${message}`);
  }

  private expect(expected: ItemType, context: string): Item {
    const token = this.nextNonSpace();
    if (token.typ !== expected) this.unexpected(token, context);
    return token;
  }

  private expectOneOf(expected1: ItemType, expected2: ItemType, context: string): Item {
    const token = this.nextNonSpace();
    if (token.typ !== expected1 && token.typ !== expected2) this.unexpected(token, context);
    return token;
  }

  private unexpected(token: Item, context: string): never {
    if (token.typ === ItemType.Error) {
      let extra = '';
      if (this.actionLine !== 0 && this.actionLine !== token.line) {
        extra = ` in action started at ${this.parseName}:${this.actionLine}`;
        if (token.val.endsWith(' action')) extra = extra.slice(' in action'.length); // not "action in action"
      }
      this.errorf(`${itemString(token)}${extra}`);
    }
    this.errorf(`unexpected ${itemString(token)} in ${context}`);
  }

  private unquoteOrFail(quoted: string): string {
    const s = unquote(quoted);
    if (s === undefined) this.errorf('invalid syntax');
    return s;
  }

  // Trees.

  /** Adds this tree to the set; an empty tree never replaces a defined one. */
  add(): void {
    const tree = this.s.treeSet.get(this.name);
    const root = this.root as ListNode;
    if (tree === undefined || isEmptyTree(tree.root)) {
      this.s.treeSet.set(this.name, { name: this.name, parseName: this.parseName, root, text: this.s.text });
      return;
    }
    if (!isEmptyTree(root))
      this.errorf(`template: multiple definition of template ${quoteString(this.name)}`);
  }

  /** The top level: itemList that also takes {{define}}, up to EOF. */
  parse(): void {
    this.root = { type: 'List', pos: this.peek().pos, nodes: [] };
    while (this.peek().typ !== ItemType.EOF) {
      if (this.peek().typ === ItemType.LeftDelim) {
        const delim = this.next();
        if (this.nextNonSpace().typ === ItemType.Define) {
          const newT = new TreeParser(this.s, 'definition', this.parseName); // named once we know it
          newT.startParse();
          newT.parseDefinition();
          continue;
        }
        this.backup2(delim);
      }
      const n = this.textOrAction();
      if (n.type === 'End' || n.type === 'Else') this.errorf(`unexpected ${nodeString(n)}`);
      this.root.nodes.push(n);
    }
  }

  /** {{define "name"}} … {{end}}; "define" has been read. */
  private parseDefinition(): void {
    const context = 'define clause';
    const name = this.expectOneOf(ItemType.String, ItemType.RawString, context);
    this.name = this.unquoteOrFail(name.val);
    this.expect(ItemType.RightDelim, context);
    const [root, end] = this.itemList();
    this.root = root;
    if (end.type !== 'End') this.errorf(`unexpected ${nodeString(end)} in ${context}`);
    this.add();
  }

  /** textOrAction*, up to an {{end}} or {{else}}, which is returned separately. */
  private itemList(): [ListNode, Node] {
    const list: ListNode = { type: 'List', pos: this.peekNonSpace().pos, nodes: [] };
    while (this.peekNonSpace().typ !== ItemType.EOF) {
      const n = this.textOrAction();
      if (n.type === 'End' || n.type === 'Else') return [list, n];
      list.nodes.push(n);
    }
    this.errorf('unexpected EOF');
  }

  private textOrAction(): Node {
    const token = this.nextNonSpace();
    switch (token.typ) {
      case ItemType.Text:
        return { type: 'Text', pos: token.pos, text: token.val };
      case ItemType.LeftDelim:
        this.actionLine = token.line;
        try {
          return this.action();
        } finally {
          this.actionLine = 0;
        }
      case ItemType.Comment:
        return { type: 'Comment', pos: token.pos, text: token.val };
      default:
        this.unexpected(token, 'input');
    }
  }

  /** A control action, or a pipeline; the left delimiter has been read. */
  private action(): Node {
    const token = this.nextNonSpace();
    switch (token.typ) {
      case ItemType.Block:
        return this.blockControl();
      case ItemType.Break:
        return this.breakOrContinue(token, 'Break');
      case ItemType.Continue:
        return this.breakOrContinue(token, 'Continue');
      case ItemType.Else:
        return this.elseControl();
      case ItemType.End:
        return { type: 'End', pos: this.expect(ItemType.RightDelim, 'end').pos };
      case ItemType.If:
        return this.branch('If');
      case ItemType.Range:
        return this.branch('Range');
      case ItemType.Template:
        return this.templateControl();
      case ItemType.With:
        return this.branch('With');
    }
    this.backup();
    const start = this.peek();
    // Do not pop variables; they persist until "end".
    return {
      type: 'Action',
      pos: start.pos,
      line: start.line,
      pipe: this.pipeline('command', ItemType.RightDelim),
    };
  }

  private breakOrContinue(keyword: Item, type: 'Break' | 'Continue'): Node {
    const name = type === 'Break' ? '{{break}}' : '{{continue}}';
    const token = this.nextNonSpace();
    if (token.typ !== ItemType.RightDelim) this.unexpected(token, name);
    if (this.rangeDepth === 0) this.errorf(`${name} outside {{range}}`);
    return { type, pos: keyword.pos, line: keyword.line };
  }

  /** declarations? command ('|' command)* */
  private pipeline(context: string, end: ItemType): PipeNode {
    const start = this.peekNonSpace();
    const pipe: PipeNode = {
      type: 'Pipe',
      pos: start.pos,
      line: start.line,
      isAssign: false,
      decl: [],
      cmds: [],
    };
    for (;;) {
      const v = this.peekNonSpace();
      if (v.typ !== ItemType.Variable) break;
      this.next();
      // Space is a token, so "$x foo" needs three tokens of look-ahead to tell an argument
      // variable from a declaration: keep the token after the variable to push it back.
      const tokenAfterVariable = this.peek();
      const nextTok = this.peekNonSpace();
      if (nextTok.typ === ItemType.Assign || nextTok.typ === ItemType.Declare) {
        pipe.isAssign = nextTok.typ === ItemType.Assign;
        this.nextNonSpace();
        pipe.decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
      } else if (nextTok.typ === ItemType.Char && nextTok.val === ',') {
        this.nextNonSpace();
        pipe.decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
        if (context === 'range' && pipe.decl.length < 2) {
          const after = this.peekNonSpace().typ;
          if (after === ItemType.Variable || after === ItemType.RightDelim || after === ItemType.RightParen) {
            continue; // the second variable of a range
          }
          this.errorf('range can only initialize variables');
        }
        this.errorf(`too many declarations in ${context}`);
      } else if (tokenAfterVariable.typ === ItemType.Space) {
        this.backup3(v, tokenAfterVariable);
      } else {
        this.backup2(v);
      }
      break;
    }
    for (;;) {
      const token = this.nextNonSpace();
      switch (token.typ) {
        case end:
          this.checkPipeline(pipe, context);
          return pipe;
        case ItemType.Bool:
        case ItemType.CharConstant:
        case ItemType.Complex:
        case ItemType.Dot:
        case ItemType.Field:
        case ItemType.Identifier:
        case ItemType.Number:
        case ItemType.Nil:
        case ItemType.RawString:
        case ItemType.String:
        case ItemType.Variable:
        case ItemType.LeftParen:
          this.backup();
          pipe.cmds.push(this.command());
          if (pipe.cmds.length > MAX_PIPELINE_CMDS) this.errorf('pipeline too long');
          break;
        default:
          this.unexpected(token, context);
      }
    }
  }

  private checkPipeline(pipe: PipeNode, context: string): void {
    if (pipe.cmds.length === 0) this.errorf(`missing value for ${context}`);
    // Only the first command of a pipeline can start with a non-executable operand.
    pipe.cmds.slice(1).forEach((c, i) => {
      const first = c.args[0] as Node;
      if (['Bool', 'Dot', 'Nil', 'Number', 'String'].includes(first.type)) {
        this.errorf(`non executable command in pipeline stage ${i + 2}`);
      }
    });
  }

  private enterControl(): void {
    if (this.s.controlDepth >= this.s.maxControlDepth) this.errorf('max control nesting depth exceeded');
    this.s.controlDepth++;
  }

  /** {{if|range|with pipeline}} itemList ({{else}} itemList)? {{end}}; the keyword has been read. */
  private branch(type: BranchNode['type']): BranchNode {
    const context = type === 'If' ? 'if' : type === 'Range' ? 'range' : 'with';
    const mark = this.vars.length;
    this.enterControl();
    try {
      const pipe = this.pipeline(context, ItemType.RightDelim);
      if (type === 'Range') this.rangeDepth++;
      const [list, next] = this.itemList();
      if (type === 'Range') this.rangeDepth--;
      let elseList: ListNode | undefined;
      if (next.type === 'Else') {
        // "{{else if …" and "{{else with …" are "{{else}}{{if …" and "{{else}}{{with …" whose
        // {{end}} also ends the outer action: elseControl left the keyword pending.
        const chained = type === 'If' ? ItemType.If : type === 'With' ? ItemType.With : undefined;
        if (chained !== undefined && this.peek().typ === chained) {
          this.next();
          elseList = { type: 'List', pos: next.pos, nodes: [this.branch(type)] };
        } else {
          const [rest, last] = this.itemList();
          elseList = rest;
          if (last.type !== 'End') this.errorf(`expected end; found ${nodeString(last)}`);
        }
      }
      return { type, pos: pipe.pos, line: pipe.line, pipe, list, elseList };
    } finally {
      this.s.controlDepth--;
      this.vars.length = mark;
    }
  }

  private elseControl(): Node {
    const peek = this.peekNonSpace();
    if (peek.typ === ItemType.If || peek.typ === ItemType.With) {
      return { type: 'Else', pos: peek.pos, line: peek.line };
    }
    const token = this.expect(ItemType.RightDelim, 'else');
    return { type: 'Else', pos: token.pos, line: token.line };
  }

  /** {{block "name" pipeline}} itemList {{end}}: defines "name" and invokes it. */
  private blockControl(): TemplateNode {
    const context = 'block clause';
    const token = this.nextNonSpace();
    const name = this.parseTemplateName(token, context);
    const pipe = this.pipeline(context, ItemType.RightDelim);
    const block = new TreeParser(this.s, name, this.parseName);
    block.startParse();
    this.enterControl();
    try {
      const [root, end] = block.itemList();
      block.root = root;
      if (end.type !== 'End') this.errorf(`unexpected ${nodeString(end)} in ${context}`);
    } finally {
      this.s.controlDepth--;
    }
    block.add();
    return { type: 'Template', pos: token.pos, line: token.line, name, pipe };
  }

  /** {{template "name" pipeline?}} */
  private templateControl(): TemplateNode {
    const context = 'template clause';
    const token = this.nextNonSpace();
    const name = this.parseTemplateName(token, context);
    let pipe: PipeNode | undefined;
    if (this.nextNonSpace().typ !== ItemType.RightDelim) {
      this.backup();
      // Do not pop variables; they persist until "end".
      pipe = this.pipeline(context, ItemType.RightDelim);
    }
    return { type: 'Template', pos: token.pos, line: token.line, name, pipe };
  }

  private parseTemplateName(token: Item, context: string): string {
    if (token.typ === ItemType.String || token.typ === ItemType.RawString)
      return this.unquoteOrFail(token.val);
    this.unexpected(token, context);
  }

  /** operand (space operand)*, up to a pipe (consumed) or a right delimiter or paren (left). */
  private command(): CommandNode {
    const cmd: CommandNode = { type: 'Command', pos: this.peekNonSpace().pos, args: [] };
    for (;;) {
      this.peekNonSpace(); // skip leading spaces.
      const operand = this.operand();
      if (operand !== undefined) cmd.args.push(operand);
      const token = this.next();
      if (token.typ === ItemType.Space) continue;
      if (token.typ === ItemType.RightDelim || token.typ === ItemType.RightParen) this.backup();
      else if (token.typ !== ItemType.Pipe) this.unexpected(token, 'operand');
      break;
    }
    if (cmd.args.length === 0) this.errorf('empty command');
    return cmd;
  }

  /** term .Field*; undefined when the next item is not an operand. */
  private operand(): Node | undefined {
    let node = this.term();
    if (node === undefined) return undefined;
    if (this.peek().typ === ItemType.Field) {
      const chain: Node = { type: 'Chain', pos: this.peek().pos, node, field: [] };
      while (this.peek().typ === ItemType.Field) chain.field.push(this.next().val.slice(1));
      // Fields after a field or variable extend it; after a literal they are an error.
      switch (node.type) {
        case 'Field':
          node = { type: 'Field', pos: chain.pos, ident: nodeString(chain).slice(1).split('.') };
          break;
        case 'Variable':
          node = this.newVariable(chain.pos, nodeString(chain));
          break;
        case 'Bool':
        case 'String':
        case 'Number':
        case 'Nil':
        case 'Dot':
          this.errorf(`unexpected . after term ${quoteString(nodeString(node))}`);
          break;
        default:
          node = chain;
      }
    }
    return node;
  }

  /** A literal, function, `.`, `.Field`, `$x` or `( pipeline )`; undefined if none is next. */
  private term(): Node | undefined {
    const token = this.nextNonSpace();
    switch (token.typ) {
      case ItemType.Identifier:
        if (this.s.opts.skipFuncCheck !== true && !this.s.opts.hasFunction(token.val)) {
          this.errorf(`function ${quoteString(token.val)} not defined`);
        }
        return { type: 'Identifier', pos: token.pos, ident: token.val };
      case ItemType.Dot:
        return { type: 'Dot', pos: token.pos };
      case ItemType.Nil:
        return { type: 'Nil', pos: token.pos };
      case ItemType.Variable:
        return this.useVar(token.pos, token.val);
      case ItemType.Field:
        return { type: 'Field', pos: token.pos, ident: token.val.slice(1).split('.') };
      case ItemType.Bool:
        return { type: 'Bool', pos: token.pos, value: token.val === 'true' };
      case ItemType.CharConstant:
      case ItemType.Complex:
      case ItemType.Number: {
        const n = newNumber(token.pos, token.val, token.typ);
        if (typeof n === 'string') this.errorf(n);
        return n;
      }
      case ItemType.LeftParen:
        if (this.stackDepth >= this.s.maxStackDepth) this.errorf('max expression depth exceeded');
        this.stackDepth++;
        try {
          return this.pipeline('parenthesized pipeline', ItemType.RightParen);
        } finally {
          this.stackDepth--;
        }
      case ItemType.String:
      case ItemType.RawString:
        return { type: 'String', pos: token.pos, quoted: token.val, text: this.unquoteOrFail(token.val) };
    }
    this.backup();
    return undefined;
  }

  private newVariable(pos: number, ident: string): VariableNode {
    return { type: 'Variable', pos, ident: ident.split('.') };
  }

  private useVar(pos: number, name: string): VariableNode {
    const v = this.newVariable(pos, name);
    if (this.vars.includes(v.ident[0] as string)) return v;
    this.errorf(`undefined variable ${quoteString(v.ident[0] as string)}`);
  }
}
