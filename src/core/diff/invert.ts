import type { ChannelDiff, DiffStatus, Moved, PackageDiff } from './types';

/**
 * diff(B, A) from diff(A, B): every "added" becomes "removed", every before/after swaps. The
 * property tests hold the structural diff to this; impact is not symmetric (users live on the old side).
 */

const flip = (s: DiffStatus): DiffStatus => (s === 'added' ? 'removed' : s === 'removed' ? 'added' : s);

function swap<T>(m: Moved<T>): Moved<T> {
  return { old: m.new, new: m.old };
}

function swapIn<T extends object>(o: T, keys: readonly (keyof T)[]): T {
  const out = { ...o };
  for (const k of keys) if (out[k] !== undefined) out[k] = swap(out[k] as Moved<unknown>) as T[keyof T];
  return out;
}

function invertChannel(c: ChannelDiff): ChannelDiff {
  const out: ChannelDiff = {
    ...swapIn(c, ['deprecation']),
    status: flip(c.status),
    head: swap(c.head),
    entries: {
      added: c.entries.removed,
      removed: c.entries.added,
      changed: c.entries.changed.map((e) => swapIn(e, ['replaces', 'skips', 'skipRange'])),
    },
  };
  return out;
}

export function invertDiff(packages: readonly PackageDiff[]): PackageDiff[] {
  return packages.map((p) => ({
    ...swapIn(p, ['deprecation']),
    status: flip(p.status),
    defaultChannel: swap(p.defaultChannel),
    bundles: {
      added: p.bundles.removed,
      removed: p.bundles.added,
      changed: p.bundles.changed.map((b) => ({
        ...swapIn(b, ['image', 'version', 'deprecation']),
        properties: b.properties.map((x) => ({ type: x.type, old: x.new, new: x.old })),
      })),
    },
    channels: p.channels.map(invertChannel),
  }));
}
