/** `fbc-studio render-graph DIR…`: opm alpha render-graph's Mermaid text, from directories only. */
import { parseArgs } from 'node:util';
import { appendConfig, emptyDeclarativeConfig } from '../core/declcfg/types';
import { loadCatalog } from '../core/load';
import { renderGraph } from '../core/mermaid/render-graph';
import { checkDirectory, type Io } from './command-args';
import { NodeFsSource } from './node-source';

export const RENDER_GRAPH_USAGE = `  fbc-studio render-graph <directory> [-p <package>] [--minimum-edge <bundle>] [--draw-v0-semantics]
`;

/** Go's log.Fatal prefix: `2006/01/02 15:04:05 `. */
function goLogTime(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export async function renderGraphCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'package-name': { type: 'string', short: 'p' },
      'minimum-edge': { type: 'string' },
      'draw-v0-semantics': { type: 'boolean', default: false },
    },
  });
  if (positionals.length < 1) {
    io.err(`requires at least 1 arg(s), only received 0\nUsage:\n${RENDER_GRAPH_USAGE}`);
    return 1;
  }
  try {
    // opm accepts several refs and merges them; directories only here (no image pulls).
    const dc = emptyDeclarativeConfig();
    for (const dir of positionals) {
      const bad = checkDirectory(dir);
      if (bad) throw new Error(bad);
      const load = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'eager' });
      if (load.errors.length > 0) throw new Error((load.errors[0] as { message: string }).message);
      appendConfig(dc, load.dc);
    }
    const { text, warnings } = renderGraph(dc, {
      packageName: values['package-name'],
      minimumEdge: values['minimum-edge'],
      drawV0Semantics: values['draw-v0-semantics'],
    });
    for (const w of warnings) io.err(`${w}\n`);
    io.out(text);
    return 0;
  } catch (e) {
    io.err(`${goLogTime()} ${(e as Error).message}\n`);
    return 1;
  }
}
