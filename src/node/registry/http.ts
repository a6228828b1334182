/**
 * The HTTP under the registry client: node:http(s) with what a hostile or broken registry needs —
 * an idle timeout (a stalled connection fails instead of hanging CI), a redirect limit (a loop
 * fails), size limits on what is held in memory, and TLS settings (`--skip-tls-verify`,
 * `--ca-file`). Credentials never follow a redirect to another host (blob storage behind a
 * redirect gets a pre-signed URL, not the registry's token).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface TransportOptions {
  /** Milliseconds without a byte before a request fails. */
  idleTimeoutMs: number;
  maxRedirects: number;
  /** Skip TLS certificate verification (`--skip-tls-verify`). */
  skipTlsVerify: boolean;
  /** Extra CA certificates (PEM), from `--ca-file`. */
  ca?: string;
}

export const DEFAULT_TRANSPORT: TransportOptions = {
  idleTimeoutMs: 30_000,
  maxRedirects: 5,
  skipTlsVerify: false,
};

export class RegistryHttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface Response {
  status: number;
  headers: IncomingMessage['headers'];
  /** The final URL after redirects. */
  url: string;
  body: IncomingMessage;
}

function once(
  url: URL,
  method: string,
  headers: Record<string, string>,
  t: TransportOptions,
  body?: string,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const https = url.protocol === 'https:';
    const opts = {
      method,
      headers:
        body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      ...(https ? { rejectUnauthorized: !t.skipTlsVerify, ...(t.ca ? { ca: t.ca } : {}) } : {}),
    };
    const req = (https ? httpsRequest : httpRequest)(url, opts, resolve);
    req.setTimeout(t.idleTimeoutMs, () => {
      req.destroy(
        new RegistryHttpError(
          `${method} ${url.host}${url.pathname}: no answer for ${t.idleTimeoutMs / 1000} s (timed out)`,
        ),
      );
    });
    req.on('error', (e) =>
      reject(
        e instanceof RegistryHttpError
          ? e
          : new RegistryHttpError(`${method} ${url.host}${url.pathname}: ${e.message}`),
      ),
    );
    req.end(body);
  });
}

/** A request, following redirects; the body is left to the caller (read it or destroy it). */
export async function send(
  url: string,
  method: 'GET' | 'HEAD' | 'POST',
  headers: Record<string, string>,
  t: TransportOptions,
  body?: string,
): Promise<Response> {
  let current = new URL(url);
  const origin = current.host;
  for (let hop = 0; ; hop++) {
    const sameHost = current.host === origin;
    const h = sameHost
      ? headers
      : Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'authorization'));
    const res = await once(current, method, h, t, body);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location && status !== 304) {
      res.resume();
      if (hop >= t.maxRedirects)
        throw new RegistryHttpError(
          `${method} ${url}: more than ${t.maxRedirects} redirects (a redirect loop?)`,
        );
      current = new URL(location, current);
      if (current.protocol !== 'https:' && current.protocol !== 'http:')
        throw new RegistryHttpError(`${method} ${url}: redirect to ${current.protocol} refused`);
      continue;
    }
    return { status, headers: res.headers, url: current.toString(), body: res };
  }
}

/** The whole body, refused past `max` bytes (manifests, configs, tokens are small). */
export async function readBody(res: Response, max: number, what: string): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    res.body.destroy();
    throw new RegistryHttpError(`${what} is ${declared} bytes, more than the limit of ${max}`);
  }
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    n += chunk.length;
    if (n > max) {
      res.body.destroy();
      throw new RegistryHttpError(`${what} is more than the limit of ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
