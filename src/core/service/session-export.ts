/**
 * Exporting one catalog: `opm alpha render-graph`'s Mermaid text, byte for byte. Holds no state —
 * the export is of the generation it is given — and is separate so its code is loaded on first use.
 */
import type { MermaidExport, MermaidExportOptions } from './paths-views';
import type { Snapshot } from './session-snapshot';

/** Split by package past Mermaid's size limit (paths-export.ts). */
export async function exportMermaid(
  current: () => Snapshot,
  opts: MermaidExportOptions,
): Promise<MermaidExport> {
  const { mermaidExport } = await import('./paths-export');
  return mermaidExport(current().load, opts);
}
