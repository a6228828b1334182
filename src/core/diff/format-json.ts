import type { CatalogDiff, Changes, Moved } from './types';

/**
 * `fbc-studio diff -o json`: the documented shape, exactly — names only for bundles and entries;
 * the details (images, properties, edges) are in the text and Markdown forms.
 */
export interface DiffJson {
  packages: {
    name: string;
    status: string;
    defaultChannel: Moved<string>;
    bundles: Changes<string>;
    channels: {
      name: string;
      status: string;
      head: Moved<string>;
      entries: Changes<string>;
    }[];
  }[];
  impact: {
    package: string;
    channel: string | null;
    bundle: string | null;
    kind: string;
    v0: boolean;
    v1: boolean;
    why: string;
  }[];
}

/** A before/after pair as the JSON shows it. */
const sides = <T>(m: Moved<T>): Moved<T> => ({ old: m.old, new: m.new });
/** Added, removed and changed by name: the JSON keeps names only. */
const byName = (c: Changes<{ name: string }>): Changes<string> => ({
  added: c.added,
  removed: c.removed,
  changed: c.changed.map((x) => x.name),
});

export function diffToJson(d: CatalogDiff): DiffJson {
  return {
    packages: d.packages.map((p) => ({
      name: p.name,
      status: p.status,
      defaultChannel: sides(p.defaultChannel),
      bundles: byName(p.bundles),
      channels: p.channels.map((c) => ({
        name: c.name,
        status: c.status,
        head: sides(c.head),
        entries: byName(c.entries),
      })),
    })),
    impact: d.impact.map((i) => ({
      package: i.package,
      channel: i.channel,
      bundle: i.bundle,
      kind: i.kind,
      v0: i.v0,
      v1: i.v1,
      why: i.why,
    })),
  };
}
