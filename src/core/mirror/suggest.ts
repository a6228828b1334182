/**
 * The smallest ImageSetConfiguration change that lets every `--from` version reach the head of its
 * package's default channel under OLM v0 and OLM v1: tried in order of size — a lower minVersion
 * (where the configuration puts ranges: package or channel), the default channel added with that
 * minVersion, `full: true` for the catalog — each checked by planning the changed configuration
 * again. Printed as an RFC 6902 patch in YAML.
 */
import { compareVersions, tryParseVersion } from '../semver';
import { planCatalog } from './plan';
import type { CatalogInput } from './plan-isc';
import type { Isc, IscOperator, IscPackage } from './isc';
import { reachFrom, type FromVersion, type ReachAnswer } from './reach';

interface PatchOp {
  op: 'add' | 'replace';
  path: string;
  value: unknown;
}

interface Candidate {
  op: IscOperator;
  patch: PatchOp[];
}

const set = (present: boolean, path: string, value: unknown): PatchOp => ({
  op: present ? 'replace' : 'add',
  path,
  value,
});

/** Every answer on the default channel reaches its head under both OLMs. */
function defaultReached(answers: readonly ReachAnswer[], defaultChannel: string | undefined): boolean {
  const onDefault = answers.filter((a) => a.channel !== null && a.channel === defaultChannel);
  return (
    onDefault.length > 0 && onDefault.every((a) => a.v0?.reachesHead === true && a.v1?.reachesHead === true)
  );
}

function passes(
  input: { dc: import('../declcfg/types').DeclarativeConfig },
  op: IscOperator,
  froms: readonly FromVersion[],
): boolean {
  const r = planCatalog(input.dc, op);
  if (r.plan.error !== null || !r.filtered) return false;
  return froms.every((f) => {
    const pkg = r.filtered?.packages.find((p) => p.name === f.package);
    return defaultReached(reachFrom(input.dc, r.model, f), pkg?.defaultChannel);
  });
}

function candidates(op: IscOperator, i: number, pkg: string, minV: string, original: string): Candidate[] {
  const base = `/mirror/operators/${i}`;
  const out: Candidate[] = [];
  const j = op.packages.findIndex((p) => p.name === pkg);
  const p = op.packages[j];
  const withPkg = (np: IscPackage): IscOperator => ({
    ...op,
    packages: op.packages.map((x, k) => (k === j ? np : x)),
  });
  if (p) {
    const ranged = p.channels
      .map((c, k) => ({ c, k }))
      .filter(({ c }) => c.minVersion !== '' || c.maxVersion !== '');
    if (ranged.length > 0) {
      out.push({
        op: withPkg({
          ...p,
          channels: p.channels.map((c) =>
            c.minVersion !== '' || c.maxVersion !== '' ? { ...c, minVersion: minV } : c,
          ),
        }),
        patch: ranged.map(({ c, k }) =>
          set(c.minVersion !== '', `${base}/packages/${j}/channels/${k}/minVersion`, minV),
        ),
      });
    } else if (p.channels.length === 0) {
      out.push({
        op: withPkg({ ...p, minVersion: minV }),
        patch: [set(p.minVersion !== '', `${base}/packages/${j}/minVersion`, minV)],
      });
    }
    const def = p.defaultChannel !== '' ? p.defaultChannel : original;
    const k = p.channels.findIndex((c) => c.name === def);
    if (p.channels.length > 0 && k >= 0 && ranged.length === 0) {
      const ch = p.channels[k]!;
      out.push({
        op: withPkg({
          ...p,
          channels: p.channels.map((c, x) => (x === k ? { ...ch, minVersion: minV } : c)),
        }),
        patch: [set(false, `${base}/packages/${j}/channels/${k}/minVersion`, minV)],
      });
    } else if (p.channels.length > 0 && k < 0 && def !== '') {
      out.push({
        op: withPkg({ ...p, channels: [...p.channels, { name: def, minVersion: minV, maxVersion: '' }] }),
        patch: [
          { op: 'add', path: `${base}/packages/${j}/channels/-`, value: { name: def, minVersion: minV } },
        ],
      });
    }
  }
  const anyRange = op.packages.some(
    (x) =>
      x.minVersion !== '' ||
      x.maxVersion !== '' ||
      x.channels.some((c) => c.minVersion !== '' || c.maxVersion !== ''),
  );
  if (!op.full && !anyRange)
    out.push({ op: { ...op, full: true }, patch: [set(false, `${base}/full`, true)] });
  return out;
}

export function suggestChange(
  isc: Isc,
  inputs: readonly CatalogInput[],
  froms: readonly FromVersion[],
  answers: readonly ReachAnswer[],
): string | null {
  const failing = froms.filter((f) => {
    const mine = answers.filter((a) => a.package === f.package && a.from === f.version);
    return !mine.some((a) => a.v0?.reachesHead && a.v1?.reachesHead);
  });
  if (failing.length === 0) return null;
  const patch: PatchOp[] = [];
  const operators = [...isc.operators];
  for (const pkg of new Set(failing.map((f) => f.package))) {
    const mine = froms.filter((f) => f.package === pkg);
    const lowest = mine
      .map((f) => f.version)
      .filter((v) => tryParseVersion(v))
      .sort((a, b) => compareVersions(tryParseVersion(a)!, tryParseVersion(b)!))[0];
    if (lowest === undefined) return null;
    let fixed = false;
    for (let i = 0; i < operators.length && !fixed; i++) {
      const input = inputs[i];
      const op = operators[i]!;
      if (!input || 'error' in input) continue;
      const original = input.dc.packages.find((p) => p.name === pkg)?.defaultChannel;
      if (original === undefined) continue;
      for (const c of candidates(op, i, pkg, lowest, original)) {
        if (passes(input, c.op, mine)) {
          operators[i] = c.op;
          patch.push(...c.patch);
          fixed = true;
          break;
        }
      }
    }
    if (!fixed) return null;
  }
  return patch.map((p) => `- op: ${p.op}\n  path: ${p.path}\n  value: ${JSON.stringify(p.value)}\n`).join('');
}
