/**
 * The string form of a label selector (`x in (a,b),!y,z=c`), parsed as apimachinery v0.36's
 * labels.Parse does it: its lexer, its recursive descent with the same lookahead (`in` and `notin`
 * are values where a value is expected) and its error texts, each requirement built by
 * labels.NewRequirement (kube/label-selector.ts). `operator-sdk bundle validate --select-optional`
 * reads its selector so.
 */
import { isLabelKey } from './k8s-names';
import { newRequirement, type Requirement, type SelectorOperator } from './label-selector';
import { goQuote } from '../go/strings';

export type Token =
  'error' | 'end' | ')' | ',' | '!' | '==' | '=' | '>' | 'identifier' | 'in' | '<' | '!=' | 'notin' | '(';

/** labels' string2token: the literals that are tokens of their own (anything else is an identifier). */
const LITERAL_TOKENS: ReadonlySet<string> = new Set([
  ')',
  ',',
  '!',
  '==',
  '=',
  '>',
  'in',
  '<',
  '!=',
  'notin',
  '(',
]);

const token = (s: string): Token | undefined => (LITERAL_TOKENS.has(s) ? (s as Token) : undefined);

const isWhitespace = (c: string): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isSpecialSymbol = (c: string): boolean => '=!(),><'.includes(c) && c !== '';

export interface Item {
  tok: Token;
  literal: string;
}

/** labels.Lexer: the items up to and including the end (Go reads bytes; a NUL ends the input as the end does). */
export function scanLabelSelector(s: string): Item[] {
  let pos = 0;
  const read = (): string => {
    const c = pos < s.length ? (s[pos] as string) : '';
    if (pos < s.length) pos++;
    return c === '\0' ? '' : c;
  };
  const unread = (): void => {
    pos--;
  };
  const items: Item[] = [];
  for (;;) {
    let ch = read();
    while (ch !== '' && isWhitespace(ch)) ch = read();
    let item: Item;
    if (ch === '') item = { tok: 'end', literal: '' };
    else if (isSpecialSymbol(ch)) {
      unread();
      let buffer = '';
      let last: Item | undefined;
      for (;;) {
        const c = read();
        if (c === '') break;
        if (!isSpecialSymbol(c)) {
          unread();
          break;
        }
        buffer += c;
        const t = token(buffer);
        if (t !== undefined) last = { tok: t, literal: buffer };
        else if (last !== undefined) {
          unread();
          break;
        }
      }
      item = last ?? { tok: 'error', literal: `error expected: keyword found '${buffer}'` };
    } else {
      unread();
      let buffer = '';
      for (;;) {
        const c = read();
        if (c === '') break;
        if (isSpecialSymbol(c) || isWhitespace(c)) {
          unread();
          break;
        }
        buffer += c;
      }
      item = { tok: token(buffer) ?? 'identifier', literal: buffer };
    }
    items.push(item);
    if (item.tok === 'end') return items;
  }
}

class ParseError extends Error {}

/** The requirements of `selector`, or labels.Parse's error text. */
/** One requirement as parsed: key, operator, the values as a sorted set, and its predicate. */
export interface ParsedRequirement {
  key: string;
  operator: SelectorOperator;
  values: string[];
  check: Requirement;
}

/** parseOperator: the token of each binary operator. */
const BINARY_OPERATORS: Partial<Record<Token, SelectorOperator>> = {
  in: 'In',
  '=': 'Equals',
  '==': 'DoubleEquals',
  '>': 'Gt',
  '<': 'Lt',
  notin: 'NotIn',
  '!=': 'NotEquals',
};

function parse(selector: string): ParsedRequirement[] {
  const items = scanLabelSelector(selector);
  let position = 0;
  // In a place for values, `in` and `notin` are identifiers.
  const asValue = (i: Item): Item =>
    i.tok === 'in' || i.tok === 'notin' ? { tok: 'identifier', literal: i.literal } : i;
  const lookahead = (values: boolean): Item => {
    const i = items[position] as Item;
    return values ? asValue(i) : i;
  };
  const consume = (values: boolean): Item => {
    const i = items[position++] as Item;
    return values ? asValue(i) : i;
  };
  const fail = (message: string): never => {
    throw new ParseError(message);
  };

  const build = (key: string, operator: SelectorOperator, values: string[]): ParsedRequirement => {
    const r = newRequirement(key, operator, values);
    return typeof r === 'function' ? { key, operator, values, check: r } : fail(r.error);
  };

  const parseValues = (): string[] => {
    const open = consume(true);
    if (open.tok !== '(') fail(`found '${open.literal}' expected: '('`);
    const next = lookahead(true);
    if (next.tok === ')') {
      consume(true);
      return [''];
    }
    if (next.tok !== 'identifier' && next.tok !== ',')
      fail(`found '${next.literal}', expected: ',', ')' or identifier`);
    const set = new Set<string>();
    for (;;) {
      const t = consume(true);
      if (t.tok === 'identifier') {
        set.add(t.literal);
        const t2 = lookahead(true);
        if (t2.tok === ',') continue;
        if (t2.tok === ')') break;
        fail(`found '${t2.literal}', expected: ',' or ')'`);
      } else if (t.tok === ',') {
        // "(," "…,)" and ",," each stand for the empty value.
        if (set.size === 0) set.add('');
        const t2 = lookahead(true);
        if (t2.tok === ')') {
          set.add('');
          break;
        }
        if (t2.tok === ',') set.add('');
      } else fail(`found '${t.literal}', expected: ',', or identifier`);
    }
    if (consume(true).tok !== ')') fail(`found '${next.literal}', expected: ')'`);
    return [...set].sort();
  };

  const parseRequirement = (): ParsedRequirement => {
    let op: SelectorOperator | undefined;
    let t = consume(true);
    if (t.tok === '!') {
      op = 'DoesNotExist';
      t = consume(true);
    }
    if (t.tok !== 'identifier') fail(`found '${t.literal}', expected: identifier`);
    const key = t.literal;
    const keyErrs = isLabelKey(key);
    // Parse checks the key with no field path: Go prints a nil path as <nil>.
    if (keyErrs.length > 0) fail(`<nil>: Invalid value: ${goQuote(key)}: ${keyErrs.join('; ')}`);
    const after = lookahead(true).tok;
    if ((after === 'end' || after === ',') && op !== 'DoesNotExist') op = 'Exists';
    if (op === 'Exists' || op === 'DoesNotExist') return build(key, op, []);
    const o = consume(false);
    const operator = BINARY_OPERATORS[o.tok];
    if (operator === undefined) return fail(`found '${o.literal}', expected: in, notin, =, ==, !=, gt, lt`);
    let values: string[];
    if (operator === 'In' || operator === 'NotIn') values = parseValues();
    else {
      const v = lookahead(true);
      if (v.tok === 'end' || v.tok === ',') values = [''];
      else {
        const c = consume(true);
        values = c.tok === 'identifier' ? [c.literal] : fail(`found '${c.literal}', expected: identifier`);
      }
    }
    return build(key, operator, values);
  };

  const out: ParsedRequirement[] = [];
  for (;;) {
    const t = lookahead(true);
    if (t.tok === 'end') return out;
    if (t.tok !== 'identifier' && t.tok !== '!')
      fail(`found '${t.literal}', expected: !, identifier, or 'end of string'`);
    try {
      out.push(parseRequirement());
    } catch (e) {
      if (e instanceof ParseError) throw new ParseError(`unable to parse requirement: ${e.message}`);
      throw e;
    }
    const sep = consume(true);
    if (sep.tok === 'end') return out;
    if (sep.tok !== ',') fail(`found '${sep.literal}', expected: ',' or 'end of string'`);
    const t2 = lookahead(true);
    if (t2.tok !== 'identifier' && t2.tok !== '!')
      fail(`found '${t2.literal}', expected: identifier after ','`);
  }
}

/** labels.Parse, requirement by requirement (in the selector's order), or its error text. */
export function parseLabelRequirements(selector: string): ParsedRequirement[] | { error: string } {
  try {
    return parse(selector);
  } catch (e) {
    if (e instanceof ParseError) return { error: e.message };
    throw e;
  }
}

const OPERATOR_TEXT: Record<SelectorOperator, string> = {
  Equals: '=',
  DoubleEquals: '==',
  NotEquals: '!=',
  In: ' in ',
  NotIn: ' notin ',
  Gt: '>',
  Lt: '<',
  Exists: '',
  DoesNotExist: '',
};

/** Requirement.String(): `!key`, `key`, `key=v`, `key in (a,b)` (values sorted). */
function requirementString(r: ParsedRequirement): string {
  if (r.operator === 'Exists') return r.key;
  if (r.operator === 'DoesNotExist') return `!${r.key}`;
  const values = r.values.length === 1 ? (r.values[0] as string) : [...r.values].sort().join(',');
  const set = r.operator === 'In' || r.operator === 'NotIn';
  return `${r.key}${OPERATOR_TEXT[r.operator]}${set ? `(${values})` : values}`;
}

/**
 * Selector.String() of what labels.Parse made: the requirements sorted by key (Parse sorts them),
 * comma-separated. operator-sdk quotes it when a selector picks no validator.
 */
export function labelSelectorString(requirements: readonly ParsedRequirement[]): string {
  return [...requirements]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(requirementString)
    .join(',');
}
