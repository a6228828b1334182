import type { RenderedBundle, RenderedSemverTemplate } from '../../../src/core/template';

/**
 * fbc-cases §F convention: image `img/<name>` (or `quay.io/foo/olm:<name>`) renders to bundle
 * `<name>`, whose package and version are read from the name: `<pkg>-v<version>` or
 * `<pkg>.v<version>`.
 */
export function bundleFromImage(image: string): RenderedBundle {
  const name = image.slice(Math.max(image.lastIndexOf('/'), image.lastIndexOf(':')) + 1);
  const m = /^(.+?)[-.]v(\d.*)$/.exec(name);
  if (!m) throw new Error(`test resolver: cannot read a version from ${image}`);
  return { name, package: m[1] as string, version: m[2] as string, image };
}

export const resolveByName = (image: string): RenderedBundle[] => [bundleFromImage(image)];

/** A template with the given lists, as YAML text; each list holds bundle names rendered through `img/<name>`. */
export function templateYaml(opts: {
  major?: boolean;
  minor?: boolean;
  preference?: string;
  candidate?: string[];
  fast?: string[];
  stable?: string[];
}): string {
  const lines = ['schema: olm.semver'];
  if (opts.major !== undefined) lines.push(`generateMajorChannels: ${opts.major}`);
  if (opts.minor !== undefined) lines.push(`generateMinorChannels: ${opts.minor}`);
  if (opts.preference !== undefined) lines.push(`defaultChannelTypePreference: ${opts.preference}`);
  for (const list of ['candidate', 'fast', 'stable'] as const) {
    const names = opts[list];
    if (!names) continue;
    lines.push(`${list}:`, '  bundles:');
    for (const n of names) lines.push(`    - image: img/${n}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * The channels in fbc-cases §F notation, one line per channel: `name: 0.1.0 | 0.1.3 r0.1.2 s[0.1.0,0.1.1]`.
 * `prefix` is stripped from every bundle name (and must be there, so full names are checked too).
 */
export function channelSummary(rendered: RenderedSemverTemplate, prefix: string): string {
  const short = (n: string): string => {
    if (!n.startsWith(prefix)) throw new Error(`bundle name ${n} lacks prefix ${prefix}`);
    return n.slice(prefix.length);
  };
  return rendered.channels
    .map((c) => {
      const entries = c.entries.map((e) => {
        let s = short(e.name);
        if (e.replaces !== undefined) s += ` r${short(e.replaces)}`;
        if (e.skips !== undefined) s += ` s[${e.skips.map(short).join(',')}]`;
        return s;
      });
      return `${c.name}: ${entries.join(' | ')}`;
    })
    .join('\n');
}

/** Normalizes a channel table copied from fbc-cases.md (column padding removed). */
export function table(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => line.replace(/:\s+/, ': ').trim())
    .join('\n');
}

/** The message `fn` throws (so tests can compare the whole text, not a substring). */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected an error, got none');
}

/** The 16 stable bundles of upstream TestGenerateChannels (in its map's spelling order). */
export const UPSTREAM_STABLE = [
  'a-v0.1.0',
  'a-v0.1.1',
  'a-v1.1.0',
  'a-v1.2.1',
  'a-v1.3.1',
  'a-v2.1.0',
  'a-v1.3.1-beta',
  'a-v2.1.1',
  'a-v2.3.1',
  'a-v2.3.2',
  'a-v3.1.0',
  'a-v3.1.1',
  'a-v1.3.1-alpha',
  'a-v1.4.1',
  'a-v1.4.1-beta1',
  'a-v1.4.1-beta2',
];
