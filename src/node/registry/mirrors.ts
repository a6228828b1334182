/**
 * Where an image may be pulled from, as containers/image and OpenShift decide it:
 * - `registries.conf` v2 (TOML): `[[registry]]` with `prefix` (default: `location`), `location`,
 *   `blocked`, `mirror-by-digest-only`, and `[[registry.mirror]]` `location` / `pull-from-mirror`
 *   (`all`, `digest-only`, `tag-only`); the longest matching prefix wins.
 * - ImageDigestMirrorSet / ImageTagMirrorSet / ImageContentSourcePolicy YAML (OpenShift, and the
 *   `images-mirror-set.yaml` Konflux repositories keep beside their catalogs): `source` → `mirrors`,
 *   `mirrorSourcePolicy: NeverContactSource`. Digest mirrors apply only to digest references.
 * Mirrors are tried in order, then the source (unless blocked); the output always keeps the
 * reference as written — exactly how Konflux releases `quay.io/redhat-user-workloads/…@sha256:X`
 * as `registry.redhat.io/…@sha256:X`.
 */
import { parse as parseToml } from 'smol-toml';
import { parseAllDocuments } from 'yaml';
import { withRepository, type ImageReference } from './reference';

export interface MirrorRule {
  /** `registry[/repository…]` this rule applies to (a prefix on path boundaries). */
  prefix: string;
  /** What replaces the prefix at the source (registries.conf `location`); undefined: the prefix. */
  location?: string;
  mirrors: { location: string; digestOnly: boolean; tagOnly: boolean }[];
  blocked: boolean;
  /** NeverContactSource: only the mirrors. */
  neverSource: boolean;
  /** Where the rule was read, for messages. */
  from: string;
}

export class MirrorConfigError extends Error {}

function matches(prefix: string, name: string): boolean {
  return (
    name === prefix || name.startsWith(prefix + '/') || (prefix.endsWith('/') && name.startsWith(prefix))
  );
}

/** A reference's `registry/repository` with the rule's prefix replaced by `location`. */
function replacePrefix(ref: ImageReference, prefix: string, location: string): ImageReference {
  const name = `${ref.registry}/${ref.repository}`;
  const rest = name.slice(prefix.length).replace(/^\//, '');
  const full = rest ? `${location.replace(/\/$/, '')}/${rest}` : location;
  const slash = full.indexOf('/');
  return withRepository(ref, slash < 0 ? full : full.slice(0, slash), slash < 0 ? '' : full.slice(slash + 1));
}

export function parseRegistriesConf(text: string, from: string): MirrorRule[] {
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    throw new MirrorConfigError(`${from}: ${(e as Error).message.split('\n')[0]}`);
  }
  if ('registries' in doc && !('registry' in doc)) {
    throw new MirrorConfigError(
      `${from}: registries.conf version 1 ([registries.search] …) is not read; write it as version 2 ([[registry]] tables)`,
    );
  }
  const regs = Array.isArray(doc.registry) ? (doc.registry as Record<string, unknown>[]) : [];
  return regs.map((r, i) => {
    const location = typeof r.location === 'string' ? r.location : undefined;
    const prefix = typeof r.prefix === 'string' ? r.prefix : location;
    if (!prefix)
      throw new MirrorConfigError(`${from}: [[registry]] #${i + 1} has neither prefix nor location`);
    const byDigestOnly = r['mirror-by-digest-only'] === true;
    const mirrors = (Array.isArray(r.mirror) ? (r.mirror as Record<string, unknown>[]) : []).flatMap((m) => {
      if (typeof m.location !== 'string') return [];
      const pull = typeof m['pull-from-mirror'] === 'string' ? m['pull-from-mirror'] : 'all';
      return [
        {
          location: m.location,
          digestOnly: byDigestOnly || pull === 'digest-only',
          tagOnly: pull === 'tag-only',
        },
      ];
    });
    const rule: MirrorRule = { prefix, mirrors, blocked: r.blocked === true, neverSource: false, from };
    if (location && location !== prefix) rule.location = location;
    return rule;
  });
}

/** ImageDigestMirrorSet, ImageTagMirrorSet and ImageContentSourcePolicy documents (several per file). */
export function parseMirrorSets(text: string, from: string): MirrorRule[] {
  const rules: MirrorRule[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0)
      throw new MirrorConfigError(`${from}: ${doc.errors[0]?.message.split('\n')[0]}`);
    const j = doc.toJS() as { kind?: string; spec?: Record<string, unknown> } | null;
    if (!j || typeof j !== 'object') continue;
    const spec = j.spec ?? {};
    const list =
      j.kind === 'ImageDigestMirrorSet'
        ? spec.imageDigestMirrors
        : j.kind === 'ImageTagMirrorSet'
          ? spec.imageTagMirrors
          : j.kind === 'ImageContentSourcePolicy'
            ? spec.repositoryDigestMirrors
            : undefined;
    if (!Array.isArray(list)) continue;
    const digestOnly = j.kind !== 'ImageTagMirrorSet';
    for (const e of list as Record<string, unknown>[]) {
      if (typeof e.source !== 'string') continue;
      const mirrors = (Array.isArray(e.mirrors) ? e.mirrors : []).filter(
        (m): m is string => typeof m === 'string',
      );
      rules.push({
        prefix: e.source,
        mirrors: mirrors.map((location) => ({ location, digestOnly, tagOnly: !digestOnly })),
        blocked: false,
        neverSource: e.mirrorSourcePolicy === 'NeverContactSource',
        from,
      });
    }
  }
  return rules;
}

export interface PullSource {
  ref: ImageReference;
  /** The mirror rule's file, when this is a mirror. */
  mirrorFrom?: string;
}

/** Where to try pulling `ref`, in order: the longest-prefix rule's mirrors, then the source. */
export function pullSources(
  ref: ImageReference,
  rules: readonly MirrorRule[],
): PullSource[] | { blocked: string } {
  const name = `${ref.registry}/${ref.repository}`;
  const matching = rules.filter((r) => matches(r.prefix, name));
  if (matching.length === 0) return [{ ref }];
  const longest = Math.max(...matching.map((r) => r.prefix.length));
  const best = matching.filter((r) => r.prefix.length === longest);
  if (best.some((r) => r.blocked))
    return { blocked: `${name} is blocked by ${best.find((r) => r.blocked)?.from}` };
  const out: PullSource[] = [];
  for (const rule of best) {
    for (const m of rule.mirrors) {
      if (m.digestOnly && !ref.digest) continue;
      if (m.tagOnly && ref.digest) continue;
      out.push({ ref: replacePrefix(ref, rule.prefix, m.location), mirrorFrom: rule.from });
    }
  }
  if (!best.some((r) => r.neverSource)) {
    const loc = best.find((r) => r.location)?.location;
    out.push({ ref: loc ? replacePrefix(ref, best[0]?.prefix ?? name, loc) : ref });
  }
  return out;
}
