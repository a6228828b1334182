/**
 * The lexer of text/template/parse (lex.go), ported state function by state function so that
 * items, their positions and lines, and the error texts are Go's. Go runs the states until one
 * yields an item; so does nextItem here.
 *
 * Positions are UTF-16 indexes into the text (Go's are byte offsets); exec converts them to byte
 * columns where Go prints them.
 *
 * Over 400 lines: it is one Go file ported whole (item types, the lexer, its state functions), so
 * that it can be read side by side with lex.go.
 */
import { codePointAt, formatRuneU, isGoDigit, isGoLetter, isGoPrint, quoteString, widthAt } from './strconv';

export const ItemType = {
  Error: 0,
  Bool: 1,
  Char: 2,
  CharConstant: 3,
  Comment: 4,
  Complex: 5,
  Assign: 6,
  Declare: 7,
  EOF: 8,
  Field: 9,
  Identifier: 10,
  LeftDelim: 11,
  LeftParen: 12,
  Number: 13,
  Pipe: 14,
  RawString: 15,
  RightDelim: 16,
  RightParen: 17,
  Space: 18,
  String: 19,
  Text: 20,
  Variable: 21,
  // Keywords appear after all the rest.
  Keyword: 22,
  Block: 23,
  Break: 24,
  Continue: 25,
  Dot: 26,
  Define: 27,
  Else: 28,
  End: 29,
  If: 30,
  Nil: 31,
  Range: 32,
  Template: 33,
  With: 34,
} as const;

export type ItemType = (typeof ItemType)[keyof typeof ItemType];

const KEY: ReadonlyMap<string, ItemType> = new Map<string, ItemType>([
  ['.', ItemType.Dot],
  ['block', ItemType.Block],
  ['break', ItemType.Break],
  ['continue', ItemType.Continue],
  ['define', ItemType.Define],
  ['else', ItemType.Else],
  ['end', ItemType.End],
  ['if', ItemType.If],
  ['range', ItemType.Range],
  ['nil', ItemType.Nil],
  ['template', ItemType.Template],
  ['with', ItemType.With],
]);

export interface Item {
  typ: ItemType;
  /** UTF-16 index of the item's start in the input. */
  pos: number;
  val: string;
  /** The line number at the start of this item. */
  line: number;
}

/** Go's item.String(), as parse errors quote an unexpected token. */
export function itemString(i: Item): string {
  if (i.typ === ItemType.EOF) return 'EOF';
  if (i.typ === ItemType.Error) return i.val;
  if (i.typ > ItemType.Keyword) return `<${i.val}>`;
  const runes = Array.from(i.val);
  if (runes.length > 10) return quoteString(runes.slice(0, 10).join('')) + '...';
  return quoteString(i.val);
}

export interface LexOptions {
  emitComment: boolean;
  breakOK: boolean;
  continueOK: boolean;
}

const EOF = -1;
const SPACE_CHARS = ' \t\r\n';
const LEFT_COMMENT = '/*';
const RIGHT_COMMENT = '*/';
/** A trim marker is '-' plus a space before (right) or after (left) it. */
const TRIM_MARKER_LEN = 2;

type StateFn = (l: Lexer) => StateFn | null;

function isSpace(r: number): boolean {
  return r === 0x20 || r === 0x09 || r === 0x0d || r === 0x0a;
}

function isAlphaNumeric(r: number): boolean {
  return r === 0x5f || (r >= 0 && (isGoLetter(r) || isGoDigit(r)));
}

function hasLeftTrimMarker(s: string, at: number): boolean {
  return s.length - at >= 2 && s[at] === '-' && isSpace(s.charCodeAt(at + 1));
}

function hasRightTrimMarker(s: string, at: number): boolean {
  return s.length - at >= 2 && isSpace(s.charCodeAt(at)) && s[at + 1] === '-';
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

function rightTrimLength(s: string, from: number, to: number): number {
  let i = to;
  while (i > from && SPACE_CHARS.includes(s[i - 1] as string)) i--;
  return to - i;
}

function leftTrimLength(s: string, from: number): number {
  let i = from;
  while (i < s.length && SPACE_CHARS.includes(s[i] as string)) i++;
  return i - from;
}

export class Lexer {
  input: string;
  pos = 0;
  start = 0;
  atEOF = false;
  parenDepth = 0;
  line = 1;
  startLine = 1;
  item: Item;
  insideAction = false;
  options: LexOptions = { emitComment: false, breakOK: false, continueOK: false };

  constructor(
    readonly name: string,
    input: string,
    readonly leftDelim: string,
    readonly rightDelim: string,
  ) {
    this.input = input;
    this.item = { typ: ItemType.EOF, pos: 0, val: 'EOF', line: 1 };
  }

  next(): number {
    if (this.pos >= this.input.length) {
      this.atEOF = true;
      return EOF;
    }
    const r = codePointAt(this.input, this.pos);
    this.pos += widthAt(this.input, this.pos);
    if (r === 0x0a) this.line++;
    return r;
  }

  peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  backup(): void {
    if (!this.atEOF && this.pos > 0) {
      const lo = this.input.charCodeAt(this.pos - 1);
      const w =
        lo >= 0xdc00 && lo <= 0xdfff && this.pos >= 2 && widthAt(this.input, this.pos - 2) === 2 ? 2 : 1;
      this.pos -= w;
      if (lo === 0x0a) this.line--;
    }
  }

  thisItem(typ: ItemType): Item {
    const i: Item = {
      typ,
      pos: this.start,
      val: this.input.slice(this.start, this.pos),
      line: this.startLine,
    };
    this.start = this.pos;
    this.startLine = this.line;
    return i;
  }

  emit(typ: ItemType): null {
    return this.emitItem(this.thisItem(typ));
  }

  emitItem(i: Item): null {
    this.item = i;
    return null;
  }

  /** Skips the pending input, counting its newlines (it was not read with next). */
  ignore(): void {
    this.line += countNewlines(this.input, this.start, this.pos);
    this.start = this.pos;
    this.startLine = this.line;
  }

  accept(valid: string): boolean {
    const r = this.next();
    if (r >= 0 && valid.includes(String.fromCodePoint(r))) return true;
    this.backup();
    return false;
  }

  acceptRun(valid: string): void {
    for (;;) {
      const r = this.next();
      if (r < 0 || !valid.includes(String.fromCodePoint(r))) break;
    }
    this.backup();
  }

  /** Yields an error item and ends the scan: the input is dropped, so only EOF follows. */
  errorf(message: string): null {
    this.item = { typ: ItemType.Error, pos: this.start, val: message, line: this.startLine };
    this.start = 0;
    this.pos = 0;
    this.input = '';
    return null;
  }

  nextItem(): Item {
    this.item = { typ: ItemType.EOF, pos: this.pos, val: 'EOF', line: this.startLine };
    let state: StateFn | null = this.insideAction ? lexInsideAction : lexText;
    while (state !== null) state = state(this);
    return this.item;
  }

  atRightDelim(): { delim: boolean; trimSpaces: boolean } {
    const { input, pos, rightDelim } = this;
    if (hasRightTrimMarker(input, pos) && input.startsWith(rightDelim, pos + TRIM_MARKER_LEN)) {
      return { delim: true, trimSpaces: true };
    }
    return { delim: input.startsWith(rightDelim, pos), trimSpaces: false };
  }

  /** Whether the input is at a character that may follow an identifier (it splits .X.Y, rejects $x+2). */
  atTerminator(): boolean {
    const r = this.peek();
    if (isSpace(r)) return true;
    switch (r) {
      case EOF:
      case 0x2e: // .
      case 0x2c: // ,
      case 0x7c: // |
      case 0x3a: // :
      case 0x29: // )
      case 0x28: // (
        return true;
    }
    return this.input.startsWith(this.rightDelim, this.pos);
  }

  scanNumber(): boolean {
    this.accept('+-');
    let digits = '0123456789_';
    if (this.accept('0')) {
      // A leading 0 does not mean octal in floats.
      if (this.accept('xX')) digits = '0123456789abcdefABCDEF_';
      else if (this.accept('oO')) digits = '01234567_';
      else if (this.accept('bB')) digits = '01_';
    }
    this.acceptRun(digits);
    if (this.accept('.')) this.acceptRun(digits);
    if (digits.length === 10 + 1 && this.accept('eE')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    if (digits.length === 16 + 6 + 1 && this.accept('pP')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    this.accept('i');
    if (isAlphaNumeric(this.peek())) {
      this.next();
      return false;
    }
    return true;
  }
}

/** Creates a lexer; empty delimiters mean Go's defaults, `{{` and `}}`. */
export function lex(name: string, input: string, left: string, right: string): Lexer {
  return new Lexer(name, input, left === '' ? '{{' : left, right === '' ? '}}' : right);
}

function lexText(l: Lexer): StateFn | null {
  const x = l.input.indexOf(l.leftDelim, l.pos);
  if (x >= 0) {
    if (x > l.pos) {
      l.pos = x;
      // Trim the text's trailing space if the action starts with a trim marker.
      let trimLength = 0;
      if (hasLeftTrimMarker(l.input, l.pos + l.leftDelim.length)) {
        trimLength = rightTrimLength(l.input, l.start, l.pos);
      }
      l.pos -= trimLength;
      l.line += countNewlines(l.input, l.start, l.pos);
      const i = l.thisItem(ItemType.Text);
      l.pos += trimLength;
      l.ignore();
      if (i.val.length > 0) return l.emitItem(i);
    }
    return lexLeftDelim;
  }
  l.pos = l.input.length;
  if (l.pos > l.start) {
    l.line += countNewlines(l.input, l.start, l.pos);
    return l.emit(ItemType.Text);
  }
  return l.emit(ItemType.EOF);
}

function lexLeftDelim(l: Lexer): StateFn | null {
  l.pos += l.leftDelim.length;
  const trimSpace = hasLeftTrimMarker(l.input, l.pos);
  const afterMarker = trimSpace ? TRIM_MARKER_LEN : 0;
  if (l.input.startsWith(LEFT_COMMENT, l.pos + afterMarker)) {
    l.pos += afterMarker;
    l.ignore();
    return lexComment;
  }
  const i = l.thisItem(ItemType.LeftDelim);
  l.insideAction = true;
  l.pos += afterMarker;
  l.ignore();
  l.parenDepth = 0;
  return l.emitItem(i);
}

function lexComment(l: Lexer): StateFn | null {
  l.pos += LEFT_COMMENT.length;
  const x = l.input.indexOf(RIGHT_COMMENT, l.pos);
  if (x < 0) return l.errorf('unclosed comment');
  l.pos = x + RIGHT_COMMENT.length;
  const { delim, trimSpaces } = l.atRightDelim();
  if (!delim) return l.errorf('comment ends before closing delimiter');
  l.line += countNewlines(l.input, l.start, l.pos);
  const i = l.thisItem(ItemType.Comment);
  if (trimSpaces) l.pos += TRIM_MARKER_LEN;
  l.pos += l.rightDelim.length;
  if (trimSpaces) l.pos += leftTrimLength(l.input, l.pos);
  l.ignore();
  if (l.options.emitComment) return l.emitItem(i);
  return lexText;
}

function lexRightDelim(l: Lexer): StateFn | null {
  const { trimSpaces } = l.atRightDelim();
  if (trimSpaces) {
    l.pos += TRIM_MARKER_LEN;
    l.ignore();
  }
  l.pos += l.rightDelim.length;
  const i = l.thisItem(ItemType.RightDelim);
  if (trimSpaces) {
    l.pos += leftTrimLength(l.input, l.pos);
    l.ignore();
  }
  l.insideAction = false;
  return l.emitItem(i);
}

function lexInsideAction(l: Lexer): StateFn | null {
  if (l.atRightDelim().delim) {
    if (l.parenDepth === 0) return lexRightDelim;
    return l.errorf('unclosed left paren');
  }
  const r = l.next();
  if (r === EOF) return l.errorf('unclosed action');
  if (isSpace(r)) {
    l.backup(); // Put the space back in case we have " -}}".
    return lexSpace;
  }
  switch (r) {
    case 0x3d: // =
      return l.emit(ItemType.Assign);
    case 0x3a: // :
      if (l.next() !== 0x3d) return l.errorf('expected :=');
      return l.emit(ItemType.Declare);
    case 0x7c: // |
      return l.emit(ItemType.Pipe);
    case 0x22: // "
      return lexQuote;
    case 0x60: // `
      return lexRawQuote;
    case 0x24: // $
      return lexVariable;
    case 0x27: // '
      return lexChar;
    case 0x2e: {
      // '.': a field, unless a digit follows ('.' can start a number).
      if (l.pos < l.input.length) {
        const c = l.input.charCodeAt(l.pos);
        if (c < 0x30 || c > 0x39) return lexField;
      }
      l.backup();
      return lexNumber;
    }
    case 0x28: // (
      l.parenDepth++;
      return l.emit(ItemType.LeftParen);
    case 0x29: // )
      l.parenDepth--;
      if (l.parenDepth < 0) return l.errorf('unexpected right paren');
      return l.emit(ItemType.RightParen);
  }
  if (r === 0x2b || r === 0x2d || (r >= 0x30 && r <= 0x39)) {
    l.backup();
    return lexNumber;
  }
  if (isAlphaNumeric(r)) {
    l.backup();
    return lexIdentifier;
  }
  if (r < 0x80 && isGoPrint(r)) return l.emit(ItemType.Char);
  return l.errorf(`unrecognized character in action: ${formatRuneU(r)}`);
}

/** A run of spaces; the first is not consumed yet. Minds a trim-marked right delimiter (" -}}"). */
function lexSpace(l: Lexer): StateFn | null {
  let numSpaces = 0;
  while (isSpace(l.peek())) {
    l.next();
    numSpaces++;
  }
  if (
    hasRightTrimMarker(l.input, l.pos - 1) &&
    l.input.startsWith(l.rightDelim, l.pos - 1 + TRIM_MARKER_LEN)
  ) {
    l.backup(); // Before the space.
    if (numSpaces === 1) return lexRightDelim; // On the delimiter, so go right to that.
  }
  return l.emit(ItemType.Space);
}

function lexIdentifier(l: Lexer): StateFn | null {
  for (;;) {
    const r = l.next();
    if (isAlphaNumeric(r)) continue;
    l.backup();
    const word = l.input.slice(l.start, l.pos);
    if (!l.atTerminator()) return l.errorf(`bad character ${formatRuneU(r)}`);
    const key = KEY.get(word);
    if (key !== undefined && key > ItemType.Keyword) {
      if (
        (key === ItemType.Break && !l.options.breakOK) ||
        (key === ItemType.Continue && !l.options.continueOK)
      ) {
        return l.emit(ItemType.Identifier);
      }
      return l.emit(key);
    }
    if (word[0] === '.') return l.emit(ItemType.Field);
    if (word === 'true' || word === 'false') return l.emit(ItemType.Bool);
    return l.emit(ItemType.Identifier);
  }
}

function lexField(l: Lexer): StateFn | null {
  return lexFieldOrVariable(l, ItemType.Field);
}

function lexVariable(l: Lexer): StateFn | null {
  if (l.atTerminator()) return l.emit(ItemType.Variable); // Nothing interesting follows: "$".
  return lexFieldOrVariable(l, ItemType.Variable);
}

function lexFieldOrVariable(l: Lexer, typ: ItemType): StateFn | null {
  if (l.atTerminator()) return l.emit(typ === ItemType.Variable ? ItemType.Variable : ItemType.Dot);
  let r: number;
  for (;;) {
    r = l.next();
    if (!isAlphaNumeric(r)) {
      l.backup();
      break;
    }
  }
  if (!l.atTerminator()) return l.errorf(`bad character ${formatRuneU(r)}`);
  return l.emit(typ);
}

function lexChar(l: Lexer): StateFn | null {
  for (;;) {
    let r = l.next();
    if (r === 0x5c) {
      r = l.next();
      if (r !== EOF && r !== 0x0a) continue;
      return l.errorf('unterminated character constant');
    }
    if (r === EOF || r === 0x0a) return l.errorf('unterminated character constant');
    if (r === 0x27) break;
  }
  return l.emit(ItemType.CharConstant);
}

/**
 * A number: decimal, octal, hex, float or imaginary. Like Go's it accepts some invalid forms ("089",
 * "0x0.2"); the parser (strconv) rejects them.
 */
function lexNumber(l: Lexer): StateFn | null {
  if (!l.scanNumber()) return l.errorf(`bad number syntax: ${quoteString(l.input.slice(l.start, l.pos))}`);
  const sign = l.peek();
  if (sign === 0x2b || sign === 0x2d) {
    // Complex: 1+2i. No spaces, must end in 'i'.
    if (!l.scanNumber() || l.input[l.pos - 1] !== 'i') {
      return l.errorf(`bad number syntax: ${quoteString(l.input.slice(l.start, l.pos))}`);
    }
    return l.emit(ItemType.Complex);
  }
  return l.emit(ItemType.Number);
}

function lexQuote(l: Lexer): StateFn | null {
  for (;;) {
    let r = l.next();
    if (r === 0x5c) {
      r = l.next();
      if (r !== EOF && r !== 0x0a) continue;
      return l.errorf('unterminated quoted string');
    }
    if (r === EOF || r === 0x0a) return l.errorf('unterminated quoted string');
    if (r === 0x22) break;
  }
  return l.emit(ItemType.String);
}

function lexRawQuote(l: Lexer): StateFn | null {
  for (;;) {
    const r = l.next();
    if (r === EOF) return l.errorf('unterminated raw quoted string');
    if (r === 0x60) break;
  }
  return l.emit(ItemType.RawString);
}
