/**
 * The label selector `operator-sdk bundle validate --select-optional` takes (k8s.io/apimachinery
 * labels.Parse): requirements separated by commas, all of which must match — `key=value`,
 * `key==value`, `key!=value`, `key in (a,b)`, `key notin (a,b)`, `key` (exists) and `!key`.
 */

export interface Requirement {
  key: string;
  op: '=' | '!=' | 'in' | 'notin' | 'exists' | '!';
  values: string[];
}

export class SelectorError extends Error {}

/** Splits on commas outside parentheses. */
function parts(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((p) => p.trim());
}

export function parseSelector(s: string): Requirement[] {
  if (s.trim() === '') return [];
  return parts(s).map((p) => {
    let m = /^([\w./-]+)\s*(==|=|!=)\s*([\w./-]*)$/.exec(p);
    if (m) return { key: m[1] as string, op: m[2] === '!=' ? '!=' : '=', values: [m[3] as string] };
    m = /^([\w./-]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(p);
    if (m)
      return {
        key: m[1] as string,
        op: m[2] as 'in' | 'notin',
        values: (m[3] as string).split(',').map((v) => v.trim()),
      };
    m = /^(!?)([\w./-]+)$/.exec(p);
    if (m) return { key: m[2] as string, op: m[1] === '!' ? '!' : 'exists', values: [] };
    throw new SelectorError(`unable to parse requirement: ${JSON.stringify(p)}`);
  });
}

export function matches(reqs: Requirement[], labels: Readonly<Record<string, string>>): boolean {
  return reqs.every((r) => {
    const has = Object.prototype.hasOwnProperty.call(labels, r.key);
    const v = labels[r.key];
    switch (r.op) {
      case '=':
        return has && v === r.values[0];
      case '!=':
        return !has || v !== r.values[0];
      case 'in':
        return has && r.values.includes(v as string);
      case 'notin':
        return !has || !r.values.includes(v as string);
      case 'exists':
        return has;
      case '!':
        return !has;
    }
  });
}
