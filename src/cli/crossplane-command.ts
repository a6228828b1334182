/**
 * `fbc-studio crossplane validate DIR [-o text|json]` and `fbc-studio crossplane deps DIR...
 * [-o json|mermaid]`: Crossplane packages beside OLM catalogs. Exit 0 when no finding is an error,
 * 1 when one is, 2 when the command cannot run (usage, a directory that cannot be read).
 */
import {
  crossplaneGraph,
  crossplaneMermaid,
  openCrossplaneFolder,
  type CrossplaneFolder,
} from '../core/crossplane';
import { MergedSource } from '../core/source/merged';
import type { Io } from './command-args';
import { FindingsText } from './findings-text';
import { NodeFsSource } from './node-source';
import { plainDiagnostic } from './report/from-diagnostics';

async function open(dirs: string[]): Promise<CrossplaneFolder> {
  const sources = dirs.map((d) => new NodeFsSource(d));
  return openCrossplaneFolder(
    sources.length === 1 ? (sources[0] as NodeFsSource) : new MergedSource(sources),
  );
}

export async function crossplaneValidate(dir: string, o: { output: string }, io: Io): Promise<number> {
  const folder = await open([dir]);
  const passed = folder.packages.length > 0 && !folder.diagnostics.some((d) => d.severity === 'error');
  if (o.output === 'json') {
    const report = {
      passed,
      ...(folder.reason ? { reason: `${folder.reason} in ${dir}` } : {}),
      packages: folder.packages.map((p) => ({
        metaFile: p.metaFile,
        format: p.format,
        kind: p.kind ?? null,
        name: p.name ?? null,
        objects: p.objects.length,
        dependsOn: p.dependsOn.map((d) => ({
          kind: d.kind ?? null,
          package: d.package,
          version: d.version ?? null,
        })),
      })),
      diagnostics: folder.diagnostics.map(plainDiagnostic),
    };
    io.out(JSON.stringify(report, null, 2) + '\n');
    return passed ? 0 : 1;
  }
  if (folder.packages.length === 0) {
    io.err(`${folder.reason ?? 'no Crossplane package'} in ${dir}\n`);
    const why = new FindingsText(folder.diagnostics, io.color?.err ?? false);
    io.err(why.lines(folder.diagnostics, '  '));
    return 1;
  }
  for (const p of folder.packages) {
    const deps = p.dependsOn.length;
    io.out(
      `${p.metaFile}: ${p.kind ?? 'unknown kind'} ${p.name ?? ''} (${p.objects.length} ${p.objects.length === 1 ? 'object' : 'objects'}, ${deps} ${deps === 1 ? 'dependency' : 'dependencies'})\n`,
    );
  }
  const text = new FindingsText(folder.diagnostics, io.color?.err ?? false);
  io.err(text.lines(folder.diagnostics, '  ') + text.end());
  io.out(passed ? 'passed\n' : 'failed\n');
  return passed ? 0 : 1;
}

export async function crossplaneDeps(dirs: string[], o: { output: string }, io: Io): Promise<number> {
  const folder = await open(dirs);
  const graph = crossplaneGraph(folder);
  io.out(o.output === 'json' ? JSON.stringify(graph, null, 2) + '\n' : crossplaneMermaid(graph));
  const conflict = graph.edges.some((e) => e.conflict);
  const conflicts = folder.diagnostics.filter((x) => x.rule === 'xp-dependency-conflict');
  io.err(new FindingsText(conflicts, io.color?.err ?? false).lines(conflicts));
  return conflict ? 1 : 0;
}
