import type { JsonPath, LocRef } from '../location';
import { formatVersion, goQuote, SemverError } from '../semver';
import { goTrimSpace } from '../go/strings';
import { analyzeChannel } from './channel-head';
import { compareGoStrings, sortGoStrings } from './go-format';
import { refTo } from './json-path';
import { parseBundleProperties } from './properties';
import { parseSkipRange } from './skip-range';
import { bundleRef, deprecationRef, entryRef, packagePropertyPath, packageRef } from './refs';
import type { Model, ModelBundle, ModelChannel, ModelPackage } from './types';
import type { RuleId } from '../rules';

/**
 * Stage C: operator-registry `model.Validate` (fbc-rules §3 R45–R67), one error tree rooted at
 * `invalid index`. Children within a node come in opm's fixed order; sibling packages, channels and
 * bundles (random Go map order in opm) come in load order here.
 */

/** Another place a finding concerns, e.g. each stranded entry of a `stranded bundles` leaf. */
export interface NodeTarget {
  bundle: string;
  ref?: LocRef;
}

export interface ValidationNode {
  /** opm's text for this node (`invalid package "foo"`) or leaf. */
  message: string;
  children: ValidationNode[];
  /** Leaves only: R45–R67. */
  rule?: RuleId;
  package?: string;
  channel?: string;
  bundle?: string;
  ref?: LocRef;
  /** Leaves only: the entries a graph finding names (stranded, heads, cycle members, duplicate versions). */
  targets?: NodeTarget[];
}

const q = goQuote;
const TYPE_PACKAGE = 'olm.package';
const TYPE_BUNDLE_OBJECT = 'olm.bundle.object';

type Scope = Pick<ValidationNode, 'package' | 'channel' | 'bundle'>;

function leaf(
  rule: RuleId,
  message: string,
  scope: Scope,
  ref?: LocRef,
  targets?: NodeTarget[],
): ValidationNode {
  const n: ValidationNode = { message, children: [], rule, ...scope };
  if (ref !== undefined) n.ref = ref;
  if (targets !== undefined && targets.length > 0) n.targets = targets;
  return n;
}

/** `Bundle.VersionString()`: blang String() (build kept), plus `-<release>`. A missing blob has version 0.0.0. */
function versionString(b: ModelBundle): string {
  // `raw` is the parsed text, which blang's String() reproduces exactly.
  const v = b.version === undefined ? '0.0.0' : b.version.raw || formatVersion(b.version);
  return b.release === '' ? v : `${v}-${b.release}`;
}

function validateBundle(p: ModelPackage, ch: ModelChannel, b: ModelBundle): ValidationNode | undefined {
  const scope: Scope = { package: p.name, channel: ch.name, bundle: b.name };
  const kids: ValidationNode[] = [];
  if (b.name === '') kids.push(leaf('R58', 'name must be set', scope, entryRef(ch, b, ['name'])));
  if (b.release !== '' && b.version !== undefined) {
    const normalized = `${p.name}-v${formatVersion(b.version)}-${b.release}`;
    if (b.name !== normalized) {
      const message = `name ${q(b.name)} does not match normalized name ${q(normalized)}`;
      kids.push(leaf('R59', message, scope, bundleRef(ch, b, ['name'])));
    }
  }
  const props = parseBundleProperties(b.properties);
  if (props.error !== undefined) {
    kids.push(leaf('R61', props.error.message, scope, bundleRef(ch, b, ['properties', props.error.index])));
  }
  b.skips.forEach((s, i) => {
    if (s === '') kids.push(leaf('R62', `skip[${i}] is empty`, scope, entryRef(ch, b, ['skips', i])));
  });
  if (b.skipRange !== '') {
    const r = parseSkipRange(b.skipRange);
    if (r instanceof SemverError) {
      const message = `invalid skipRange ${q(b.skipRange)}: ${r.message}`;
      kids.push(leaf('R63', message, scope, entryRef(ch, b, ['skipRange'])));
    }
  }
  if (props.error === undefined && props.packages.length !== 1) {
    const message = `must be exactly one property with type ${q(TYPE_PACKAGE)}`;
    kids.push(leaf('R64', message, scope, bundleRef(ch, b, ['properties'])));
  }
  if (b.image === '' && !b.properties.some((pr) => pr.type === TYPE_BUNDLE_OBJECT)) {
    kids.push(leaf('R65', 'bundle image must be set', scope, bundleRef(ch, b, ['image'])));
  }
  if (b.deprecation !== undefined && b.deprecation.message === '') {
    kids.push(leaf('R66', 'invalid deprecation: message must be set', scope, deprecationRef(b.deprecation)));
  }
  if (b.version !== undefined && b.version.build.length > 0 && b.release !== '') {
    const message = 'cannot use build metadata in version with a release version';
    kids.push(leaf('R67', message, scope, bundleRef(ch, b, packagePropertyPath(b, 'version'))));
  }
  if (kids.length === 0) return undefined;
  return { message: `invalid bundle ${q(b.name)}`, children: kids, ...scope, ref: bundleRef(ch, b) };
}

function validateChannel(p: ModelPackage, ch: ModelChannel): ValidationNode | undefined {
  const scope: Scope = { package: p.name, channel: ch.name };
  // The synthetic default channel has no blob: point at the package's defaultChannel instead.
  const chRef = (path: JsonPath): LocRef =>
    ch.origin !== undefined ? refTo(ch.origin, ch.raw, path) : packageRef(p, ['defaultChannel']);
  const kids: ValidationNode[] = [];
  if (ch.name === '') kids.push(leaf('R53', 'channel name must not be empty', scope, chRef(['name'])));
  if (ch.bundles.size === 0) {
    kids.push(leaf('R54', 'channel must contain at least one bundle', scope, chRef(['entries'])));
  } else {
    const a = analyzeChannel(ch);
    if (a.message !== undefined) {
      const names =
        a.outcome === 'stranded' ? a.stranded : a.outcome === 'multiple-heads' ? a.heads : (a.cycle ?? []);
      const targets: NodeTarget[] = [];
      for (const name of new Set(names)) {
        const b = ch.bundles.get(name);
        if (b !== undefined) targets.push({ bundle: name, ref: entryRef(ch, b) });
      }
      kids.push(leaf('R55', a.message, scope, chRef(['entries']), targets));
    }
  }
  for (const b of ch.bundles.values()) {
    const n = validateBundle(p, ch, b);
    if (n !== undefined) kids.push(n);
  }
  if (ch.deprecation !== undefined && ch.deprecation.message === '') {
    kids.push(leaf('R57', 'invalid deprecation: message must be set', scope, deprecationRef(ch.deprecation)));
  }
  if (kids.length === 0) return undefined;
  return { message: `invalid channel ${q(ch.name)}`, children: kids, ...scope, ref: chRef([]) };
}

/** R50: distinct bundle names sharing a version string (a bundle in several channels counts once). */
function duplicateVersions(p: ModelPackage): ValidationNode | undefined {
  // version → first bundle seen; a version gets a name map only once a second name shows up.
  const first = new Map<string, ModelBundle>();
  let shared: Map<string, Map<string, ModelBundle>> | undefined;
  for (const ch of p.channels.values()) {
    for (const b of ch.bundles.values()) {
      // A blob whose version did not parse (only possible past a stage-B error) has no version to compare.
      if (b.version === undefined && b.origin !== undefined) continue;
      const v = versionString(b);
      const f = first.get(v);
      if (f === undefined) {
        first.set(v, b);
        continue;
      }
      if (f.name === b.name) continue;
      shared ??= new Map();
      let names = shared.get(v);
      if (names === undefined) shared.set(v, (names = new Map([[f.name, f]])));
      if (!names.has(b.name)) names.set(b.name, b);
    }
  }
  if (shared === undefined) return undefined;
  const dupes: string[] = [];
  const targets: NodeTarget[] = [];
  for (const v of [...shared.keys()].sort(compareGoStrings)) {
    const names = shared.get(v) as Map<string, ModelBundle>;
    const sorted = sortGoStrings(names.keys());
    dupes.push(`{${v}: [${sorted.join(', ')}]}`);
    for (const name of sorted) {
      const b = names.get(name) as ModelBundle;
      const ch = p.channels.get(b.channel) as ModelChannel;
      targets.push({ bundle: name, ref: bundleRef(ch, b, packagePropertyPath(b, 'version')) });
    }
  }
  const message = `duplicate versions found in bundles: [${dupes.join(' ')}]`;
  return leaf('R50', message, { package: p.name }, packageRef(p), targets);
}

/** One package's subtree of `model.Validate()` (it depends on nothing outside the package). */
export function validatePackage(p: ModelPackage): ValidationNode | undefined {
  const scope: Scope = { package: p.name };
  const kids: ValidationNode[] = [];
  if (p.name === '') kids.push(leaf('R45', 'package name must not be empty', scope, packageRef(p, ['name'])));
  if (p.defaultChannel === '') {
    kids.push(leaf('R47', 'default channel must be set', scope, packageRef(p, ['defaultChannel'])));
  }
  if (p.channels.size === 0) {
    kids.push(leaf('R48', 'package must contain at least one channel', scope, packageRef(p)));
  }
  for (const ch of p.channels.values()) {
    const n = validateChannel(p, ch);
    if (n !== undefined) kids.push(n);
  }
  const dup = duplicateVersions(p);
  if (dup !== undefined) kids.push(dup);
  if (p.defaultChannel !== '' && !p.channels.has(p.defaultChannel)) {
    const message = `default channel ${q(p.defaultChannel)} not found in channels list`;
    kids.push(leaf('R51', message, scope, packageRef(p, ['defaultChannel'])));
  }
  if (p.deprecation !== undefined && p.deprecation.message === '') {
    kids.push(leaf('R52', 'invalid deprecation: message must be set', scope, deprecationRef(p.deprecation)));
  }
  if (kids.length === 0) return undefined;
  return { message: `invalid package ${q(p.name)}`, children: kids, ...scope, ref: packageRef(p) };
}

/** The root over the package subtrees (in model order); undefined when there are none. */
export function indexNode(packages: ValidationNode[]): ValidationNode | undefined {
  return packages.length === 0 ? undefined : { message: 'invalid index', children: packages };
}

/** `model.Validate()`: undefined when the model is valid, else the tree rooted at `invalid index`. */
export function validateModel(model: Model): ValidationNode | undefined {
  const kids: ValidationNode[] = [];
  for (const p of model.packages.values()) {
    const n = validatePackage(p);
    if (n !== undefined) kids.push(n);
  }
  return indexNode(kids);
}

/**
 * `validationError.Error()`: each node on its own line as `<prefix><message>` (plus `:` when it has
 * children); a child's prefix is its parent's with the last 4 runes turned into 4 spaces (parent was
 * the last child) or `│   `, then `└── ` (last child) or `├── `. Multi-line leaves print as-is. The
 * result is trimmed.
 */
export function printTree(
  root: ValidationNode,
  printChild: (n: ValidationNode, last: boolean) => string = printRootChild,
): string {
  const count = root.children.length;
  let out = root.message + (count > 0 ? ':\n' : '\n');
  for (let i = 0; i < count; i++) out += printChild(root.children[i] as ValidationNode, i === count - 1);
  return goTrimSpace(out);
}

/**
 * A child of the root as `printTree` prints it (newline-terminated, not trimmed). It depends only on
 * the child and on whether it is the last one, so callers may memoise it per package subtree.
 */
export function printRootChild(n: ValidationNode, last: boolean): string {
  const out: string[] = [];
  const visit = (n: ValidationNode, prefix: string, last: boolean): void => {
    out.push(prefix, n.message, n.children.length > 0 ? ':\n' : '\n');
    const count = n.children.length;
    for (let i = 0; i < count; i++) {
      let sub = prefix;
      // Every prefix rune is a single UTF-16 unit, so string length counts runes here.
      if (sub.length >= 4) sub = sub.slice(0, -4) + (last ? '    ' : '│   ');
      const subLast = i === count - 1;
      visit(n.children[i] as ValidationNode, sub + (subLast ? '└── ' : '├── '), subLast);
    }
  };
  visit(n, last ? '└── ' : '├── ', last);
  return out.join('');
}
