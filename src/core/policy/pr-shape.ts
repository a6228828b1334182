/**
 * The shape of a community pull request, as the operator pipeline's detect-changes step judges it
 * (operator-pipelines operatorcert/entrypoints/detect_changed_operators.py, whose ParserRules in
 * parsed_file.py fail the pull request): which operators, bundles, catalogs and operator catalogs the
 * changed files belong to — a file under catalogs/<catalog>/<operator>/ belongs to a catalog only when
 * that folder holds catalog.yaml, catalog.yml or catalog.json, else it is a non-operator file — and
 * the rules: no non-operator files, one operator, no modified bundle, one added bundle, no adding and
 * deleting together, no deleting a bundle of a non-FBC operator or one a catalog still lists, no
 * bundle and catalog in one pull request. Messages verbatim, sets printed as Python prints them.
 */
import type { Diagnostic } from '../diagnostics';
import type { RuleId } from '../rules';
import { parseYamlFile } from '../kube/yaml-docs';
import { pyRepr } from './py-repr';

export type ReadText = (path: string) => Promise<string | undefined>;

/** One side of the pull request: its files (repository-relative) and how to read them. */
export interface Tree {
  paths: readonly string[];
  read: ReadText;
}

const CATALOG_NAMES = ['catalog.yaml', 'catalog.yml', 'catalog.json'];

/** operator_repo's probes over a file list (Git keeps no empty folder, so a folder is its files). */
class Probe {
  private readonly files: Set<string>;
  private readonly dirs = new Set<string>();
  constructor(readonly tree: Tree) {
    this.files = new Set(tree.paths);
    for (const p of tree.paths)
      for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) this.dirs.add(p.slice(0, i));
  }
  isBundle(op: string, version: string): boolean {
    const b = `operators/${op}/${version}`;
    return this.dirs.has(`${b}/manifests`) && this.dirs.has(`${b}/metadata`);
  }
  /** Operator.probe: a bundle folder, or ci.yaml. */
  hasOperator(op: string): boolean {
    if (this.files.has(`operators/${op}/ci.yaml`)) return true;
    const prefix = `operators/${op}/`;
    for (const d of this.dirs) {
      if (!d.startsWith(prefix)) continue;
      const rest = d.slice(prefix.length);
      if (!rest.includes('/') && this.isBundle(op, rest)) return true;
    }
    return false;
  }
  catalogFile(catalog: string, op: string): string | undefined {
    return CATALOG_NAMES.map((n) => `catalogs/${catalog}/${op}/${n}`).find((p) => this.files.has(p));
  }
  /** The operator catalogs of a catalog folder (Catalog.probe: at least one). */
  operatorCatalogs(catalog: string): string[] {
    const prefix = `catalogs/${catalog}/`;
    const out = new Set<string>();
    for (const p of this.files) {
      if (!p.startsWith(prefix)) continue;
      const rest = p.slice(prefix.length).split('/');
      if (rest.length === 2 && CATALOG_NAMES.includes(rest[1] as string)) out.add(rest[0] as string);
    }
    return [...out].sort();
  }
  catalogs(): string[] {
    const out = new Set<string>();
    for (const p of this.files) {
      const parts = p.split('/');
      if (parts.length === 4 && parts[0] === 'catalogs' && CATALOG_NAMES.includes(parts[3] as string))
        out.add(parts[1] as string);
    }
    return [...out].sort();
  }
}

export interface AffectedSets {
  operators: { added: Set<string>; modified: Set<string>; deleted: Set<string> };
  bundles: { added: Set<string>; modified: Set<string>; deleted: Set<string> };
  catalogOperators: Set<string>;
  extraFiles: Set<string>;
}

/** `_affected_bundles_and_operators_from_files` and the detect_changed_* steps. */
export function affected(changed: readonly string[], head: Probe, base: Probe): AffectedSets {
  const extraFiles = new Set<string>();
  const bundlesOf = new Map<string, Set<string | null>>();
  const catalogOperators = new Set<string>();
  const either = (f: (p: Probe) => boolean) => f(head) || f(base);
  for (const file of changed) {
    const parts = file.split('/');
    if (parts.length >= 3 && parts[0] === 'operators') {
      const [, op, version] = parts as [string, string, string];
      if (either((p) => p.hasOperator(op))) {
        const set = bundlesOf.get(op) ?? new Set();
        bundlesOf.set(op, set);
        set.add(either((p) => p.hasOperator(op) && p.isBundle(op, version)) ? version : null);
        continue;
      }
    }
    if (parts.length >= 3 && parts[0] === 'catalogs') {
      const [, catalog, op] = parts as [string, string, string];
      if (either((p) => p.catalogFile(catalog, op) !== undefined)) {
        catalogOperators.add(`${catalog}/${op}`);
        continue;
      }
    }
    extraFiles.add(file);
  }
  const out: AffectedSets = {
    operators: { added: new Set(), modified: new Set(), deleted: new Set() },
    bundles: { added: new Set(), modified: new Set(), deleted: new Set() },
    catalogOperators,
    extraFiles,
  };
  for (const [op, versions] of bundlesOf) {
    const inHead = head.hasOperator(op);
    const inBase = base.hasOperator(op);
    if (inHead && !inBase) out.operators.added.add(op);
    if (inHead && inBase) out.operators.modified.add(op);
    if (!inHead && inBase) out.operators.deleted.add(op);
    for (const v of versions) {
      if (v === null) continue;
      const h = inHead && head.isBundle(op, v);
      const b = inBase && base.isBundle(op, v);
      if (h && !b) out.bundles.added.add(`${op}/${v}`);
      if (h && b) out.bundles.modified.add(`${op}/${v}`);
      if ((!inHead && inBase) || (!h && b)) out.bundles.deleted.add(`${op}/${v}`);
    }
  }
  return out;
}

/** Python's repr of a sorted list of (operator, version) tuples. */
function tuples(set: Iterable<string>): string {
  const items = [...set].sort().map((x) => {
    const [a, b] = x.split('/') as [string, string];
    return `(${pyRepr(a)}, ${pyRepr(b)})`;
  });
  return `[${items.join(', ')}]`;
}

const sortedList = (set: Iterable<string>): string => pyRepr([...set].sort());

/** The CSV's metadata.name of a bundle (the first *.clusterserviceversion.{yaml,yml,json}). */
async function csvName(tree: Tree, op: string, version: string): Promise<string | undefined> {
  const dir = `operators/${op}/${version}/manifests/`;
  for (const suffix of ['yaml', 'yml', 'json']) {
    const file = tree.paths
      .filter((p) => p.startsWith(dir) && !p.slice(dir.length).includes('/'))
      .sort()
      .find((p) => p.endsWith(`.clusterserviceversion.${suffix}`));
    if (!file) continue;
    const doc = parseYamlFile(file, (await tree.read(file)) ?? '').docs[0]?.value as
      { metadata?: { name?: unknown } } | undefined;
    const name = doc?.metadata?.name;
    return typeof name === 'string' ? name : undefined;
  }
  return undefined;
}

function finding(rule: RuleId, message: string, file?: string): Diagnostic {
  const top = { line: 1, column: 1 };
  return {
    severity: 'error',
    source: 'community',
    rule,
    message,
    ...(file !== undefined && { location: { file, start: top, end: top } }),
  };
}

/** Whether ci.yaml sets fbc.enabled (Python truth). */
async function fbcEnabled(tree: Tree, op: string): Promise<boolean> {
  const ci = parseYamlFile('ci.yaml', (await tree.read(`operators/${op}/ci.yaml`)) ?? '').docs[0]?.value;
  const enabled = (ci as { fbc?: { enabled?: unknown } } | undefined)?.fbc?.enabled;
  return Boolean(enabled) && !(Array.isArray(enabled) && enabled.length === 0);
}

/**
 * ParserRules.validate over the pull request `changed` turns `base` into `head`. Its checks run in
 * the order Python's dir() lists them (alphabetical), each finding at the file it is about.
 */
export async function checkPullRequestShape(
  changed: readonly string[],
  headTree: Tree,
  baseTree: Tree,
): Promise<{ findings: Diagnostic[]; affected: AffectedSets }> {
  const a = affected(changed, new Probe(headTree), new Probe(baseTree));
  return { findings: await judgeShape(a, headTree, baseTree, changed), affected: a };
}

/** ParserRules' checks on what a pull request affects; `changed` only places the findings. */
export async function judgeShape(
  a: AffectedSets,
  headTree: Tree,
  baseTree: Tree,
  changed: readonly string[] = [],
): Promise<Diagnostic[]> {
  const head = new Probe(headTree);
  const out: Diagnostic[] = [];
  const firstChanged = (prefix: string) => changed.filter((p) => p.startsWith(prefix)).sort()[0];
  const bundleFile = (set: Iterable<string>) => firstChanged(`operators/${[...set].sort()[0] ?? ''}/`);
  // check_added_bundles
  if (a.bundles.added.size > 1)
    out.push(
      finding(
        'community-pr-bundles',
        `The PR affects more than one bundle: ${tuples(a.bundles.added)}`,
        bundleFile(a.bundles.added),
      ),
    );
  if (a.bundles.added.size > 0 && a.bundles.deleted.size > 0)
    out.push(
      finding(
        'community-pr-bundles',
        'The PR adds and deletes bundles at the same time. This is not allowed. Please split the changes into 2 separate pull requests.',
        bundleFile(a.bundles.added),
      ),
    );
  // check_affected_catalog_operators
  const addedOrModified = new Set([...a.bundles.added, ...a.bundles.modified]);
  if (addedOrModified.size > 0 && a.catalogOperators.size > 0) {
    const first = [...a.catalogOperators].sort()[0] as string;
    out.push(
      finding(
        'community-pr-bundle-and-catalog',
        `The PR affects a bundle (${tuples(addedOrModified)}) and catalog (${tuples(a.catalogOperators)}) at the same time. ` +
          'Split operator and catalog changes into 2 separate pull requests.',
        firstChanged(`catalogs/${first}/`),
      ),
    );
  }
  // check_affected_operators
  const operators = new Set([...a.operators.added, ...a.operators.modified, ...a.operators.deleted]);
  const bundles = new Set([...a.bundles.added, ...a.bundles.modified, ...a.bundles.deleted]);
  if (operators.size > 1 && bundles.size !== 0)
    out.push(
      finding(
        'community-pr-operators',
        `The PR affects more than one operator: ${sortedList(operators)}`,
        firstChanged(`operators/${[...operators].sort()[1] ?? ''}/`),
      ),
    );
  // check_deleted_bundles: the operator (as it was) must be FBC, and no catalog may still list the bundle.
  if (a.bundles.deleted.size > 0) {
    const ops = new Set([...a.bundles.deleted].map((b) => b.split('/')[0] as string));
    for (const op of ops)
      if (!(await fbcEnabled(baseTree, op)))
        out.push(
          finding(
            'community-pr-deleted-bundle',
            `The PR deletes an existing operator: Operator(${op}). This feature is only allowed for bundles with FBC enabled.`,
          ),
        );
    for (const b of a.bundles.deleted) {
      const [op, version] = b.split('/') as [string, string];
      const name = await csvName(baseTree, op, version);
      if (name === undefined) continue;
      for (const catalog of head.catalogs()) {
        const file = head.catalogFile(catalog, op);
        if (!file) continue;
        const listed = parseYamlFile(file, (await headTree.read(file)) ?? '').docs.some((d) => {
          const v = d.value as { schema?: unknown; name?: unknown } | null;
          return v?.schema === 'olm.bundle' && v.name === name;
        });
        if (listed)
          out.push(
            finding(
              'community-pr-deleted-bundle-in-catalog',
              `The PR deletes a bundle (${op}/${version}) that is in use by a catalog (Catalog(${catalog}))`,
              file,
            ),
          );
      }
    }
  }
  // check_extra_files
  if (a.extraFiles.size > 0)
    out.push(
      finding(
        'community-pr-extra-files',
        `The PR affects non-operator files: ${sortedList(a.extraFiles)}`,
        [...a.extraFiles].sort()[0],
      ),
    );
  // check_modified_bundles
  if (a.bundles.modified.size > 0)
    out.push(
      finding(
        'community-pr-modified-bundles',
        `The PR modifies existing bundles: ${tuples(a.bundles.modified)}`,
        bundleFile(a.bundles.modified),
      ),
    );
  return out;
}
