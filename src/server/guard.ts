/**
 * Who may talk to the local server. It listens on 127.0.0.1 only, but any web page the user visits
 * can make the browser send requests to 127.0.0.1, and a DNS-rebinding page can even read the
 * answers; other local users can connect too. So every request must:
 *   - name the server itself in Host (127.0.0.1:PORT or localhost:PORT): a rebound name is refused;
 *   - carry the per-run token: in the URL once (the URL printed and opened), then in an HttpOnly,
 *     SameSite=Strict cookie named for the port (cookies are not kept apart by port);
 *   - for a request that changes something, come from the app's own origin (Origin header, and
 *     Sec-Fetch-Site where the browser sends it).
 * No CORS header is ever sent, so no other origin can read an answer. The threat model: docs/open.md.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const newToken = (): string => randomBytes(24).toString('base64url');

export interface Guard {
  readonly token: string;
  readonly cookieName: string;
  /** The origins the app is served from. */
  readonly origins: readonly string[];
}

export function makeGuard(port: number, token: string): Guard {
  return {
    token,
    cookieName: `fbc-studio-${port}`,
    origins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
  };
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why the request is refused (status and text), or undefined when it may go on. */
export function refusal(g: Guard, req: IncomingMessage, url: URL): [number, string] | undefined {
  const host = req.headers.host ?? '';
  if (!g.origins.some((o) => o === `http://${host}`)) return [403, 'unexpected Host header'];
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    const origin = req.headers.origin;
    if (!origin || !g.origins.includes(origin)) return [403, 'cross-origin request refused'];
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return [403, 'cross-site request refused'];
  }
  // The token URL itself is checked by the caller (it sets the cookie).
  if (url.searchParams.has('token')) return undefined;
  const cookie = cookieValue(req.headers.cookie, g.cookieName);
  if (cookie === undefined) return [401, 'no session: open the URL that fbc-studio printed'];
  if (!sameToken(cookie, g.token)) return [403, 'wrong session token'];
  return undefined;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export const sessionCookie = (g: Guard): string =>
  `${g.cookieName}=${g.token}; HttpOnly; SameSite=Strict; Path=/`;
