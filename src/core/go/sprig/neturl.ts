/**
 * The parts of Go's net/url that sprig's urlParse and urlJoin use (Parse, URL.String, Userinfo,
 * Hostname and the escaping rules), ported on the string's UTF-8 bytes.
 */
import { goQuote } from '../strings';
import { utf8Bytes, utf8String } from './utf8';

const enum Mode {
  Path = 1,
  PathSegment,
  Host,
  Zone,
  UserPassword,
  QueryComponent,
  Fragment,
}

/** A net/url error, with Go's text. */
export class UrlError extends Error {}

const isAlnum = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);

function shouldEscape(c: number, mode: Mode): boolean {
  if (isAlnum(c)) return false;
  const ch = String.fromCharCode(c);
  if ((mode === Mode.Host || mode === Mode.Zone) && `!$&'()*+,;=:[]<>"`.includes(ch)) return false;
  if ('-_.~'.includes(ch)) return false;
  if ('$&+,/:;=?@'.includes(ch)) {
    switch (mode) {
      case Mode.Path:
        return ch === '?';
      case Mode.PathSegment:
        return ch === '/' || ch === ';' || ch === ',' || ch === '?';
      case Mode.UserPassword:
        return ch === '@' || ch === '/' || ch === '?' || ch === ':';
      case Mode.QueryComponent:
        return true;
      case Mode.Fragment:
        return false;
    }
  }
  if (mode === Mode.Fragment && '!()*'.includes(ch)) return false;
  return true;
}

const isHex = (c: number): boolean => isAlnum(c) && /[0-9a-fA-F]/.test(String.fromCharCode(c));
const unhex = (c: number): number => parseInt(String.fromCharCode(c), 16);

function escapeError(b: Uint8Array, from: number, to: number): UrlError {
  return new UrlError('invalid URL escape ' + goQuote(utf8String(b.subarray(from, Math.min(to, b.length)))));
}

function unescape(s: string, mode: Mode): string {
  const b = utf8Bytes(s);
  let n = 0;
  let hasPlus = false;
  for (let i = 0; i < b.length;) {
    const c = b[i] as number;
    if (c === 0x25) {
      n++;
      if (i + 2 >= b.length || !isHex(b[i + 1] as number) || !isHex(b[i + 2] as number)) {
        throw escapeError(b, i, i + 3);
      }
      const pct25 = b[i + 1] === 0x32 && b[i + 2] === 0x35;
      if (mode === Mode.Host && unhex(b[i + 1] as number) < 8 && !pct25) throw escapeError(b, i, i + 3);
      if (mode === Mode.Zone) {
        const v = (unhex(b[i + 1] as number) << 4) | unhex(b[i + 2] as number);
        if (!pct25 && v !== 0x20 && shouldEscape(v, Mode.Host)) throw escapeError(b, i, i + 3);
      }
      i += 3;
    } else if (c === 0x2b) {
      hasPlus = mode === Mode.QueryComponent;
      i++;
    } else {
      if ((mode === Mode.Host || mode === Mode.Zone) && c < 0x80 && shouldEscape(c, mode)) {
        throw new UrlError('invalid character ' + goQuote(String.fromCharCode(c)) + ' in host name');
      }
      i++;
    }
  }
  if (n === 0 && !hasPlus) return s;
  const out: number[] = [];
  for (let i = 0; i < b.length; i++) {
    const c = b[i] as number;
    if (c === 0x25) {
      out.push((unhex(b[i + 1] as number) << 4) | unhex(b[i + 2] as number));
      i += 2;
    } else if (c === 0x2b) out.push(mode === Mode.QueryComponent ? 0x20 : 0x2b);
    else out.push(c);
  }
  return utf8String(Uint8Array.from(out));
}

const UPPERHEX = '0123456789ABCDEF';

function escape(s: string, mode: Mode): string {
  const b = utf8Bytes(s);
  if (!b.some((c) => shouldEscape(c, mode))) return s;
  let out = '';
  for (const c of b) {
    if (c === 0x20 && mode === Mode.QueryComponent) out += '+';
    else if (shouldEscape(c, mode)) out += '%' + UPPERHEX[c >> 4] + UPPERHEX[c & 15];
    else out += String.fromCharCode(c);
  }
  return out;
}

export interface Userinfo {
  username: string;
  password: string;
  passwordSet: boolean;
}

export interface Url {
  scheme: string;
  opaque: string;
  user: Userinfo | undefined;
  host: string;
  path: string;
  rawPath: string;
  forceQuery: boolean;
  rawQuery: string;
  fragment: string;
  rawFragment: string;
}

export function userinfoString(u: Userinfo): string {
  let s = escape(u.username, Mode.UserPassword);
  if (u.passwordSet) s += ':' + escape(u.password, Mode.UserPassword);
  return s;
}

function getScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) continue;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === 0x3a) {
      if (i === 0) throw new UrlError('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

function validOptionalPort(port: string): boolean {
  if (port === '') return true;
  if (port[0] !== ':') return false;
  return /^[0-9]*$/.test(port.slice(1));
}

function parseHost(host: string): string {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']');
    if (i < 0) throw new UrlError("missing ']' in host");
    const colonPort = host.slice(i + 1);
    if (!validOptionalPort(colonPort)) throw new UrlError(`invalid port ${goQuote(colonPort)} after host`);
    const zone = host.slice(0, i).indexOf('%25');
    if (zone >= 0) {
      return (
        unescape(host.slice(0, zone), Mode.Host) +
        unescape(host.slice(zone, i), Mode.Zone) +
        unescape(host.slice(i), Mode.Host)
      );
    }
  } else {
    const i = host.lastIndexOf(':');
    if (i !== -1) {
      const colonPort = host.slice(i);
      if (!validOptionalPort(colonPort)) throw new UrlError(`invalid port ${goQuote(colonPort)} after host`);
    }
  }
  return unescape(host, Mode.Host);
}

function parseAuthority(authority: string): [Userinfo | undefined, string] {
  const i = authority.lastIndexOf('@');
  const host = parseHost(i < 0 ? authority : authority.slice(i + 1));
  if (i < 0) return [undefined, host];
  const userinfo = authority.slice(0, i);
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) throw new UrlError('net/url: invalid userinfo');
  const colon = userinfo.indexOf(':');
  if (colon < 0) {
    return [{ username: unescape(userinfo, Mode.UserPassword), password: '', passwordSet: false }, host];
  }
  const username = unescape(userinfo.slice(0, colon), Mode.UserPassword);
  const password = unescape(userinfo.slice(colon + 1), Mode.UserPassword);
  return [{ username, password, passwordSet: true }, host];
}

function setPath(u: Url, p: string): void {
  u.path = unescape(p, Mode.Path);
  u.rawPath = escape(u.path, Mode.Path) === p ? '' : p;
}

function parse(raw: string): Url {
  // eslint-disable-next-line no-control-regex -- control characters are what Go rejects
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new UrlError('net/url: invalid control character in URL');
  const u: Url = {
    scheme: '',
    opaque: '',
    user: undefined,
    host: '',
    path: '',
    rawPath: '',
    forceQuery: false,
    rawQuery: '',
    fragment: '',
    rawFragment: '',
  };
  if (raw === '*') {
    u.path = '*';
    return u;
  }
  const [scheme, rest0] = getScheme(raw);
  let rest = rest0;
  u.scheme = scheme.toLowerCase();
  if (rest.endsWith('?') && rest.split('?').length === 2) {
    u.forceQuery = true;
    rest = rest.slice(0, -1);
  } else {
    const q = rest.indexOf('?');
    if (q >= 0) {
      u.rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith('/')) {
    if (u.scheme !== '') {
      u.opaque = rest;
      return u;
    }
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) {
      throw new UrlError('first path segment in URL cannot contain colon');
    }
  }
  if ((u.scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const i = authority.indexOf('/');
    if (i >= 0) {
      rest = authority.slice(i);
      authority = authority.slice(0, i);
    }
    [u.user, u.host] = parseAuthority(authority);
  }
  setPath(u, rest);
  return u;
}

/** url.Parse; throws UrlError with the text of Go's *url.Error. */
export function parseUrl(raw: string): Url {
  const hash = raw.indexOf('#');
  const base = hash < 0 ? raw : raw.slice(0, hash);
  const frag = hash < 0 ? '' : raw.slice(hash + 1);
  let u: Url;
  try {
    u = parse(base);
  } catch (e) {
    if (e instanceof UrlError) throw new UrlError(`parse ${goQuote(base)}: ${e.message}`);
    throw e;
  }
  if (frag === '') return u;
  try {
    u.fragment = unescape(frag, Mode.Fragment);
    u.rawFragment = escape(u.fragment, Mode.Fragment) === frag ? '' : frag;
  } catch (e) {
    if (e instanceof UrlError) throw new UrlError(`parse ${goQuote(raw)}: ${e.message}`);
    throw e;
  }
  return u;
}

function validEncoded(s: string, mode: Mode): boolean {
  for (const c of utf8Bytes(s)) {
    if (`!$&'()*+,;=:@[]%`.includes(String.fromCharCode(c)) && c < 0x80) continue;
    if (shouldEscape(c, mode)) return false;
  }
  return true;
}

function escapedPath(u: Url): string {
  if (u.rawPath !== '' && validEncoded(u.rawPath, Mode.Path)) {
    try {
      if (unescape(u.rawPath, Mode.Path) === u.path) return u.rawPath;
    } catch (e) {
      if (!(e instanceof UrlError)) throw e;
    }
  }
  if (u.path === '*') return '*';
  return escape(u.path, Mode.Path);
}

function escapedFragment(u: Url): string {
  if (u.rawFragment !== '' && validEncoded(u.rawFragment, Mode.Fragment)) {
    try {
      if (unescape(u.rawFragment, Mode.Fragment) === u.fragment) return u.rawFragment;
    } catch (e) {
      if (!(e instanceof UrlError)) throw e;
    }
  }
  return escape(u.fragment, Mode.Fragment);
}

/** URL.String */
export function urlString(u: Url): string {
  let buf = '';
  if (u.scheme !== '') buf += u.scheme + ':';
  if (u.opaque !== '') buf += u.opaque;
  else {
    if (u.scheme !== '' || u.host !== '' || u.user !== undefined) {
      if (u.host !== '' || u.path !== '' || u.user !== undefined) buf += '//';
      if (u.user !== undefined) buf += userinfoString(u.user) + '@';
      if (u.host !== '') buf += escape(u.host, Mode.Host);
    }
    const path = escapedPath(u);
    if (path !== '' && path[0] !== '/' && u.host !== '') buf += '/';
    if (buf === '') {
      const slash = path.indexOf('/');
      if ((slash < 0 ? path : path.slice(0, slash)).includes(':')) buf += './';
    }
    buf += path;
  }
  if (u.forceQuery || u.rawQuery !== '') buf += '?' + u.rawQuery;
  if (u.fragment !== '') buf += '#' + escapedFragment(u);
  return buf;
}

/** URL.Hostname: the host without a valid port, IPv6 brackets removed. */
export function hostname(hostPort: string): string {
  let host = hostPort;
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && validOptionalPort(host.slice(colon))) host = host.slice(0, colon);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host;
}
