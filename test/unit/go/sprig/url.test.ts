/**
 * Port of Masterminds/sprig v3.3.0 url_test.go (13 cases, all of them), plus Go behaviour beyond
 * it whose expected values were produced by sprig v3.3.0 itself (Go's net/url).
 */
import { describe, expect, it } from 'vitest';
import type { GoMap, GoValue } from '../../../../src/core/go/template/values';
import { call, callError, f, run } from './helpers';

const urlTests: Record<string, Record<string, string>> = {
  'proto://auth@host:80/path?query#fragment': {
    fragment: 'fragment',
    host: 'host:80',
    hostname: 'host',
    opaque: '',
    path: '/path',
    query: 'query',
    scheme: 'proto',
    userinfo: 'auth',
  },
  'proto://host:80/path': {
    fragment: '',
    host: 'host:80',
    hostname: 'host',
    opaque: '',
    path: '/path',
    query: '',
    scheme: 'proto',
    userinfo: '',
  },
  something: {
    fragment: '',
    host: '',
    hostname: '',
    opaque: '',
    path: 'something',
    query: '',
    scheme: '',
    userinfo: '',
  },
  'proto://user:passwor%20d@host:80/path': {
    fragment: '',
    host: 'host:80',
    hostname: 'host',
    opaque: '',
    path: '/path',
    query: '',
    scheme: 'proto',
    userinfo: 'user:passwor%20d',
  },
  'proto://host:80/pa%20th?key=val%20ue': {
    fragment: '',
    host: 'host:80',
    hostname: 'host',
    opaque: '',
    path: '/pa th',
    query: 'key=val%20ue',
    scheme: 'proto',
    userinfo: '',
  },
};

describe('url_test.go', () => {
  it('TestUrlParse: index ( urlParse … ) "host"', () => {
    const u = call(f.urlParse, 'proto://auth@host:80/path?query#fragment') as GoMap;
    expect(u.host).toBe('host:80');
  });

  it.each(Object.entries(urlTests))('TestUrlParse %s', (url, want) => {
    expect(call(f.urlParse, url)).toEqual(want);
  });

  it('TestUrlJoin templates', () => {
    expect(
      run(f.urlJoin, {
        fragment: 'fragment',
        host: 'host:80',
        path: '/path',
        query: 'query',
        scheme: 'proto',
      }),
    ).toBe('proto://host:80/path?query#fragment');
    expect(
      run(f.urlJoin, {
        fragment: 'fragment',
        host: 'host:80',
        path: '/path',
        scheme: 'proto',
        userinfo: 'ASDJKJSD',
      }),
    ).toBe('proto://ASDJKJSD@host:80/path#fragment');
  });

  it.each(Object.entries(urlTests))('TestUrlJoin %s', (url, parts) => {
    expect(call(f.urlJoin, parts as Record<string, GoValue>)).toBe(url);
  });
});

describe('beyond upstream (expected values from sprig v3.3.0)', () => {
  it.each([
    [
      'http://[fe80::1%25en0]:8080/x',
      'map[fragment: host:[fe80::1%en0]:8080 hostname:fe80::1%en0 opaque: path:/x query: scheme:http userinfo:]',
    ],
    ['mailto:a@b.c', 'map[fragment: host: hostname: opaque:a@b.c path: query: scheme:mailto userinfo:]'],
    [
      'HTTP://Host/%7e?a#b%20c',
      'map[fragment:b c host:Host hostname:Host opaque: path:/~ query:a scheme:http userinfo:]',
    ],
    ['//host/path', 'map[fragment: host:host hostname:host opaque: path:/path query: scheme: userinfo:]'],
    ['*', 'map[fragment: host: hostname: opaque: path:* query: scheme: userinfo:]'],
  ])('urlParse %s', (url, want) => {
    expect(run(f.urlParse, url)).toBe(want);
  });

  it.each([
    [':foo', 'unable to parse url: parse ":foo": missing protocol scheme'],
    ['a:b/c:d', ''],
    ['x/y:z', ''],
    ['rel:ative', ''],
    ['http://a b/', 'unable to parse url: parse "http://a b/": invalid character " " in host name'],
    ['http://host:port/', 'unable to parse url: parse "http://host:port/": invalid port ":port" after host'],
    ['%zz', 'unable to parse url: parse "%zz": invalid URL escape "%zz"'],
    ['http://h/#%zz', 'unable to parse url: parse "http://h/#%zz": invalid URL escape "%zz"'],
    ['http://us er@h/', 'unable to parse url: parse "http://us er@h/": net/url: invalid userinfo'],
    ['http://h\n/', 'unable to parse url: parse "http://h\\n/": net/url: invalid control character in URL'],
    ['1:x', 'unable to parse url: parse "1:x": first path segment in URL cannot contain colon'],
  ])('urlParse %j', (url, message) => {
    if (message === '') expect(() => call(f.urlParse, url)).not.toThrow();
    else expect(callError(f.urlParse, url)).toBe(message);
  });

  it('urlJoin escapes as URL.String does', () => {
    expect(run(f.urlJoin, { path: 'a:b/c' })).toBe('./a:b/c');
    expect(run(f.urlJoin, { host: 'é', path: 'x y' })).toBe('//%C3%A9/x%20y');
    expect(run(f.urlJoin, { scheme: 'http', opaque: 'op', query: 'q' })).toBe('http:op?q');
    expect(run(f.urlJoin, { userinfo: 'u:p' })).toBe('//u:p@');
    expect(run(f.urlJoin, { fragment: 'a b#c' })).toBe('#a%20b%23c');
    expect(run(f.urlJoin, { host: 'h', path: 'rel' })).toBe('//h/rel');
    expect(run(f.urlJoin, null)).toBe('');
  });

  it('urlJoin panics on non-string parts and bad userinfo', () => {
    expect(callError(f.urlJoin, { path: 1.5 })).toBe(
      'unable to parse path key, must be of type string, but float64 found',
    );
    expect(callError(f.urlJoin, { path: null })).toBe(
      'runtime error: invalid memory address or nil pointer dereference',
    );
    expect(callError(f.urlJoin, { userinfo: 'a b' })).toBe(
      'unable to parse userinfo in dict: parse "proto://a b@host": net/url: invalid userinfo',
    );
  });
});
