/**
 * OCI distribution API v2, the part a reader needs: manifests (OCI and Docker v2 schema 2), image
 * indexes / manifest lists (linux/amd64, else the first entry, as opm's containers/image with
 * OSChoice linux picks), and blobs. Authentication as registries ask for it in their 401:
 * `Bearer realm,service,scope` (a token fetched from the realm with the user's credential, or
 * anonymously) or `Basic`. A 401/403 names the file the credential came from, never the secret.
 */
import { createHash } from 'node:crypto';
import { findCredential, type Credential, type CredentialEnv } from './credentials';
import { readBody, RegistryHttpError, send, type Response, type TransportOptions } from './http';
import { apiHost, manifestReference, type ImageReference } from './reference';
import { parseChallenges } from './www-authenticate';

export const MANIFEST_TYPES = [
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
];
const INDEX_TYPES = new Set([MANIFEST_TYPES[1], MANIFEST_TYPES[3]]);

export interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  platform?: { os?: string; architecture?: string; variant?: string };
  annotations?: Record<string, string>;
}

export interface ImageManifest {
  /** The digest of the manifest the image resolved to (after picking from an index). */
  digest: string;
  mediaType: string;
  config: Descriptor;
  layers: Descriptor[];
}

export interface ClientOptions {
  transport: TransportOptions;
  /** Plain HTTP instead of HTTPS (`--use-http`). */
  useHttp: boolean;
  credentials?: CredentialEnv;
  /** Largest manifest or config held in memory. */
  maxManifestBytes: number;
}

export const MAX_MANIFEST_BYTES = 4 << 20;

export function sha256(bytes: Buffer): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

export class RegistryClient {
  private readonly tokens = new Map<string, string>();
  private readonly creds = new Map<string, Promise<Credential | undefined>>();

  constructor(private readonly o: ClientOptions) {}

  private base(registry: string): string {
    return `${this.o.useHttp ? 'http' : 'https'}://${apiHost(registry)}/v2/`;
  }

  private credential(ref: ImageReference): Promise<Credential | undefined> {
    const key = `${ref.registry}/${ref.repository}`;
    let c = this.creds.get(key);
    if (!c) {
      c = findCredential(ref, this.o.credentials);
      this.creds.set(key, c);
    }
    return c;
  }

  /** A GET with the registry's authentication, asked for once per repository. */
  async get(ref: ImageReference, path: string, headers: Record<string, string> = {}): Promise<Response> {
    const url = this.base(ref.registry) + path;
    const scope = `repository:${ref.repository}:pull`;
    const key = `${ref.registry} ${scope}`;
    const auth = this.tokens.get(key);
    let res = await send(url, 'GET', auth ? { ...headers, authorization: auth } : headers, this.o.transport);
    if (res.status === 401) {
      const challenge = res.headers['www-authenticate'];
      res.body.resume();
      const header = await this.authorize(ref, scope, typeof challenge === 'string' ? challenge : undefined);
      this.tokens.set(key, header);
      res = await send(url, 'GET', { ...headers, authorization: header }, this.o.transport);
    }
    if (res.status === 401 || res.status === 403) {
      res.body.resume();
      throw new RegistryHttpError(await this.deniedMessage(ref, res.status), res.status);
    }
    return res;
  }

  private async deniedMessage(ref: ImageReference, status: number): Promise<string> {
    const cred = await this.credential(ref);
    const what = status === 401 ? '401 Unauthorized' : '403 Forbidden';
    const from = cred
      ? `the credential for ${ref.registry} from ${cred.from} was refused`
      : `no credential for ${ref.registry} was found (looked in REGISTRY_AUTH_FILE, DOCKER_CONFIG, ~/.docker/config.json, containers/auth.json)`;
    return `pulling ${ref.raw}: ${what}: ${from}`;
  }

  private async authorize(ref: ImageReference, scope: string, header: string | undefined): Promise<string> {
    const challenges = parseChallenges(header);
    const cred = await this.credential(ref);
    const bearer = challenges.find((c) => c.scheme === 'bearer');
    if (bearer?.params.realm) return `Bearer ${await this.token(ref, bearer.params, scope, cred)}`;
    if (challenges.some((c) => c.scheme === 'basic') && cred) {
      return `Basic ${Buffer.from(`${cred.username}:${cred.password}`).toString('base64')}`;
    }
    throw new RegistryHttpError(await this.deniedMessage(ref, 401), 401);
  }

  private async token(
    ref: ImageReference,
    p: Record<string, string>,
    scope: string,
    cred: Credential | undefined,
  ): Promise<string> {
    const realm = new URL(p.realm as string);
    if (realm.protocol !== 'https:' && realm.protocol !== 'http:')
      throw new RegistryHttpError(`token realm ${realm.protocol} refused`);
    let res: Response;
    if (cred?.identityToken) {
      // An identity token is an OAuth refresh token: exchanged by POST (distribution's token spec).
      const form = new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: cred.identityToken,
        service: p.service ?? '',
        scope,
        client_id: 'fbc-studio',
      });
      res = await send(
        realm.toString(),
        'POST',
        { 'content-type': 'application/x-www-form-urlencoded' },
        this.o.transport,
        form.toString(),
      );
    } else {
      if (p.service) realm.searchParams.set('service', p.service);
      realm.searchParams.set('scope', scope);
      const h: Record<string, string> = {};
      if (cred)
        h.authorization = `Basic ${Buffer.from(`${cred.username}:${cred.password}`).toString('base64')}`;
      res = await send(realm.toString(), 'GET', h, this.o.transport);
    }
    if (res.status === 401 || res.status === 403) {
      res.body.resume();
      throw new RegistryHttpError(await this.deniedMessage(ref, res.status), res.status);
    }
    if (res.status !== 200) {
      res.body.resume();
      throw new RegistryHttpError(
        `pulling ${ref.raw}: the token service ${realm.host} answered ${res.status}`,
        res.status,
      );
    }
    const body = JSON.parse((await readBody(res, 1 << 20, 'the token')).toString('utf8')) as {
      token?: string;
      access_token?: string;
    };
    const token = body.token ?? body.access_token;
    if (!token)
      throw new RegistryHttpError(`pulling ${ref.raw}: the token service ${realm.host} sent no token`);
    return token;
  }

  /** The manifest at `reference` (a tag or a digest), its bytes checked against a digest reference. */
  async manifestBytes(
    ref: ImageReference,
    reference: string,
  ): Promise<{ bytes: Buffer; mediaType: string; digest: string }> {
    const res = await this.get(ref, `${ref.repository}/manifests/${reference}`, {
      accept: MANIFEST_TYPES.join(', '),
    });
    if (res.status === 404) {
      res.body.resume();
      throw new RegistryHttpError(
        `pulling ${ref.raw}: manifest unknown (${ref.registry}/${ref.repository}:${reference} not found)`,
        404,
      );
    }
    if (res.status !== 200) {
      res.body.resume();
      throw new RegistryHttpError(
        `pulling ${ref.raw}: the registry answered ${res.status} for the manifest`,
        res.status,
      );
    }
    const bytes = await readBody(res, this.o.maxManifestBytes, `the manifest of ${ref.raw}`);
    const digest = sha256(bytes);
    if (reference.startsWith('sha256:') && digest !== reference) {
      throw new RegistryHttpError(
        `pulling ${ref.raw}: manifest digest mismatch: expected ${reference}, got ${digest}`,
      );
    }
    const type =
      String(res.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    const parsed = JSON.parse(bytes.toString('utf8')) as { mediaType?: string };
    return { bytes, mediaType: parsed.mediaType ?? type, digest };
  }

  /** The digest a reference points at now (a tag resolved; an index's own digest, as `skopeo inspect` gives). */
  async digestOf(ref: ImageReference): Promise<string> {
    return (await this.manifestBytes(ref, manifestReference(ref))).digest;
  }

  /** The image manifest `ref` names, an index resolved to linux/amd64 (else its first entry). */
  async manifest(ref: ImageReference): Promise<ImageManifest> {
    let m = await this.manifestBytes(ref, manifestReference(ref));
    if (INDEX_TYPES.has(m.mediaType)) {
      const index = JSON.parse(m.bytes.toString('utf8')) as { manifests?: Descriptor[] };
      const list = index.manifests ?? [];
      const pick =
        list.find((d) => d.platform?.os === 'linux' && d.platform.architecture === 'amd64') ?? list[0];
      if (!pick) throw new RegistryHttpError(`pulling ${ref.raw}: the image index lists no manifest`);
      m = await this.manifestBytes(ref, pick.digest);
    }
    const j = JSON.parse(m.bytes.toString('utf8')) as {
      config?: Descriptor;
      layers?: Descriptor[];
      schemaVersion?: number;
    };
    if (!j.config || !Array.isArray(j.layers)) {
      throw new RegistryHttpError(
        `pulling ${ref.raw}: unsupported manifest ${m.mediaType || `schema ${j.schemaVersion}`}`,
      );
    }
    return { digest: m.digest, mediaType: m.mediaType, config: j.config, layers: j.layers };
  }

  /** A blob's response, to stream (the caller checks its digest). */
  async blob(ref: ImageReference, digest: string): Promise<Response> {
    const res = await this.get(ref, `${ref.repository}/blobs/${digest}`);
    if (res.status !== 200) {
      res.body.resume();
      throw new RegistryHttpError(
        `pulling ${ref.raw}: the registry answered ${res.status} for blob ${digest}`,
        res.status,
      );
    }
    return res;
  }
}
