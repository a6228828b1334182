/**
 * `io.openshift.operators.lifecycles.v1alpha1`: the support lifecycle Konflux injects per package
 * (release-engineering/fbc-update-planner docs/FBC_SCHEMA.md; openshift/enhancements #1991):
 * versions (MAJOR.MINOR of the operator), each with dated support phases and the platform
 * versions it is compatible with. opm keeps it as an unknown-schema blob and checks nothing; we
 * read it against its published shape and report each field that breaks it.
 */
import type { DeclOther } from '../declcfg/types';
import type { JsonPath } from '../location';

export const LIFECYCLE_SCHEMA = 'io.openshift.operators.lifecycles.v1alpha1';

export interface LifecyclePhase {
  name: string;
  startDate: string;
  endDate: string;
}

export interface LifecycleVersion {
  /** MAJOR.MINOR */
  name: string;
  phases: LifecyclePhase[];
  /** Platform name → its compatible MAJOR.MINOR versions (`openshift` today). */
  platforms: Record<string, string[]>;
}

export interface Lifecycle {
  package: string;
  versions: LifecycleVersion[];
}

export interface LifecycleProblem {
  path: JsonPath;
  message: string;
}

const MAJOR_MINOR = /^(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isLifecycle = (o: { schema: string }) => o.schema === LIFECYCLE_SCHEMA;

/** A real calendar date written YYYY-MM-DD (2023-02-30 is not one). */
export function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `versions[0].phases[1].name`, as the messages name a field. */
function fieldPath(path: JsonPath): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

/** The blob read leniently (what parses is kept) with every departure from the schema. */
export function readLifecycle(blob: DeclOther): { lifecycle: Lifecycle; problems: LifecycleProblem[] } {
  const raw = blob.raw;
  const problems: LifecycleProblem[] = [];
  const bad = (path: JsonPath, message: string) => problems.push({ path, message });
  const str = (o: Obj, key: string, path: JsonPath): string | undefined => {
    const v = o[key];
    if (v === undefined || v === null || v === '')
      bad([...path, key], `${fieldPath([...path, key])} is required`);
    else if (typeof v !== 'string')
      bad([...path, key], `${fieldPath([...path, key])} must be a string, not ${JSON.stringify(v)}`);
    else return v;
    return undefined;
  };
  const pkg = str(raw, 'package', []) ?? '';
  const versions: LifecycleVersion[] = [];
  const rawVersions = raw.versions;
  if (!Array.isArray(rawVersions))
    bad(['versions'], rawVersions === undefined ? 'versions is required' : 'versions must be a list');
  const seen = new Set<string>();
  (Array.isArray(rawVersions) ? rawVersions : []).forEach((v, i) => {
    const at = `versions[${i}]`;
    if (!isObj(v)) return bad(['versions', i], `${at} must be a mapping`);
    const name = str(v, 'name', ['versions', i]);
    if (name !== undefined && !MAJOR_MINOR.test(name))
      bad(['versions', i, 'name'], `${at}.name ${JSON.stringify(name)} is not MAJOR.MINOR`);
    if (name !== undefined && seen.has(name))
      bad(['versions', i, 'name'], `${at}.name ${JSON.stringify(name)} is listed twice`);
    if (name !== undefined) seen.add(name);
    const phases: LifecyclePhase[] = [];
    if (!Array.isArray(v.phases))
      bad(
        ['versions', i, 'phases'],
        v.phases === undefined ? `${at}.phases is required` : `${at}.phases must be a list`,
      );
    (Array.isArray(v.phases) ? v.phases : []).forEach((p, j) => {
      const pat = `${at}.phases[${j}]`;
      const path: JsonPath = ['versions', i, 'phases', j];
      if (!isObj(p)) return bad(path, `${pat} must be a mapping`);
      const pname = str(p, 'name', path);
      const dates = (['startDate', 'endDate'] as const).map((k) => {
        const d = str(p, k, path);
        if (d !== undefined && !isDate(d))
          bad([...path, k], `${pat}.${k} ${JSON.stringify(d)} is not a YYYY-MM-DD date`);
        return d !== undefined && isDate(d) ? d : undefined;
      });
      const [start, end] = dates;
      if (start && end && end <= start)
        bad([...path, 'endDate'], `${pat}.endDate ${end} is not after its startDate ${start}`);
      if (pname !== undefined) phases.push({ name: pname, startDate: start ?? '', endDate: end ?? '' });
    });
    const platforms: Record<string, string[]> = {};
    const pc = v.platformCompatibility;
    if (pc !== undefined && !Array.isArray(pc))
      bad(['versions', i, 'platformCompatibility'], `${at}.platformCompatibility must be a list`);
    (Array.isArray(pc) ? pc : []).forEach((c, k) => {
      const cat = `${at}.platformCompatibility[${k}]`;
      const path: JsonPath = ['versions', i, 'platformCompatibility', k];
      if (!isObj(c)) return bad(path, `${cat} must be a mapping`);
      const cname = str(c, 'name', path);
      if (!Array.isArray(c.versions))
        return bad(
          [...path, 'versions'],
          c.versions === undefined ? `${cat}.versions is required` : `${cat}.versions must be a list`,
        );
      const list: string[] = [];
      c.versions.forEach((x, n) => {
        if (typeof x === 'string' && MAJOR_MINOR.test(x)) list.push(x);
        else bad([...path, 'versions', n], `${cat}.versions[${n}] ${JSON.stringify(x)} is not MAJOR.MINOR`);
      });
      if (cname !== undefined) platforms[cname] = [...(platforms[cname] ?? []), ...list];
    });
    if (name !== undefined) versions.push({ name, phases, platforms });
  });
  return { lifecycle: { package: pkg, versions }, problems };
}

/** The lifecycle entry that covers a bundle version (its MAJOR.MINOR), if any. */
export function lifecycleVersionFor(l: Lifecycle, bundleVersion: string): LifecycleVersion | undefined {
  const m = /^v?(\d+)\.(\d+)/.exec(bundleVersion);
  if (!m) return undefined;
  const mm = `${Number(m[1])}.${Number(m[2])}`;
  return l.versions.find((v) => v.name === mm);
}

/** The phase a date falls in ('YYYY-MM-DD'), or undefined (before the first, after the last). */
export function phaseOn(v: LifecycleVersion, date: string): LifecyclePhase | undefined {
  return v.phases.find(
    (p) => p.startDate !== '' && p.endDate !== '' && p.startDate <= date && date <= p.endDate,
  );
}
