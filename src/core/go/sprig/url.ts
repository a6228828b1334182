/**
 * sprig v3.3.0's url.go: urlParse and urlJoin over the net/url port in neturl.ts.
 */
import type { GoFunc, GoMap, GoValue } from '../template/values';
import { argMap, argString, goFunc, goPanic, NIL_DEREFERENCE } from './func';
import { goKindOf } from './gotypes';
import { hostname, parseUrl, UrlError, urlString, userinfoString, type Url } from './neturl';

function urlParse(v: string): GoMap {
  let u: Url;
  try {
    u = parseUrl(v);
  } catch (e) {
    if (e instanceof UrlError) throw goPanic(`unable to parse url: ${e.message}`);
    throw e;
  }
  return {
    scheme: u.scheme,
    host: u.host,
    hostname: hostname(u.host),
    path: u.path,
    query: u.rawQuery,
    opaque: u.opaque,
    fragment: u.fragment,
    userinfo: u.user ? userinfoString(u.user) : '',
  };
}

function dictGetOrEmpty(d: GoMap | null, key: string): string {
  if (d === null || !Object.prototype.hasOwnProperty.call(d, key)) return '';
  const v = d[key] as GoValue;
  if (v === null) throw goPanic(NIL_DEREFERENCE);
  if (typeof v !== 'string') {
    throw goPanic(`unable to parse ${key} key, must be of type string, but ${goKindOf(v)} found`);
  }
  return v;
}

function urlJoin(d: GoMap | null): string {
  const u: Url = {
    scheme: dictGetOrEmpty(d, 'scheme'),
    host: dictGetOrEmpty(d, 'host'),
    path: dictGetOrEmpty(d, 'path'),
    rawQuery: dictGetOrEmpty(d, 'query'),
    opaque: dictGetOrEmpty(d, 'opaque'),
    fragment: dictGetOrEmpty(d, 'fragment'),
    user: undefined,
    rawPath: '',
    forceQuery: false,
    rawFragment: '',
  };
  const userinfo = dictGetOrEmpty(d, 'userinfo');
  if (userinfo !== '') {
    try {
      u.user = parseUrl(`proto://${userinfo}@host`).user;
    } catch (e) {
      if (e instanceof UrlError) throw goPanic(`unable to parse userinfo in dict: ${e.message}`);
      throw e;
    }
  }
  return urlString(u);
}

export function urlFuncs(): Record<string, GoFunc> {
  return {
    urlParse: goFunc(['string'], (v) => urlParse(argString(v))),
    urlJoin: goFunc(['map[string]any'], (d) => urlJoin(argMap(d))),
  };
}
