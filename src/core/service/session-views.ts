/**
 * The views of one catalog the UI draws: summary, package list, package, channel, graphs, bundle
 * and file, each plain data built from a generation. Owns the caches that make them cheap to ask
 * for again within a generation (channel views, the summary's counts); they are keyed by the
 * generation's Snapshot, so they go when it goes and two catalogs never share an entry.
 */
import type { DeclBundle } from '../declcfg/types';
import { buildPackageGraph, type ChannelGraph, type PackageGraph } from '../graph/channel-graph';
import { decodeBundleObjects } from '../load';
import { bundleView, channelView, packageList, packageView } from './build-views';
import type { Snapshot } from './session-snapshot';
import type {
  BundleView,
  CatalogSummary,
  ChannelView,
  FileProblem,
  FileView,
  PackageListItem,
  PackageView,
} from './views';

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

  packageList(s: Snapshot): PackageListItem[] {
    return packageList(s.validation.model, s.index);
  }

  package(s: Snapshot, name: string): PackageView | null {
    const pkg = s.validation.model.packages.get(name);
    return pkg ? packageView(pkg, s.index, s.locate) : null;
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

  channelGraph(s: Snapshot, pkg: string, channel: string): ChannelGraph | null {
    return this.channel(s, pkg, channel)?.graph ?? null;
  }

  packageGraph(s: Snapshot, pkgName: string): PackageGraph | null {
    const pkg = s.validation.model.packages.get(pkgName);
    return pkg ? buildPackageGraph(pkg) : null;
  }

  bundle(s: Snapshot, pkgName: string, name: string): BundleView | null {
    const pkg = s.validation.model.packages.get(pkgName);
    if (!pkg) return null;
    return (
      bundleView(pkg, name, {
        locate: s.locate,
        diagnostics: s.diagnostics,
        // Only `properties` is read from the bundle.
        objects: (b) => decodeBundleObjects({ properties: b.properties } as DeclBundle),
      }) ?? null
    );
  }

  /** The current text of a catalog file (as loaded or as last updated). */
  file(s: Snapshot, path: string): FileView | null {
    const load = s.loads.get(path);
    if (!load) return null;
    return { path, text: load.file.text, format: load.file.format === 'json' ? 'json' : 'yaml' };
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
