import type { CatalogDiff } from './types';

/**
 * `fbc-studio diff -o json`: the documented shape, exactly — names only for bundles and entries;
 * the details (images, properties, edges) are in the text and Markdown forms.
 */
export interface DiffJson {
  packages: {
    name: string;
    status: string;
    defaultChannel: { old: string | null; new: string | null };
    bundles: { added: string[]; removed: string[]; changed: string[] };
    channels: {
      name: string;
      status: string;
      head: { old: string | null; new: string | null };
      entries: { added: string[]; removed: string[]; changed: string[] };
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

export function diffToJson(d: CatalogDiff): DiffJson {
  return {
    packages: d.packages.map((p) => ({
      name: p.name,
      status: p.status,
      defaultChannel: { old: p.defaultChannel.old, new: p.defaultChannel.new },
      bundles: {
        added: p.bundles.added,
        removed: p.bundles.removed,
        changed: p.bundles.changed.map((b) => b.name),
      },
      channels: p.channels.map((c) => ({
        name: c.name,
        status: c.status,
        head: { old: c.head.old, new: c.head.new },
        entries: {
          added: c.entries.added,
          removed: c.entries.removed,
          changed: c.entries.changed.map((e) => e.name),
        },
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
