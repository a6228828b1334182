/**
 * The escaping builtins of funcs.go: html (HTMLEscapeString), js (JSEscapeString) and urlquery
 * (net/url.QueryEscape), each applied to evalArgs of its arguments.
 */
import { sprint } from './printf';
import { codePointAt, isGoPrint, widthAt } from './strconv';
import type { GoValue } from './values';

/**
 * evalArgs: one string as is, else fmt.Sprint of the arguments, where a nil one prints as
 * `<no value>` (Go passes it through printableValue, which treats it as the invalid value).
 */
export function evalArgs(args: readonly GoValue[], limit?: number): string {
  if (args.length === 1 && typeof args[0] === 'string') return args[0];
  return sprint(
    args.map((a) => (a === null ? '<no value>' : a)),
    limit,
  );
}

const HTML: Record<string, string> = {
  '\0': '\uFFFD',
  '"': '&#34;', // shorter than "&quot;"
  "'": '&#39;', // shorter than "&apos;" and apos was not in HTML until HTML5
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
};

export function htmlEscapeString(s: string): string {
  return s.replace(/[\0"'&<>]/g, (c) => HTML[c] as string);
}

const JS_ASCII: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '<': '\\u003C',
  '>': '\\u003E',
  '&': '\\u0026',
  '=': '\\u003D',
};

export function jsEscapeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length;) {
    const w = widthAt(s, i);
    const r = codePointAt(s, i);
    const ch = s.slice(i, i + w);
    i += w;
    if (r < 0x80) {
      const esc = JS_ASCII[ch];
      if (esc !== undefined) out += esc;
      else if (r < 0x20) out += '\\u00' + r.toString(16).toUpperCase().padStart(2, '0');
      else out += ch;
    } else if (isGoPrint(r)) out += ch;
    else out += '\\u' + r.toString(16).toUpperCase().padStart(4, '0');
  }
  return out;
}

let encoder: TextEncoder | undefined;

/** url.QueryEscape: unreserved characters kept, space as '+', every other byte as %XX. */
export function urlQueryEscape(s: string): string {
  encoder ??= new TextEncoder();
  let out = '';
  for (const b of encoder.encode(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (b === 0x20) out += '+';
    else out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
