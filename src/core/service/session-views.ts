/**
 * The views of one catalog worth keeping within a generation: the summary's counts (the summary is
 * asked for often: edits, the deferred check) and the channel views (graph building is the costly
 * part). The caches are keyed by the generation's Snapshot, so they go when it goes and two
 * catalogs never share an entry. The other views are built afresh each time (build-views.ts).
 */
import { channelView } from './build-views';
import type { Snapshot } from './session-snapshot';
import type { CatalogSummary, ChannelView, FileProblem } from './views';

export class CatalogViews {
  /** Channel views are the costly part (graph building); cached per generation. */
  private readonly channels = new WeakMap<Snapshot, Map<string, ChannelView | null>>();
  /** Counted once per generation: the summary is asked for often (edits, the deferred check). */
  private readonly counts = new WeakMap<Snapshot, { channels: number; bundles: number }>();

  /** `checking`: the deferred bundle-object check has not yet run on all of the generation's files. */
  summary(s: Snapshot, checking: boolean): CatalogSummary {
    const model = s.validation.model;
    const { channels, bundles } = this.countsOf(s);
    const fileProblems: FileProblem[] = s.load.errors.map((e) => ({
      file: e.file,
      message: e.message,
      location: e.location,
    }));
    const errors = s.diagnostics.filter((d) => d.severity === 'error').length;
    const summary: CatalogSummary = {
      name: s.source.name,
      kind: s.kind,
      readOnly: s.readOnly,
      generation: s.generation,
      files: s.loads.size,
      ignoredFiles: s.ignored.length,
      bytes: s.bytes,
      packages: model.packages.size,
      channels,
      bundles,
      passed: s.validation.passed,
      opmMessage: s.validation.opmMessage,
      errors,
      warnings: s.diagnostics.filter((d) => d.severity === 'warning').length,
      fileProblems,
      durationMs: s.durationMs,
      bundleObjects: checking ? 'checking' : 'checked',
    };
    if (s.beside) {
      // Not a catalog: no opm verdict (it would only be false errors); the format's own findings decide.
      summary.beside = s.beside.kind;
      summary.passed = errors === 0;
      summary.opmMessage = null;
      summary.fileProblems = [];
      summary.bundleObjects = 'checked';
    }
    return summary;
  }

  channel(s: Snapshot, pkgName: string, channel: string): ChannelView | null {
    let cache = this.channels.get(s);
    if (!cache) this.channels.set(s, (cache = new Map()));
    const key = `${pkgName}\u0000${channel}`;
    let view = cache.get(key);
    if (view === undefined) {
      const pkg = s.validation.model.packages.get(pkgName);
      const ch = pkg?.channels.get(channel);
      view = pkg && ch ? channelView(pkg, ch, s.locate) : null;
      cache.set(key, view);
    }
    return view;
  }

  private countsOf(s: Snapshot): { channels: number; bundles: number } {
    let counts = this.counts.get(s);
    if (!counts) {
      let channels = 0;
      let bundles = 0;
      for (const p of s.validation.model.packages.values()) {
        channels += p.channels.size;
        const names = new Set<string>();
        for (const ch of p.channels.values()) for (const b of ch.bundles.keys()) names.add(b);
        bundles += names.size;
      }
      counts = { channels, bundles };
      this.counts.set(s, counts);
    }
    return counts;
  }
}
