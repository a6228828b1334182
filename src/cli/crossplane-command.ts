/**
 * `fbc-studio crossplane validate DIR [-o text|json]` and `fbc-studio crossplane deps DIR...
 * [-o json|mermaid]`: Crossplane packages beside OLM catalogs. Exit 0 when no finding is an error,
 * 1 when one is, 2 when the command cannot run (usage, a directory that cannot be read).
 */
import { parseArgs } from 'node:util';
import type { Diagnostic } from '../core/diagnostics';
import {
  crossplaneGraph,
  crossplaneMermaid,
  openCrossplaneFolder,
  type CrossplaneFolder,
} from '../core/crossplane';
import { MergedSource } from '../core/source/merged';
import { checkDirectory, type Io } from './command-args';
import { NodeFsSource } from './node-source';

export const CROSSPLANE_USAGE = `  fbc-studio crossplane validate <directory> [-o text|json]
  fbc-studio crossplane deps <directory>... [-o json|mermaid]
`;

const USAGE = `Usage:\n${CROSSPLANE_USAGE}`;

/** One finding as a CI log line: file:line:column, who would raise it, the rule, the message. */
export function formatFinding(d: Diagnostic): string {
  const where = d.location ? `${d.location.file}:${d.location.start.line}:${d.location.start.column}` : '-';
  return `${where}: ${d.source} ${d.severity} [${d.rule}] ${d.message}`;
}

function parse(
  args: string[],
  io: Io,
  formats: string[],
  many: boolean,
): { output: string; dirs: string[] } | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { output: { type: 'string', short: 'o', default: formats[0] } },
    });
  } catch (e) {
    io.err(`${(e as Error).message}\n${USAGE}`);
    return undefined;
  }
  const output = parsed.values.output ?? (formats[0] as string);
  if (!formats.includes(output)) {
    io.err(`invalid --output value ${JSON.stringify(output)}, expected (${formats.join('|')})\n`);
    return undefined;
  }
  const dirs = parsed.positionals;
  if (dirs.length === 0 || (!many && dirs.length > 1)) {
    io.err(`accepts ${many ? 'at least 1' : '1'} arg(s), received ${dirs.length}\n${USAGE}`);
    return undefined;
  }
  for (const dir of dirs) {
    const bad = checkDirectory(dir);
    if (bad) {
      io.err(`${bad}\n`);
      return undefined;
    }
  }
  return { output, dirs };
}

async function open(dirs: string[]): Promise<CrossplaneFolder> {
  const sources = dirs.map((d) => new NodeFsSource(d));
  return openCrossplaneFolder(
    sources.length === 1 ? (sources[0] as NodeFsSource) : new MergedSource(sources),
  );
}

const plain = ({ ref: _ref, ...d }: Diagnostic) => d;

async function validate(args: string[], io: Io): Promise<number> {
  const parsed = parse(args, io, ['text', 'json'], false);
  if (!parsed) return 2;
  const folder = await open(parsed.dirs);
  const passed = folder.packages.length > 0 && !folder.diagnostics.some((d) => d.severity === 'error');
  if (parsed.output === 'json') {
    const report = {
      passed,
      ...(folder.reason ? { reason: `${folder.reason} in ${parsed.dirs[0]}` } : {}),
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
      diagnostics: folder.diagnostics.map(plain),
    };
    io.out(JSON.stringify(report, null, 2) + '\n');
    return passed ? 0 : 1;
  }
  if (folder.packages.length === 0) {
    io.err(`${folder.reason ?? 'no Crossplane package'} in ${parsed.dirs[0]}\n`);
    for (const d of folder.diagnostics) io.err(`  ${formatFinding(d)}\n`);
    return 1;
  }
  for (const p of folder.packages) {
    const deps = p.dependsOn.length;
    io.out(
      `${p.metaFile}: ${p.kind ?? 'unknown kind'} ${p.name ?? ''} (${p.objects.length} objects, ${deps} ${deps === 1 ? 'dependency' : 'dependencies'})\n`,
    );
  }
  for (const d of folder.diagnostics) io.err(`  ${formatFinding(d)}\n`);
  io.out(passed ? 'passed\n' : 'failed\n');
  return passed ? 0 : 1;
}

async function deps(args: string[], io: Io): Promise<number> {
  const parsed = parse(args, io, ['mermaid', 'json'], true);
  if (!parsed) return 2;
  const folder = await open(parsed.dirs);
  const graph = crossplaneGraph(folder);
  io.out(parsed.output === 'json' ? JSON.stringify(graph, null, 2) + '\n' : crossplaneMermaid(graph));
  const conflict = graph.edges.some((e) => e.conflict);
  for (const d of folder.diagnostics.filter((x) => x.rule === 'xp-dependency-conflict'))
    io.err(`${formatFinding(d)}\n`);
  return conflict ? 1 : 0;
}

export async function crossplaneCommand(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'validate') return validate(rest, io);
  if (sub === 'deps') return deps(rest, io);
  io.err(
    `${sub === undefined ? 'missing' : `unknown`} crossplane command${sub ? ` ${JSON.stringify(sub)}` : ''}\n${USAGE}`,
  );
  return 2;
}
