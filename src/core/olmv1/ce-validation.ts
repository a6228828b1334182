/**
 * What the API server refuses in a ClusterExtension, from operator-controller's CRD
 * (api/v1/clusterextension_types.go markers at df2c201d70e83d02eae23597d604269fa1baf20a: OpenAPI
 * required/maxLength/maxItems/enum/minimum/maximum/minProperties and its CEL rules), worded as
 * kube-apiserver words field errors, so `olmv1 preview` refuses a manifest `kubectl apply` would.
 * `progressDeadlineMinutes` and `config` exist only in the experimental CRD; the standard one
 * prunes them, but a value the experimental CRD refuses is refused here too. Rules comparing an
 * object with its previous version (immutability) need the cluster and are not checked.
 */
import { goQuote } from '../go/strings';
import { isRecord } from '../kube/yaml-docs';

type Obj = Record<string, unknown>;

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/**
 * The CRD's CEL rule for spec.source.catalog.version, as the CRD writes it; RE2's `\s` is ASCII
 * white space only, JavaScript's also Unicode's, so it is spelled out.
 */
const VERSION_EXPRESSION = new RegExp(
  '^(\\s*(=||!=|>|<|>=|=>|<=|=<|~|~>|\\^)\\s*(v?(0|[1-9]\\d*|[x|X|\\*])(\\.(0|[1-9]\\d*|x|X|\\*]))?(\\.(0|[1-9]\\d*|x|X|\\*))?(-([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?(\\+([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?)\\s*)((?:\\s+|,\\s*|\\s*\\|\\|\\s*)(=||!=|>|<|>=|=>|<=|=<|~|~>|\\^)\\s*(v?(0|[1-9]\\d*|x|X|\\*])(\\.(0|[1-9]\\d*|x|X|\\*))?(\\.(0|[1-9]\\d*|x|X|\\*]))?(-([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?(\\+([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?)\\s*)*$'.replaceAll(
    '\\s',
    '[\\t\\n\\f\\r ]',
  ),
);
const SUBDOMAIN_RULE =
  'must be a valid DNS1123 subdomain. It must contain only lowercase alphanumeric characters, hyphens (-) or periods (.), start and end with an alphanumeric character, and be no longer than 253 characters';

/** What stands for the CEL rules a blocking error kept from running (a field error without a path). */
const BLOCKED =
  '<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';

/** JSON-schema type names as the API server reports a mismatch. */
function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v === 'object' ? 'object' : typeof v;
}

class FieldErrors {
  readonly schema: string[] = [];
  readonly cel: string[] = [];
  /** A type error or an unsupported value blocks the CEL rules (apiextensions' hasBlockingErr). */
  blocking = false;
  required(path: string) {
    this.schema.push(`${path}: Required value`);
  }
  wrongType(path: string, v: unknown, want: string) {
    this.blocking = true;
    this.schema.push(
      `${path}: Invalid value: ${goQuote(jsonType(v))}: ${path} in body must be of type ${want}: ${goQuote(jsonType(v))}`,
    );
  }
  tooLong(path: string, s: string, max: number) {
    if ([...s].length > max) this.schema.push(`${path}: Too long: may not be more than ${max} bytes`);
  }
  enum(path: string, v: string, allowed: string[]) {
    if (allowed.includes(v)) return;
    this.blocking = true;
    this.schema.push(
      `${path}: Unsupported value: ${goQuote(v)}: supported values: ${allowed.map(goQuote).join(', ')}`,
    );
  }
  rule(path: string, ok: boolean, type: string, message: string) {
    if (!ok) this.cel.push(`${path}: Invalid value: ${goQuote(type)}: ${message}`);
  }
}

/** A string field: its value, or undefined (absent, or a type error recorded). */
function str(e: FieldErrors, o: Obj, key: string, path: string, required = false): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) {
    if (required) e.required(path);
    return undefined;
  }
  if (typeof v !== 'string') {
    e.wrongType(path, v, 'string');
    return undefined;
  }
  return v;
}

function obj(e: FieldErrors, o: Obj, key: string, path: string, required = false): Obj | undefined {
  const v = o[key];
  if (v === undefined || v === null) {
    if (required) e.required(path);
    return undefined;
  }
  if (!isRecord(v)) {
    e.wrongType(path, v, 'object');
    return undefined;
  }
  return v;
}

/** metav1.LabelSelector's schema: string labels, expressions with a key and an operator (the resolver judges the operator). */
function labelSelector(e: FieldErrors, sel: Obj, p: string) {
  const labels = obj(e, sel, 'matchLabels', `${p}.matchLabels`);
  for (const [k, v] of Object.entries(labels ?? {}))
    if (typeof v !== 'string') e.wrongType(`${p}.matchLabels.${k}`, v, 'string');
  const exprs = sel.matchExpressions;
  if (exprs === undefined || exprs === null) return;
  if (!Array.isArray(exprs)) return e.wrongType(`${p}.matchExpressions`, exprs, 'array');
  exprs.forEach((x, i) => {
    const at = `${p}.matchExpressions[${i}]`;
    if (!isRecord(x)) return e.wrongType(at, x, 'object');
    str(e, x, 'key', `${at}.key`, true);
    str(e, x, 'operator', `${at}.operator`, true);
    const values = x.values;
    if (values === undefined || values === null) return;
    if (!Array.isArray(values)) return e.wrongType(`${at}.values`, values, 'array');
    values.forEach((v, j) => {
      if (typeof v !== 'string') e.wrongType(`${at}.values[${j}]`, v, 'string');
    });
  });
}

/** The CRD's rule on an optional object that must name its one field: `has(self.<key>)`, with its message. */
function oneOfRequired(e: FieldErrors, o: Obj, key: string, path: string) {
  const name = path.slice(path.lastIndexOf('.') + 1);
  e.rule(
    path,
    o[key] !== undefined,
    'object',
    `at least one of [${key}] are required when ${name} is specified`,
  );
}

function catalogFilter(e: FieldErrors, c: Obj) {
  const p = 'spec.source.catalog';
  const pkg = str(e, c, 'packageName', `${p}.packageName`, true);
  if (pkg !== undefined) {
    e.tooLong(`${p}.packageName`, pkg, 253);
    e.rule(`${p}.packageName`, DNS1123_SUBDOMAIN.test(pkg), 'string', `packageName ${SUBDOMAIN_RULE}`);
  }
  const version = str(e, c, 'version', `${p}.version`);
  if (version !== undefined) {
    e.tooLong(`${p}.version`, version, 64);
    e.rule(`${p}.version`, VERSION_EXPRESSION.test(version), 'string', 'invalid version expression');
  }
  const channels = c.channels;
  if (channels !== undefined && channels !== null) {
    if (!Array.isArray(channels)) e.wrongType(`${p}.channels`, channels, 'array');
    else {
      if (channels.length > 256)
        e.schema.push(`${p}.channels: Too many: ${channels.length}: must have at most 256 items`);
      channels.forEach((ch, i) => {
        const at = `${p}.channels[${i}]`;
        if (typeof ch !== 'string') return e.wrongType(at, ch, 'string');
        e.tooLong(at, ch, 253);
        e.rule(at, DNS1123_SUBDOMAIN.test(ch), 'string', 'channels entries must be valid DNS1123 subdomains');
      });
    }
  }
  const selector = obj(e, c, 'selector', `${p}.selector`);
  if (selector) labelSelector(e, selector, `${p}.selector`);
  const policy = str(e, c, 'upgradeConstraintPolicy', `${p}.upgradeConstraintPolicy`);
  if (policy !== undefined)
    e.enum(`${p}.upgradeConstraintPolicy`, policy, ['CatalogProvided', 'SelfCertified']);
}

function integerRange(e: FieldErrors, o: Obj, key: string, path: string, min: number, max: number) {
  const v = o[key];
  if (v === undefined || v === null) return;
  if (typeof v !== 'number' || !Number.isInteger(v)) return e.wrongType(path, v, 'integer');
  if (v < min)
    e.schema.push(`${path}: Invalid value: ${v}: ${path} in body should be greater than or equal to ${min}`);
  if (v > max)
    e.schema.push(`${path}: Invalid value: ${v}: ${path} in body should be less than or equal to ${max}`);
}

function minProperties(e: FieldErrors, o: Obj, path: string) {
  const n = Object.keys(o).length;
  if (n < 1) e.schema.push(`${path}: Invalid value: ${n}: ${path} in body should have at least 1 properties`);
}

/** The API server's field errors for a ClusterExtension object (empty when it would be accepted). */
export function clusterExtensionErrors(ce: Obj): string[] {
  const e = new FieldErrors();
  const meta = isRecord(ce.metadata) ? ce.metadata : {};
  if (typeof meta.name !== 'string' || meta.name === '')
    e.schema.push('metadata.name: Required value: name or generateName is required');
  const spec = obj(e, ce, 'spec', 'spec', true);
  if (spec) {
    const ns = str(e, spec, 'namespace', 'spec.namespace', true);
    if (ns !== undefined) {
      e.tooLong('spec.namespace', ns, 63);
      e.rule('spec.namespace', DNS1123_LABEL.test(ns), 'string', 'namespace must be a valid DNS1123 label');
    }
    const sa = obj(e, spec, 'serviceAccount', 'spec.serviceAccount');
    if (sa) {
      minProperties(e, sa, 'spec.serviceAccount');
      const name = str(e, sa, 'name', 'spec.serviceAccount.name');
      if (name !== undefined) {
        e.tooLong('spec.serviceAccount.name', name, 253);
        e.rule('spec.serviceAccount.name', DNS1123_SUBDOMAIN.test(name), 'string', `name ${SUBDOMAIN_RULE}`);
      }
    }
    const source = obj(e, spec, 'source', 'spec.source', true);
    if (source) {
      const type = str(e, source, 'sourceType', 'spec.source.sourceType', true);
      if (type !== undefined) e.enum('spec.source.sourceType', type, ['Catalog']);
      const catalog = obj(e, source, 'catalog', 'spec.source.catalog');
      e.rule(
        'spec.source',
        type === 'Catalog' ? source.catalog !== undefined : source.catalog === undefined,
        'object',
        'catalog is required when sourceType is Catalog, and forbidden otherwise',
      );
      if (catalog) catalogFilter(e, catalog);
    }
    const install = obj(e, spec, 'install', 'spec.install');
    if (install) {
      oneOfRequired(e, install, 'preflight', 'spec.install');
      const preflight = obj(e, install, 'preflight', 'spec.install.preflight');
      if (preflight) {
        oneOfRequired(e, preflight, 'crdUpgradeSafety', 'spec.install.preflight');
        const safety = obj(e, preflight, 'crdUpgradeSafety', 'spec.install.preflight.crdUpgradeSafety');
        const at = 'spec.install.preflight.crdUpgradeSafety.enforcement';
        const enforcement = safety && str(e, safety, 'enforcement', at, true);
        if (enforcement !== undefined) e.enum(at, enforcement, ['None', 'Strict']);
      }
    }
    integerRange(e, spec, 'progressDeadlineMinutes', 'spec.progressDeadlineMinutes', 10, 720);
    const config = obj(e, spec, 'config', 'spec.config');
    if (config) {
      const type = str(e, config, 'configType', 'spec.config.configType', true);
      if (type !== undefined) e.enum('spec.config.configType', type, ['Inline']);
      const inline = config.inline;
      if (inline !== undefined && inline !== null) {
        if (!isRecord(inline)) e.wrongType('spec.config.inline', inline, 'object');
        else minProperties(e, inline, 'spec.config.inline');
      }
      e.rule(
        'spec.config',
        type === 'Inline' ? inline !== undefined : inline === undefined,
        'object',
        'inline is required when configType is Inline, and forbidden otherwise',
      );
    }
  }
  return e.blocking ? [...e.schema, BLOCKED] : [...e.schema, ...e.cel];
}

/** kube-apiserver's "is invalid" error for those field errors. */
export function invalidClusterExtension(name: string, errors: string[]): string {
  const detail = errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
  return `ClusterExtension.olm.operatorframework.io ${goQuote(name)} is invalid: ${detail}`;
}
