import type { LoadResult } from '../load';
import { renderGraph, splitMermaidByPackage } from '../mermaid/render-graph';
import type { MermaidExport, MermaidExportOptions } from './paths-views';

/** Mermaid's default `maxTextSize`: a longer diagram is refused by mermaid.js. */
export const MERMAID_MAX_TEXT = 50000;

/** The `opm alpha render-graph` command line these options stand for. */
export function renderGraphCommand(opts: MermaidExportOptions): string {
  const args = ['opm alpha render-graph'];
  if (opts.packageName) args.push(`-p ${shellWord(opts.packageName)}`);
  if (opts.minimumEdge) args.push(`--minimum-edge ${shellWord(opts.minimumEdge)}`);
  if (opts.drawV0Semantics) args.push('--draw-v0-semantics');
  args.push('<catalog-dir>');
  return args.join(' ');
}

function shellWord(s: string): string {
  return /^[\w.@%+=:,/-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function fileName(base: string, part?: number): string {
  const safe = base.replace(/[^\w.-]+/g, '_') || 'catalog';
  return `${safe}${part === undefined ? '' : `-${part}`}.mmd`;
}

/**
 * `opm alpha render-graph` on the catalog as loaded now (LoadFS output, no validation, as opm does),
 * byte for byte. Output longer than `maxChars` comes split by package (render-graph.ts,
 * splitMermaidByPackage). Like opm, a catalog that fails to load draws nothing.
 */
export function mermaidExport(load: LoadResult, opts: MermaidExportOptions): MermaidExport {
  const graphOpts = {
    packageName: opts.packageName || undefined,
    minimumEdge: opts.minimumEdge || undefined,
    drawV0Semantics: !!opts.drawV0Semantics,
  };
  const command = renderGraphCommand(graphOpts);
  const maxChars = opts.maxChars ?? MERMAID_MAX_TEXT;
  const firstError = load.errors[0];
  if (firstError) return { documents: [], split: false, warnings: [], error: firstError.message, command };
  let whole;
  try {
    whole = renderGraph(load.dc, graphOpts);
  } catch (e) {
    return {
      documents: [],
      split: false,
      warnings: [],
      error: e instanceof Error ? e.message : String(e),
      command,
    };
  }
  const base = graphOpts.packageName ?? 'catalog';
  if (whole.text.length <= maxChars) {
    return {
      documents: [{ package: graphOpts.packageName ?? '', text: whole.text, fileName: fileName(base) }],
      split: false,
      warnings: whole.warnings,
      command,
    };
  }
  const parts = splitMermaidByPackage(load.dc, graphOpts, maxChars);
  const perPackage = new Map<string, number>();
  for (const p of parts) perPackage.set(p.package, (perPackage.get(p.package) ?? 0) + 1);
  const seen = new Map<string, number>();
  const documents = parts.map((p) => {
    const n = (seen.get(p.package) ?? 0) + 1;
    seen.set(p.package, n);
    return {
      package: p.package,
      text: p.text,
      fileName: fileName(p.package, (perPackage.get(p.package) ?? 1) > 1 ? n : undefined),
    };
  });
  return { documents, split: true, warnings: whole.warnings, command };
}
