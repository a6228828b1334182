/**
 * The community pack's checks of an operator's files rather than its catalogs (operator-pipelines
 * static_tests/common): `ci.yaml` against the pipeline's schema and its `fbc.catalog_mapping` (one
 * catalog, one template), each bundle's `release-config.yaml` against its schema and against
 * ci.yaml. An operator is a folder holding `ci.yaml` (operators/<name>/ in the repository); its
 * bundles are its sub-folders. Messages are the pipeline's, values printed as Python prints them.
 */
import type { Diagnostic } from '../diagnostics';
import type { RuleId } from '../rules';
import { parseYamlFile, type YamlDoc } from '../kube/yaml-docs';
import type { JsonPath, SourceRange } from '../location';
import { CI_SCHEMA, RELEASE_CONFIG_SCHEMA } from './community-schemas';
import { schemaErrors, type MiniSchema } from './mini-schema';
import { pyRepr } from './py-repr';

export type ReadText = (path: string) => Promise<string | undefined>;

const CI = 'ci.yaml';
const RELEASE = 'release-config.yaml';
/** The semver template's channels (operator-pipelines `_check_semver_allowed_channels`). */
const SEMVER_CHANNELS = ['Fast', 'Candidate', 'Stable'];

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function hidden(path: string): boolean {
  return path.split('/').some((s) => s.startsWith('.'));
}

/** The operator folders of a repository's paths: each folder (not the root) holding ci.yaml. */
export function operatorFolders(paths: readonly string[]): string[] {
  return paths
    .filter((p) => (p.endsWith(`/${CI}`) || p === CI) && p !== CI && !hidden(p))
    .map(parentOf)
    .sort();
}

/** Each release-config.yaml of a bundle folder (<operator>/<version>/release-config.yaml). */
function releaseConfigs(paths: readonly string[]): { path: string; operator: string }[] {
  return paths
    .filter((p) => p.endsWith(`/${RELEASE}`) && !hidden(p))
    .map((path) => ({ path, operator: parentOf(parentOf(path)) }))
    .filter((r) => r.operator !== '')
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Python's truth of a decoded value (`if not fbc_enabled`). */
function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object' && v !== null) return Object.keys(v).length > 0;
  return Boolean(v);
}

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

interface Loaded {
  /** The first document, or undefined for an empty file. */
  doc?: YamlDoc;
  value: unknown;
  at: (path?: JsonPath, key?: boolean) => SourceRange;
  /** The file is not YAML (the pipeline's load_yaml raises). */
  invalid?: SourceRange;
}

async function load(path: string, read: ReadText): Promise<Loaded | undefined> {
  const text = await read(path);
  if (text === undefined) return undefined;
  const parsed = parseYamlFile(path, text);
  const top: SourceRange = { file: path, start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  const doc = parsed.docs[0];
  const at = (p?: JsonPath, key?: boolean) => (doc ? doc.locate(p, key) : top);
  const first = parsed.errors[0];
  return { ...(doc && { doc }), value: doc?.value ?? null, at, ...(first && { invalid: first.location }) };
}

function schemaFindings(f: Loaded, schema: MiniSchema, rule: RuleId, intro: string): Diagnostic[] {
  return schemaErrors(schema, f.value).map((e) => ({
    severity: 'error',
    source: 'community',
    rule,
    message: `${intro} which does not comply with the schema: ${e.message}`,
    location: e.key === undefined ? f.at(e.path) : f.at([...e.path, e.key], true),
  }));
}

/** check_catalog_usage_ci_config: each catalog mapped by one template at most. */
function catalogMapping(ci: Loaded): Diagnostic[] {
  const mapping = record(record(ci.value).fbc).catalog_mapping;
  if (!Array.isArray(mapping)) return [];
  const byCatalog = new Map<string, { templates: unknown[]; at: JsonPath }>();
  mapping.forEach((t, i) => {
    const names = record(t).catalog_names;
    if (!Array.isArray(names)) return;
    names.forEach((c, j) => {
      const key = typeof c === 'string' ? c : pyRepr(c);
      const seen = byCatalog.get(key);
      const entry = seen ?? { templates: [], at: [] };
      entry.templates.push(record(t).template_name ?? null);
      // The finding points at the catalog's second mention: the mapping that makes it two.
      if (entry.templates.length === 2) entry.at = ['fbc', 'catalog_mapping', i, 'catalog_names', j];
      if (!seen) byCatalog.set(key, entry);
    });
  });
  return [...byCatalog]
    .filter(([, e]) => e.templates.length > 1)
    .map(([catalog, e]) => ({
      severity: 'error',
      source: 'community',
      rule: 'community-ci-catalog-mapping',
      message: `Operator's 'ci.yaml' contains multiple templates '${pyRepr(e.templates)}' for the same catalog '${catalog}'.`,
      location: ci.at(e.at),
    }));
}

/** check_bundle_release_config: FBC enabled, each template in ci.yaml's mapping, semver's channels. */
function releaseAgainstCi(rc: Loaded, ci: Loaded | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fbc = record(record(ci?.value).fbc);
  const find = (rule: RuleId, message: string, location: SourceRange): Diagnostic => ({
    severity: 'error',
    source: 'community',
    rule,
    message,
    location,
  });
  if (!truthy(fbc.enabled)) {
    out.push(
      find(
        'community-release-config-fbc',
        "Bundle's 'release-config.yaml' is used but FBC is not enabled for the operator. Update the 'fbc.enabled' field in the ci.yaml file.",
        rc.at(),
      ),
    );
    return out;
  }
  const mapping = Array.isArray(fbc.catalog_mapping) ? fbc.catalog_mapping.map(record) : [];
  const byName = new Map(mapping.map((t) => [t.template_name, t]));
  const templates = record(rc.value).catalog_templates;
  if (!Array.isArray(templates)) return out;
  templates.forEach((raw, i) => {
    const t = record(raw);
    const mapped = byName.get(t.template_name);
    if (!mapped) {
      out.push(
        find(
          'community-release-config-template',
          `Bundle's 'release-config.yaml' contains a catalog template '${String(t.template_name)}' that is not defined in the ci.yaml file under 'catalog_mapping'. Add the template to the 'catalog_mapping.`,
          rc.at(['catalog_templates', i, 'template_name']),
        ),
      );
      return;
    }
    const channels = Array.isArray(t.channels) ? t.channels : [];
    if (mapped.type !== 'olm.semver' || channels.every((c) => SEMVER_CHANNELS.includes(c as string))) return;
    out.push(
      find(
        'community-release-config-semver-channels',
        `Bundle's 'release-config.yaml' contains a semver catalog template '${String(t.template_name)}' with invalid channels: ${pyRepr(t.channels)}. ` +
          `Allowed channels are: ${pyRepr(SEMVER_CHANNELS)}. Follow olm [documentation](https://olm.operatorframework.io/docs/reference/catalog-templates/#specification) to see more details about semver template.`,
        rc.at(['catalog_templates', i, 'channels']),
      ),
    );
  });
  return out;
}

function notYaml(path: string, at: SourceRange, rule: RuleId): Diagnostic {
  return {
    severity: 'error',
    source: 'community',
    rule,
    message: `${path} is not a valid yaml document`,
    location: at,
  };
}

/**
 * The operator-level and bundle-level checks over the repository's files, repository-relative.
 * `operators`: only these operator folders (the pull request's, with --base); else all of them.
 */
export async function checkCommunityRepository(
  paths: readonly string[],
  read: ReadText,
  operators?: ReadonlySet<string>,
): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  // Each finding names its operator (the folder's name), which the repository's waivers match.
  const add = (op: string, list: Diagnostic[]) =>
    out.push(...list.map((d) => ({ ...d, package: op.slice(op.lastIndexOf('/') + 1) })));
  const cis = new Map<string, Loaded>();
  for (const op of operatorFolders(paths)) {
    if (operators && !operators.has(op)) continue;
    const path = `${op}/${CI}`;
    const ci = await load(path, read);
    if (!ci) continue;
    cis.set(op, ci);
    if (ci.invalid) {
      add(op, [notYaml(path, ci.invalid, 'community-ci-schema')]);
      continue;
    }
    add(op, [
      ...schemaFindings(ci, CI_SCHEMA, 'community-ci-schema', "Operator's 'ci.yaml' contains invalid data"),
      ...catalogMapping(ci),
    ]);
  }
  for (const { path, operator } of releaseConfigs(paths)) {
    if (operators && !operators.has(operator)) continue;
    const rc = await load(path, read);
    if (!rc) continue;
    if (rc.invalid) {
      add(operator, [notYaml(path, rc.invalid, 'community-release-config-schema')]);
      continue;
    }
    // `if not bundle.release_config`: an empty file is no release config.
    if (!truthy(rc.value)) continue;
    const ci = cis.get(operator) ?? (await load(`${operator}/${CI}`, read));
    add(operator, releaseAgainstCi(rc, ci?.invalid ? undefined : ci));
    add(
      operator,
      schemaFindings(
        rc,
        RELEASE_CONFIG_SCHEMA,
        'community-release-config-schema',
        "Bundle's 'release-config.yaml' contains invalid data",
      ),
    );
  }
  return out;
}
