/**
 * One-click edits of a Crossplane package's meta file (crossplane.yaml): add a dependency, bump a
 * dependency's version constraint. They splice the text at the nodes' source ranges instead of
 * re-serializing the document, so comments (renovate hints), quoting and indentation stay exactly
 * as the author wrote them; the result is a FileChange the edit session applies as one undo step.
 */
import { isMap, isScalar, isSeq, parseAllDocuments, type Document, type Node, type YAMLMap } from 'yaml';
import type { EditResult } from '../edit/action';
import { packageSource } from './package-index';
import type { PackageKind } from './types';

export interface NewDependency {
  kind: PackageKind;
  /** The OCI reference without tag, e.g. `xpkg.upbound.io/upbound/provider-aws-s3`. */
  package: string;
  /** A tag or a constraint, e.g. `>=v1.0.0`. */
  version: string;
}

const KEY: Record<PackageKind, string> = {
  Provider: 'provider',
  Configuration: 'configuration',
  Function: 'function',
};
const PACKAGE_KEYS = ['provider', 'configuration', 'function', 'package'];

/** The package an entry names, without its tag or digest. */
function entryPackage(entry: YAMLMap): string | undefined {
  for (const k of PACKAGE_KEYS) {
    const v: unknown = entry.get(k);
    if (typeof v === 'string') return packageSource(v);
  }
  return undefined;
}

/** The meta document of a file (a package.yaml stream holds it among the package's objects). */
function metaDocument(text: string): Document | undefined {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) return undefined;
  return docs.find((d) => {
    const api: unknown = d.get('apiVersion');
    return typeof api === 'string' && api.startsWith('meta.pkg.crossplane.io/');
  });
}

const lineStart = (text: string, pos: number) => text.lastIndexOf('\n', pos - 1) + 1;
const column = (text: string, pos: number) => pos - lineStart(text, pos);

/** The start of the line after `pos` (the text's end, when the last line has no newline). */
function nextLine(text: string, pos: number): number {
  if (pos > 0 && text[pos - 1] === '\n') return pos;
  const nl = text.indexOf('\n', pos);
  return nl < 0 ? text.length : nl + 1;
}

/** A version as YAML: in the quotes the file already uses, plain only where plain is safe. */
function versionText(version: string, quote: string | undefined): string {
  if (quote === 'QUOTE_SINGLE') return `'${version.replace(/'/g, "''")}'`;
  if (quote === 'PLAIN' && /^[A-Za-z0-9][\w.+-]*$/.test(version)) return version;
  return JSON.stringify(version);
}

/** The quoting style of the first version in the list, so a new entry looks like its neighbours. */
function quoteStyle(entries: readonly unknown[]): string | undefined {
  for (const e of entries) {
    const v = isMap(e) ? e.get('version', true) : undefined;
    if (isScalar(v) && v.type) return v.type;
  }
  return undefined;
}

function splice(path: string, text: string, at: number, end: number, insert: string): EditResult {
  const after = text.slice(0, at) + insert + text.slice(end);
  return { changes: [{ path, before: text, after }], warnings: [] };
}

/** `lines` inserted after the line holding offset `end`, on a line of their own. */
function insertAfterLine(path: string, text: string, end: number, lines: string): EditResult {
  const at = nextLine(text, end);
  return splice(path, text, at, at, (at > 0 && text[at - 1] !== '\n' ? '\n' : '') + lines);
}

const refuse = (error: string): EditResult => ({ changes: [], warnings: [], error });

/** Adds `dep` to spec.dependsOn of the meta file at `path` (its current `text`). */
export function addDependency(path: string, text: string, dep: NewDependency): EditResult {
  const pkg = dep.package.trim();
  const version = dep.version.trim();
  if (!pkg) return refuse('give the package to depend on');
  if (!version) return refuse('give a version or a constraint');
  const doc = metaDocument(text);
  if (!doc) return refuse(`${path} has no meta.pkg.crossplane.io document`);
  const spec = doc.get('spec', true);
  const list = isMap(spec) ? spec.get('dependsOn', true) : undefined;
  const key = KEY[dep.kind];

  if (isSeq(list) && list.items.length > 0 && !list.flow) {
    if (list.items.some((e) => isMap(e) && entryPackage(e) === pkg))
      return refuse(`this package already depends on ${pkg}: bump its constraint instead`);
    const first = list.items[0] as Node;
    const last = list.items[list.items.length - 1] as Node;
    const [start] = first.range ?? [0];
    const content = column(text, start);
    // The dash sits before the entry's first key on its line ("  - provider: …").
    const dash = text.lastIndexOf('-', start - 1) - lineStart(text, start);
    const item =
      `${' '.repeat(dash)}-${' '.repeat(Math.max(1, content - dash - 1))}${key}: ${pkg}\n` +
      `${' '.repeat(content)}version: ${versionText(version, quoteStyle(list.items) ?? 'QUOTE_DOUBLE')}\n`;
    return insertAfterLine(path, text, last.range?.[1] ?? text.length, item);
  }

  const v = versionText(version, 'QUOTE_DOUBLE');
  if (isSeq(list)) {
    // An empty list (`dependsOn: []`): the list itself becomes a block list of one entry.
    const [s, e] = list.range ?? [0, 0];
    const keyCol = Math.max(0, text.slice(lineStart(text, s)).search(/\S/));
    const pad = ' '.repeat(keyCol + 2);
    let from = s;
    while (text[from - 1] === ' ') from--; // no space left at the end of `dependsOn:`
    return splice(path, text, from, e, `\n${pad}- ${key}: ${pkg}\n${pad}  version: ${v}`);
  }
  if (list !== undefined) return refuse(`spec.dependsOn of ${path} is not a list`);
  if (isMap(spec) && !spec.flow && spec.items.length > 0) {
    // No dependsOn yet: it goes last in spec, indented as spec's other keys.
    const firstKey = spec.items[0]?.key as Node | undefined;
    const pad = ' '.repeat(column(text, firstKey?.range?.[0] ?? 0));
    const lines = `${pad}dependsOn:\n${pad}  - ${key}: ${pkg}\n${pad}    version: ${v}\n`;
    return insertAfterLine(path, text, spec.range?.[1] ?? text.length, lines);
  }
  if (spec === undefined || spec === null) {
    const lines = `spec:\n  dependsOn:\n    - ${key}: ${pkg}\n      version: ${v}\n`;
    return insertAfterLine(path, text, doc.contents?.range?.[1] ?? text.length, lines);
  }
  return refuse(`spec of ${path} is not a block mapping FBC Studio can add to`);
}

/** Sets the version constraint of the dependency on `pkg` in the meta file at `path`. */
export function bumpConstraint(path: string, text: string, pkg: string, version: string): EditResult {
  const v = version.trim();
  if (!v) return refuse('give a version or a constraint');
  const doc = metaDocument(text);
  if (!doc) return refuse(`${path} has no meta.pkg.crossplane.io document`);
  const list = doc.getIn(['spec', 'dependsOn'], true);
  const entry = isSeq(list) ? list.items.find((e) => isMap(e) && entryPackage(e) === pkg) : undefined;
  if (!isMap(entry)) return refuse(`${path} does not depend on ${pkg}`);
  const node = entry.get('version', true);
  if (isScalar(node) && node.range) {
    if (node.value === v) return refuse(`${pkg} is already at ${v}`);
    const [s, e] = node.range;
    return splice(path, text, s, e, versionText(v, node.type));
  }
  if (node !== undefined) return refuse(`the version of ${pkg} is not a plain value`);
  if (entry.flow) return refuse(`the entry of ${pkg} is a flow mapping FBC Studio does not edit`);
  // No version yet: a new line after the entry, indented as its first key.
  const pad = ' '.repeat(column(text, (entry.items[0]?.key as Node | undefined)?.range?.[0] ?? 0));
  const at = nextLine(text, entry.range?.[1] ?? text.length);
  const lead = at > 0 && text[at - 1] !== '\n' ? '\n' : '';
  return splice(path, text, at, at, `${lead}${pad}version: ${versionText(v, 'QUOTE_DOUBLE')}\n`);
}

/** A one-click edit of a meta file, as the UI asks the worker for it. */
export type CrossplaneEdit =
  | { op: 'add'; file: string; dependency: NewDependency }
  | { op: 'bump'; file: string; package: string; version: string };

/** The edit on the file's current text, and the name of its undo step. */
export function crossplaneEdit(edit: CrossplaneEdit, text: string): EditResult & { label: string } {
  if (edit.op === 'add')
    return {
      ...addDependency(edit.file, text, edit.dependency),
      label: `Add dependency ${edit.dependency.package}`,
    };
  return {
    ...bumpConstraint(edit.file, text, edit.package, edit.version),
    label: `Bump ${edit.package} to ${edit.version}`,
  };
}
