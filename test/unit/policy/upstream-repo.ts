/**
 * The operator pipeline's test repositories (operator-pipelines tests/utils.py: create_files,
 * catalog_files, bundle_files), re-created in a temporary folder of ours, and what
 * `fbc-studio workspace <dir> --policy community -o json` reports on them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { main } from '../../../src/cli/main';

/** A file's content: text as is, a tuple (array wrapped in `docs`) as multi-document YAML, else YAML. */
export type Content = string | { docs: unknown[] } | Record<string, unknown>;
export type Files = Record<string, Content>;

function isDocs(c: Content): c is { docs: unknown[] } {
  return typeof c === 'object' && Array.isArray((c as { docs?: unknown }).docs);
}

function text(c: Content): string {
  if (typeof c === 'string') return c;
  if (isDocs(c)) return c.docs.map((d) => stringify(d)).join('---\n');
  return stringify(c);
}

/** catalog_files: catalogs/<catalog>/<operator>/catalog.yaml, the given documents or the default. */
export function catalogFiles(catalog: string, operator: string, content?: unknown[]): Files {
  const docs = content ?? [
    { defaultChannel: 'stable', name: operator, schema: 'olm.package' },
    { name: 'alpha', package: operator, schema: 'olm.channel' },
    {
      name: `${operator}.v1.0.0`,
      package: operator,
      image: `quay.io/org/${operator}@sha256:123`,
      schema: 'olm.bundle',
    },
  ];
  return { [`catalogs/${catalog}/${operator}/catalog.yaml`]: { docs } };
}

/** bundle_files: operators/<operator>/<version>/ with its annotations.yaml and CSV. */
export function bundleFiles(operator: string, version: string, other: Files = {}): Files {
  const at = `operators/${operator}/${version}`;
  return {
    [`${at}/metadata/annotations.yaml`]: {
      annotations: {
        'operators.operatorframework.io.bundle.mediatype.v1': 'registry+v1',
        'operators.operatorframework.io.bundle.manifests.v1': 'manifests/',
        'operators.operatorframework.io.bundle.metadata.v1': 'metadata/',
        'operators.operatorframework.io.bundle.package.v1': operator,
        'operators.operatorframework.io.bundle.channel.default.v1': 'beta',
        'operators.operatorframework.io.bundle.channels.v1': 'beta',
      },
    },
    [`${at}/manifests/${operator}.clusterserviceversion.yaml`]: {
      metadata: { name: `${operator}.v${version}` },
      spec: { version },
    },
    ...other,
  };
}

export interface Finding {
  severity: string;
  rule: string;
  message: string;
}

/** The community pack's findings on the repository the files make (written, run, removed). */
export async function communityFindings(...parts: Files[]): Promise<Finding[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fbc-upstream-'));
  try {
    for (const [path, content] of Object.entries(Object.assign({}, ...parts) as Files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text(content));
    }
    let out = '';
    await main(['workspace', dir, '--policy', 'community', '-o', 'json'], {
      out: (s) => (out += s),
      err: () => undefined,
    });
    const report = JSON.parse(out) as { policy?: { findings: Finding[] } };
    return report.policy?.findings ?? [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The messages of the findings of `rules`, as a set (the pipeline's tests compare sets). */
export function reasons(found: Finding[], ...rules: string[]): Set<string> {
  return new Set(found.filter((f) => rules.includes(f.rule)).map((f) => f.message));
}

/** The findings of `rules` as the pipeline's tests compare them: `(Fail|Warn, reason)`, a set. */
export function results(found: Finding[], ...rules: string[]): Set<string> {
  return new Set(
    found
      .filter((f) => rules.includes(f.rule))
      .map((f) => `${f.severity === 'error' ? 'Fail' : 'Warn'}: ${f.message}`),
  );
}
