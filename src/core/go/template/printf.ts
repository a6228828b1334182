/**
 * fmt's print.go for the values a template handles: Sprint, Sprintln and Sprintf (flags, width,
 * precision, `*`, explicit argument indexes `%[n]d`, and the `%!d(string=x)`, `%!d(MISSING)`,
 * `%!(EXTRA …)`, `%!(BADWIDTH)` error forms).
 *
 * Differs from Go: `%p` prints the bad-verb form (there are no addresses to print), and complex
 * numbers do not exist here. A bigint at or above 2^63 prints as a uint64 would.
 *
 * Over 400 lines: doPrintf and its helpers are one unit in print.go and stay one here.
 */
import { compareGoStrings } from '../strings';
import { type Flags, FmtLimitError, Formatter, clearFlags } from './fmt-format';
import { concreteTypeName } from './value';
import type { GoMap, GoValue } from './values';

export { FmtLimitError };

const NONE = Symbol('none');
const TWO63 = 1n << 63n;

/** fmt's tooLarge: widths and precisions beyond a million are refused. */
function tooLarge(x: number): boolean {
  return x > 1e6 || x < -1e6;
}

/** parsenum: the number at s[start:end] (0, false when none); an overflow consumes the rest. */
function parsenum(s: string, start: number, end: number): { num: number; isnum: boolean; newi: number } {
  if (start >= end) return { num: 0, isnum: false, newi: end };
  let num = 0;
  let isnum = false;
  let newi = start;
  for (; newi < end && s.charCodeAt(newi) >= 0x30 && s.charCodeAt(newi) <= 0x39; newi++) {
    if (tooLarge(num)) return { num: 0, isnum: false, newi: end };
    num = num * 10 + (s.charCodeAt(newi) - 0x30);
    isnum = true;
  }
  return { num, isnum, newi };
}

class Printer {
  readonly out: Formatter;
  private arg: GoValue | typeof NONE = NONE;
  private reordered = false;
  private goodArgNum = true;

  constructor(limit: number) {
    this.out = new Formatter(limit);
  }

  private get f(): Flags {
    return this.out.f;
  }

  badVerb(verb: string): void {
    this.out.write('%!' + verb + '(');
    const arg = this.arg;
    if (arg !== NONE && arg !== null) {
      this.out.write(concreteTypeName(arg) + '=');
      this.printArg(arg, 'v');
    } else this.out.write('<nil>');
    this.out.write(')');
  }

  private fmtBool(v: boolean, verb: string): void {
    if (verb === 't' || verb === 'v') this.out.fmtBoolean(v);
    else this.badVerb(verb);
  }

  private fmtInteger(v: bigint, verb: string): void {
    const isSigned = v < TWO63;
    const u = isSigned ? BigInt.asIntN(64, v) : BigInt.asUintN(64, v);
    switch (verb) {
      case 'v':
        if (this.f.sharpV && !isSigned) {
          const sharp = this.f.sharp;
          this.f.sharp = true;
          this.out.fmtInteger(u, 16, false, 'v', false);
          this.f.sharp = sharp;
        } else this.out.fmtInteger(u, 10, isSigned, verb, false);
        return;
      case 'd':
        return this.out.fmtInteger(u, 10, isSigned, verb, false);
      case 'b':
        return this.out.fmtInteger(u, 2, isSigned, verb, false);
      case 'o':
      case 'O':
        return this.out.fmtInteger(u, 8, isSigned, verb, false);
      case 'x':
        return this.out.fmtInteger(u, 16, isSigned, verb, false);
      case 'X':
        return this.out.fmtInteger(u, 16, isSigned, verb, true);
      case 'c':
        return this.out.fmtC(BigInt.asUintN(64, u));
      case 'q':
        return this.out.fmtQc(BigInt.asUintN(64, u));
      case 'U':
        return this.out.fmtUnicode(BigInt.asUintN(64, u));
    }
    this.badVerb(verb);
  }

  private fmtFloat(v: number, verb: string): void {
    switch (verb) {
      case 'v':
        return this.out.fmtFloat(v, 'g', -1);
      case 'b':
      case 'g':
      case 'G':
      case 'x':
      case 'X':
        return this.out.fmtFloat(v, verb, -1);
      case 'f':
      case 'e':
      case 'E':
        return this.out.fmtFloat(v, verb, 6);
      case 'F':
        return this.out.fmtFloat(v, 'f', 6);
    }
    this.badVerb(verb);
  }

  private fmtString(v: string, verb: string): void {
    switch (verb) {
      case 'v':
        if (this.f.sharpV) this.out.fmtQ(v);
        else this.out.fmtS(v);
        return;
      case 's':
        return this.out.fmtS(v);
      case 'x':
        return this.out.fmtSx(v, false);
      case 'X':
        return this.out.fmtSx(v, true);
      case 'q':
        return this.out.fmtQ(v);
    }
    this.badVerb(verb);
  }

  printArg(arg: GoValue, verb: string): void {
    this.arg = arg;
    if (arg === null) {
      if (verb === 'T' || verb === 'v') this.out.pad('<nil>');
      else this.badVerb(verb);
      return;
    }
    if (verb === 'T') {
      this.out.fmtS(concreteTypeName(arg));
      return;
    }
    if (verb === 'p') {
      this.badVerb(verb);
      return;
    }
    this.printValue(arg, verb, 0);
  }

  /** A non-nil value; depth > 0 is inside a slice or map (bad verbs then name the element). */
  private printValue(v: GoValue, verb: string, depth: number): void {
    if (depth > 0) this.arg = v;
    switch (typeof v) {
      case 'boolean':
        return this.fmtBool(v, verb);
      case 'bigint':
        return this.fmtInteger(v, verb);
      case 'number':
        return this.fmtFloat(v, verb);
      case 'string':
        return this.fmtString(v, verb);
    }
    if (v === null) return;
    if (Array.isArray(v)) {
      const items = v as readonly GoValue[];
      if (this.f.sharpV) {
        this.out.write('[]interface {}{');
        items.forEach((x, i) => {
          if (i > 0) this.out.write(', ');
          this.printElem(x, verb, depth + 1);
        });
        this.out.write('}');
      } else {
        this.out.write('[');
        items.forEach((x, i) => {
          if (i > 0) this.out.write(' ');
          this.printElem(x, verb, depth + 1);
        });
        this.out.write(']');
      }
      return;
    }
    const m = v as GoMap;
    this.out.write(this.f.sharpV ? 'map[string]interface {}{' : 'map[');
    Object.keys(m)
      .sort(compareGoStrings)
      .forEach((k, i) => {
        if (i > 0) this.out.write(this.f.sharpV ? ', ' : ' ');
        this.printValue(k, verb, depth + 1);
        this.out.write(':');
        this.printElem(m[k] as GoValue, verb, depth + 1);
      });
    this.out.write(this.f.sharpV ? '}' : ']');
  }

  /** An element of a []any or map[string]any: an interface, nil or holding a value. */
  private printElem(v: GoValue, verb: string, depth: number): void {
    if (v === null || v === undefined) this.out.write(this.f.sharpV ? 'interface {}(nil)' : '<nil>');
    else this.printValue(v, verb, depth);
  }

  /** intFromArg: a `*` width or precision. */
  private intFromArg(
    a: readonly GoValue[],
    argNum: number,
  ): { num: number; isInt: boolean; newArgNum: number } {
    let num = 0;
    let isInt = false;
    let newArgNum = argNum;
    if (argNum < a.length) {
      const v = a[argNum];
      if (typeof v === 'bigint' && v >= -TWO63 && v < TWO63) {
        num = Number(v);
        isInt = true;
      }
      newArgNum = argNum + 1;
      if (tooLarge(num)) {
        num = 0;
        isInt = false;
      }
    }
    return { num, isInt, newArgNum };
  }

  /** An explicit argument index `[n]` at format[i:], if any. */
  private argNumber(
    argNum: number,
    format: string,
    i: number,
    numArgs: number,
  ): { argNum: number; i: number; found: boolean } {
    if (format.length <= i || format[i] !== '[') return { argNum, i, found: false };
    this.reordered = true;
    let index = 0;
    let wid = 1;
    let ok = false;
    if (format.length - i >= 3) {
      const close = format.indexOf(']', i + 1);
      if (close >= 0) {
        const { num, isnum, newi } = parsenum(format, i + 1, close);
        wid = close - i + 1;
        if (isnum && newi === close) {
          index = num - 1;
          ok = true;
        }
      }
    }
    if (ok && index >= 0 && index < numArgs) return { argNum: index, i: i + wid, found: true };
    this.goodArgNum = false;
    return { argNum, i: i + wid, found: ok };
  }

  doPrintf(format: string, a: readonly GoValue[]): void {
    const end = format.length;
    let argNum = 0;
    let afterIndex: boolean; // the previous item in the format was an index like [3]
    this.reordered = false;
    for (let i = 0; i < end;) {
      this.goodArgNum = true;
      const lasti = i;
      while (i < end && format[i] !== '%') i++;
      if (i > lasti) this.out.write(format.slice(lasti, i));
      if (i >= end) break;
      i++; // the '%'
      const f = (this.out.f = clearFlags());
      flags: for (; i < end; i++) {
        switch (format[i]) {
          case '#':
            f.sharp = true;
            break;
          case '0':
            f.zero = !f.minus; // Only allow zero padding to the left.
            break;
          case '+':
            f.plus = true;
            break;
          case '-':
            f.minus = true;
            f.zero = false; // Do not pad with zeros to the right.
            break;
          case ' ':
            f.space = true;
            break;
          default:
            break flags;
        }
      }
      ({ argNum, i, found: afterIndex } = this.argNumber(argNum, format, i, a.length));
      if (i < end && format[i] === '*') {
        i++;
        const w = this.intFromArg(a, argNum);
        f.wid = w.num;
        f.widPresent = w.isInt;
        argNum = w.newArgNum;
        if (!f.widPresent) this.out.write('%!(BADWIDTH)');
        if (f.wid < 0) {
          // A negative width means the minus flag.
          f.wid = -f.wid;
          f.minus = true;
          f.zero = false;
        }
        afterIndex = false;
      } else {
        const w = parsenum(format, i, end);
        f.wid = w.num;
        f.widPresent = w.isnum;
        i = w.newi;
        if (afterIndex && f.widPresent) this.goodArgNum = false; // "%[3]2d"
      }
      if (i + 1 < end && format[i] === '.') {
        i++;
        if (afterIndex) this.goodArgNum = false; // "%[3].2d"
        ({ argNum, i, found: afterIndex } = this.argNumber(argNum, format, i, a.length));
        if (i < end && format[i] === '*') {
          i++;
          const p = this.intFromArg(a, argNum);
          f.prec = p.num;
          f.precPresent = p.isInt;
          argNum = p.newArgNum;
          // A negative precision makes no sense.
          if (f.prec < 0) {
            f.prec = 0;
            f.precPresent = false;
          }
          if (!f.precPresent) this.out.write('%!(BADPREC)');
          afterIndex = false;
        } else {
          const p = parsenum(format, i, end);
          f.prec = p.num;
          f.precPresent = p.isnum;
          i = p.newi;
          if (!f.precPresent) {
            f.prec = 0;
            f.precPresent = true;
          }
        }
      }
      if (!afterIndex) ({ argNum, i } = this.argNumber(argNum, format, i, a.length));
      if (i >= end) {
        this.out.write('%!(NOVERB)');
        break;
      }
      const cp = format.codePointAt(i) as number;
      const verb = String.fromCodePoint(cp);
      i += verb.length;
      if (verb === '%')
        this.out.write('%'); // takes no operand and ignores width and precision
      else if (!this.goodArgNum) this.out.write('%!' + verb + '(BADINDEX)');
      else if (argNum >= a.length) this.out.write('%!' + verb + '(MISSING)');
      else {
        if (verb === 'v') {
          f.sharpV = f.sharp;
          f.sharp = false;
          f.plusV = f.plus;
          f.plus = false;
        }
        this.printArg(a[argNum] as GoValue, verb);
        argNum++;
      }
    }
    // Extra arguments, unless they were reordered (then it is arguably fine).
    if (!this.reordered && argNum < a.length) {
      this.out.f = clearFlags();
      this.out.write('%!(EXTRA ');
      a.slice(argNum).forEach((arg, i) => {
        if (i > 0) this.out.write(', ');
        if (arg === null) this.out.write('<nil>');
        else {
          this.out.write(concreteTypeName(arg) + '=');
          this.printArg(arg, 'v');
        }
      });
      this.out.write(')');
    }
  }
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** fmt.Sprintf; throws FmtLimitError when the result would pass `limit` UTF-16 units. */
export function sprintf(format: string, args: readonly GoValue[], limit = UNLIMITED): string {
  const p = new Printer(limit);
  p.doPrintf(format, args);
  return p.out.result();
}

/** fmt.Sprint: operands in %v, with a space between two operands when neither is a string. */
export function sprint(args: readonly GoValue[], limit = UNLIMITED): string {
  const p = new Printer(limit);
  let prevString = false;
  args.forEach((arg, i) => {
    const isString = typeof arg === 'string';
    if (i > 0 && !isString && !prevString) p.out.write(' ');
    p.out.f = clearFlags();
    p.printArg(arg, 'v');
    prevString = isString;
  });
  return p.out.result();
}

/** fmt.Sprintln: operands in %v separated by spaces, and a newline. */
export function sprintln(args: readonly GoValue[], limit = UNLIMITED): string {
  const p = new Printer(limit);
  args.forEach((arg, i) => {
    if (i > 0) p.out.write(' ');
    p.out.f = clearFlags();
    p.printArg(arg, 'v');
  });
  p.out.write('\n');
  return p.out.result();
}
