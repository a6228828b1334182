/**
 * Reading the repository configuration: its YAML with positions, checked field by field as its
 * JSON Schema says (test/unit/repo-config/schema-agrees.test.ts holds the two together), plus what
 * only the code knows: a rule id the catalogue does not have, a rule of opm's. A problem is a
 * finding at the file's line and column, never a throw; an entry with a problem is left out.
 */
import { POLICY_CHOICES, type PolicyChoice } from '../policy/types';
import type { Diagnostic } from '../diagnostics';
import { isRecord, parseYamlFile, type YamlDoc } from '../kube/yaml-docs';
import type { JsonPath } from '../location';
import { ruleById, type RuleId } from '../rules';
import {
  MIGRATE_LEVELS,
  REPO_CONFIG_API_VERSION,
  type AcceptedEntry,
  type CatalogPin,
  type ImageMirror,
  type MigrateLevel,
  type RepoConfig,
} from './types';

const TOP = ['apiVersion', 'catalogs', 'mirrors', 'accepted', 'policy'] as const;
const PIN = ['path', 'ocpVersion', 'migrateLevel'] as const;
const MIRROR = ['source', 'mirrors'] as const;
const ACCEPTED = ['rule', 'catalog', 'package', 'channel', 'bundle', 'reason'] as const;
const SCOPES = ['catalog', 'package', 'channel', 'bundle'] as const;

/** The keys read at each level (the schema's properties: schema-agrees.test.ts holds them equal). */
export const CONFIG_KEYS = { top: TOP, catalogs: PIN, mirrors: MIRROR, accepted: ACCEPTED } as const;
const VERSION = /^[0-9]+\.[0-9]+$/;

/** `accepted[0].reason`, as messages name a field. */
function named(path: JsonPath): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (isRecord(v)) return 'a mapping';
  return `the ${typeof v} ${JSON.stringify(v)}`;
}

class Checker {
  readonly findings: Diagnostic[] = [];
  constructor(
    private readonly doc: YamlDoc,
    private readonly file: string,
  ) {}

  report(rule: RuleId, message: string, path: JsonPath, key = false): void {
    this.findings.push({
      severity: 'warning',
      source: 'fbc-studio',
      rule,
      message,
      location: { ...this.doc.locate(path, key), file: this.file },
    });
  }

  /** Reports keys outside `allowed`; true when there were none. */
  keys(o: Record<string, unknown>, allowed: readonly string[], path: JsonPath): boolean {
    let ok = true;
    for (const k of Object.keys(o)) {
      if (allowed.includes(k)) continue;
      const where = path.length ? ` in ${named(path)}` : '';
      this.report(
        'config-unknown-key',
        `unknown key "${k}"${where} (allowed: ${allowed.join(', ')})`,
        [...path, k],
        true,
      );
      ok = false;
    }
    return ok;
  }

  /** A non-empty string at `path`, else a finding (`required`: also when absent). */
  string(o: Record<string, unknown>, key: string, path: JsonPath, required: boolean): string | undefined {
    const v = o[key];
    const at = [...path, key];
    if (v === undefined) {
      if (required) this.report('config-wrong-type', `${named(path)} has no ${key}: it is required`, path);
      return undefined;
    }
    if (typeof v !== 'string') {
      this.report('config-wrong-type', `${named(at)} must be a string, not ${typeName(v)}`, at);
      return undefined;
    }
    if (v === '') {
      this.report('config-wrong-type', `${named(at)} must not be empty`, at);
      return undefined;
    }
    return v;
  }

  /** A list at `path` (absent: empty), else a finding. */
  list(o: Record<string, unknown>, key: string): unknown[] {
    const v = o[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      this.report('config-wrong-type', `${key} must be a list, not ${typeName(v)}`, [key]);
      return [];
    }
    return v;
  }

  /** A list entry: the mapping at `path` with its keys outside `allowed` reported, else a finding. */
  entry(v: unknown, path: JsonPath, allowed: readonly string[]): Record<string, unknown> | undefined {
    const o = this.mapping(v, path);
    if (o) this.keys(o, allowed, path);
    return o;
  }

  /** The entries of the list at `key` that are mappings (checked by `entry`), each with its path. */
  *entries(o: Record<string, unknown>, key: string, allowed: readonly string[]) {
    const list = this.list(o, key);
    for (let i = 0; i < list.length; i++) {
      const path: JsonPath = [key, i];
      const e = this.entry(list[i], path, allowed);
      if (e) yield [e, path] as const;
    }
  }

  /** The mapping at `path`, else a finding. */
  mapping(v: unknown, path: JsonPath): Record<string, unknown> | undefined {
    if (isRecord(v)) return v;
    this.report('config-wrong-type', `${named(path)} must be a mapping, not ${typeName(v)}`, path);
    return undefined;
  }
}

function readPin(c: Checker, o: Record<string, unknown>, path: JsonPath): CatalogPin | undefined {
  const p = c.string(o, 'path', path, true);
  let version: string | undefined;
  if (typeof o.ocpVersion === 'number') {
    // The usual slip: `ocpVersion: 4.10` is the number 4.1 to YAML.
    c.report(
      'config-wrong-type',
      `${named([...path, 'ocpVersion'])} must be a string such as "4.16", not the number ${o.ocpVersion} (quote it: YAML reads 4.10 as 4.1)`,
      [...path, 'ocpVersion'],
    );
  } else version = c.string(o, 'ocpVersion', path, false);
  const level = c.string(o, 'migrateLevel', path, false);
  const pin: CatalogPin | undefined = p === undefined ? undefined : { path: p };
  if (version !== undefined) {
    if (VERSION.test(version)) {
      if (pin) pin.ocpVersion = version;
    } else
      c.report(
        'config-wrong-type',
        `${named([...path, 'ocpVersion'])} must be an OpenShift version MAJOR.MINOR such as "4.16", not ${JSON.stringify(version)}`,
        [...path, 'ocpVersion'],
      );
  }
  if (level !== undefined) {
    if (MIGRATE_LEVELS.includes(level as MigrateLevel)) {
      if (pin) pin.migrateLevel = level as MigrateLevel;
    } else
      c.report(
        'config-wrong-type',
        `${named([...path, 'migrateLevel'])} must be one of ${MIGRATE_LEVELS.join(', ')}, not ${JSON.stringify(level)}`,
        [...path, 'migrateLevel'],
      );
  }
  return pin;
}

function readMirror(c: Checker, o: Record<string, unknown>, path: JsonPath): ImageMirror | undefined {
  const source = c.string(o, 'source', path, true);
  const list = o.mirrors;
  const at = [...path, 'mirrors'];
  if (list === undefined) {
    c.report('config-wrong-type', `${named(path)} has no mirrors: it is required`, path);
    return undefined;
  }
  if (!Array.isArray(list) || list.length === 0) {
    c.report(
      'config-wrong-type',
      `${named(at)} must be a list of at least one image location, not ${typeName(list)}`,
      at,
    );
    return undefined;
  }
  const mirrors: string[] = [];
  list.forEach((m, j) => {
    if (typeof m === 'string' && m !== '') mirrors.push(m);
    else
      c.report('config-wrong-type', `${named([...at, j])} must be a non-empty string, not ${typeName(m)}`, [
        ...at,
        j,
      ]);
  });
  return source !== undefined && mirrors.length === list.length ? { source, mirrors } : undefined;
}

function readAccepted(
  c: Checker,
  doc: YamlDoc,
  file: string,
  v: unknown,
  i: number,
): AcceptedEntry | undefined {
  const path: JsonPath = ['accepted', i];
  const before = c.findings.length;
  const o = c.entry(v, path, ACCEPTED);
  if (!o) return undefined;
  const rule = c.string(o, 'rule', path, true);
  const scopes: Partial<Record<(typeof SCOPES)[number], string>> = {};
  for (const s of SCOPES) {
    const value = c.string(o, s, path, false);
    if (value !== undefined) scopes[s] = value;
  }
  let reason: string | undefined;
  if (o.reason === undefined || (typeof o.reason === 'string' && o.reason.trim() === '')) {
    c.report(
      'config-missing-reason',
      `${named(path)} has no reason: say why the finding is intended (the entry is not applied)`,
      o.reason === undefined ? path : [...path, 'reason'],
    );
  } else reason = c.string(o, 'reason', path, true);
  if (rule !== undefined) {
    const entry = ruleById(rule);
    if (!entry)
      c.report(
        'config-unknown-rule',
        `${named([...path, 'rule'])}: no rule "${rule}" in the rule catalogue (fbc-studio rules lists them)`,
        [...path, 'rule'],
      );
    else if (entry.source !== 'fbc-studio')
      c.report(
        'config-accepts-opm-rule',
        `${named([...path, 'rule'])}: ${rule} is a check of ${entry.source === 'opm' ? 'opm validate' : entry.source}, ` +
          `which is never accepted: its findings stay ${entry.severity}s and opm's verdict stands`,
        [...path, 'rule'],
      );
  }
  if (c.findings.length > before || rule === undefined || reason === undefined) return undefined;
  const location = { ...doc.locate(path), file };
  return { rule, ...scopes, reason, location };
}

/** Far more than any configuration needs; a larger file is refused unread (memory stays bounded). */
export const REPO_CONFIG_MAX_CHARS = 1 << 20;

function syntaxFinding(file: string, message: string): Diagnostic {
  const at = { line: 1, column: 1 };
  return {
    severity: 'warning',
    source: 'fbc-studio',
    rule: 'config-syntax',
    message: `${file} does not parse: ${message}`,
    location: { file, start: at, end: at },
  };
}

/** The configuration in `text` (the file at `file`, repository-relative), with what is wrong in it. */
export function parseRepoConfig(file: string, text: string): RepoConfig {
  const config: RepoConfig = { path: file, catalogs: [], mirrors: [], accepted: [], findings: [] };
  if (text.length > REPO_CONFIG_MAX_CHARS) {
    config.findings.push(
      syntaxFinding(file, `it is ${text.length} characters long, over the ${REPO_CONFIG_MAX_CHARS} read`),
    );
    return config;
  }
  let parsed: ReturnType<typeof parseYamlFile>;
  try {
    parsed = parseYamlFile(file, text);
  } catch (e) {
    // The YAML library refuses alias bombs by throwing (its resource-exhaustion guard).
    config.findings.push(syntaxFinding(file, e instanceof Error ? e.message : String(e)));
    return config;
  }
  // The first syntax error is the one to fix; the parser's later ones often follow from it.
  const first = parsed.errors[0];
  if (first) {
    const more = parsed.errors.length - 1;
    const line = first.message.split('\n')[0] ?? first.message;
    const message = more > 0 ? `${line} (and ${more} more errors)` : line;
    config.findings.push({ ...syntaxFinding(file, message), location: first.location });
    return config;
  }
  const doc = parsed.docs[0];
  if (!doc) return config; // An empty file configures nothing.
  const c = new Checker(doc, file);
  if (!isRecord(doc.value)) {
    c.report(
      'config-syntax',
      `${file} must be a mapping of keys (apiVersion, catalogs, mirrors, accepted), not ${typeName(doc.value)}`,
      [],
    );
    config.findings.push(...c.findings);
    return config;
  }
  const top = doc.value;
  c.keys(top, TOP, []);
  const api = c.string(top, 'apiVersion', [], false);
  if (top.apiVersion === undefined)
    c.report(
      'config-wrong-type',
      `${file} has no apiVersion: it is required (apiVersion: ${REPO_CONFIG_API_VERSION})`,
      [],
    );
  else if (api !== undefined && api !== REPO_CONFIG_API_VERSION)
    c.report(
      'config-wrong-type',
      `apiVersion must be ${REPO_CONFIG_API_VERSION}, not ${JSON.stringify(api)}`,
      ['apiVersion'],
    );
  const policy = c.string(top, 'policy', [], false);
  if (policy !== undefined && !(POLICY_CHOICES as readonly string[]).includes(policy))
    c.report(
      'config-wrong-type',
      `policy must be one of ${POLICY_CHOICES.join(', ')}, not ${JSON.stringify(policy)}`,
      ['policy'],
    );
  else if (policy !== undefined) config.policy = policy as PolicyChoice;
  for (const [o, path] of c.entries(top, 'catalogs', PIN)) {
    const pin = readPin(c, o, path);
    if (pin) config.catalogs.push(pin);
  }
  for (const [o, path] of c.entries(top, 'mirrors', MIRROR)) {
    const m = readMirror(c, o, path);
    if (m) config.mirrors.push(m);
  }
  c.list(top, 'accepted').forEach((v, i) => {
    const a = readAccepted(c, doc, file, v, i);
    if (a) config.accepted.push(a);
  });
  // In file order, as a reader goes through the file.
  const at = (d: Diagnostic) => d.location?.start ?? { line: 0, column: 0 };
  config.findings.push(...c.findings.sort((a, b) => at(a).line - at(b).line || at(a).column - at(b).column));
  return config;
}
