/** `fbc-studio render-graph DIR…`: opm alpha render-graph's Mermaid text, from directories only. */
import { appendConfig, emptyDeclarativeConfig } from '../core/declcfg/types';
import { loadCatalog } from '../core/load';
import { renderGraph } from '../core/mermaid/render-graph';
import { checkDirectory, type Io } from './command-args';
import { goLogTime, renderReferenceError } from './go-log';
import { NodeFsSource } from './node-source';

export interface RenderGraphOptions {
  packageName?: string;
  minimumEdge?: string;
  drawV0Semantics?: boolean;
}

export async function renderGraphCommand(dirs: string[], o: RenderGraphOptions, io: Io): Promise<number> {
  try {
    // opm accepts several refs and merges them; directories only here (no image pulls).
    const dc = emptyDeclarativeConfig();
    for (const dir of dirs) {
      const bad = checkDirectory(dir);
      if (bad) throw new Error(bad);
      const load = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'eager' });
      if (load.errors.length > 0) {
        throw renderReferenceError(dir, new Error((load.errors[0] as { message: string }).message));
      }
      appendConfig(dc, load.dc);
    }
    const { text, warnings } = renderGraph(dc, {
      packageName: o.packageName,
      minimumEdge: o.minimumEdge,
      drawV0Semantics: o.drawV0Semantics === true,
    });
    for (const w of warnings) io.err(`${w}\n`);
    io.out(text);
    return 0;
  } catch (e) {
    io.err(`${goLogTime()} ${(e as Error).message}\n`);
    return 1;
  }
}
