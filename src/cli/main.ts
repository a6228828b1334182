/**
 * `fbc-studio` — the catalog core for CI, with opm's command shapes:
 *   fbc-studio validate DIR [-o text|json|yaml]
 *   fbc-studio render-graph DIR [-p PKG] [--minimum-edge NAME] [--draw-v0-semantics]
 *   fbc-studio rules [-o text|json]
 *   fbc-studio workspace DIR [-o text|json]   (a repository: see workspace-command.ts)
 *   fbc-studio diff OLD NEW | DIR --against REV   (see diff-command.ts)
 * Output and exit codes follow `opm validate` / `opm alpha render-graph`; on top of opm we add
 * file:line:column locations and our own (clearly marked) warnings.
 */
import { parseArgs } from 'node:util';
import { stringify as yamlStringify } from 'yaml';
import { loadCatalog } from '../core/load';
import { resolveDiagnosticLocations } from '../core/api';
import { validateCatalog } from '../core/validate/validate-catalog';
import { renderGraph } from '../core/mermaid/render-graph';
import type { Diagnostic } from '../core/diagnostics';
import { capFinding, capLines } from '../core/message-cap';
import * as hostileChecks from '../core/load/hostile';
import { provideHostileChecks } from '../core/load/hostile-registry';
import { checkDirectory, parseDirectoryArgs, type Io } from './command-args';
import { NodeFsSource } from './node-source';
import { rulesCommand } from './rules-command';
import { validateThroughDiscovery, workspaceCommand } from './workspace-command';
import { RENDER_TEMPLATE_USAGE, renderTemplateCommand } from './render-template-command';
import { BUNDLE_USAGE, renderBundleCommand, validateBundleCommand } from './bundle-command';
import { DIFF_USAGE, diffCommand } from './diff-command';
import { exitCodeFor, runCiOptions } from './report/run';
import { diagnosticToFinding, scopeOf } from './report/from-diagnostics';
import { VALIDATE_CHANGED_USAGE, validateChangedCommand } from './validate-changed-command';
import { DEPS_USAGE, depsCommand } from './deps-command';

// The CLI loads files synchronously in places: the on-demand checks are there from the start.
provideHostileChecks(hostileChecks);
import { CROSSPLANE_USAGE, crossplaneCommand } from './crossplane-command';
import { FLEET_USAGE, fleetCommand } from './fleet-command';

const USAGE = `Usage:
  fbc-studio validate <directory> [-o text|json|yaml|github|sarif|junit] [--fail-on error|warning|never] [--full-messages]
  fbc-studio render-graph <directory> [-p <package>] [--minimum-edge <bundle>] [--draw-v0-semantics]
  fbc-studio rules [-o text|json]
  fbc-studio workspace <directory> [-o text|json|github|sarif|junit] [--fail-on error|warning|never] [--full-messages]
${RENDER_TEMPLATE_USAGE}${BUNDLE_USAGE}${DEPS_USAGE}${DIFF_USAGE}${VALIDATE_CHANGED_USAGE}${CROSSPLANE_USAGE}${FLEET_USAGE}`;

// opm's validate names only json and yaml as choices, though text (the default) is one too.
const VALIDATE_OUTPUT = { formats: ['text', 'json', 'yaml'], expected: '(json|yaml)' };

const stdio: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
};

/** Go's log.Fatal prefix: `2006/01/02 15:04:05 `. */
function goLogTime(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.location ? `${d.location.file}:${d.location.start.line}:${d.location.start.column}` : '-';
  const scope = scopeOf(d);
  const kind = d.source === 'opm' ? `opm ${d.severity}` : `fbc-studio ${d.severity}`;
  const message = d.message.replace(/\n/g, '\n    ');
  return `${where}: ${kind} [${d.rule}] ${message}${scope ? ` (${scope})` : ''}`;
}

/** `--full-messages`: print opm's text whole; by default each line is capped (see message-cap). */
const FULL_MESSAGES = '--full-messages';

async function validateCommand(allArgs: string[], io: Io): Promise<number> {
  const full = allArgs.includes(FULL_MESSAGES);
  const cap = <T extends Diagnostic>(d: T): T => (full ? d : capFinding(d));
  const capMessage = (m: string | null) => (full || m === null ? m : capLines(m));
  // CI formats and --fail-on first; what is left parses as opm's validate does.
  // runCiOptions takes --full-messages off the arguments too (the CI formats honour it).
  const ci = await runCiOptions(allArgs, io, 'validate');
  if (typeof ci === 'number') return ci;
  const parsed = parseDirectoryArgs(ci.args, io, VALIDATE_OUTPUT, USAGE);
  if (!parsed) return ci.usageCode;
  const { output, dir } = parsed;
  // A repository root validates each catalog in it; a catalog folder goes on exactly as before.
  const found = await validateThroughDiscovery(dir, output, io, ci.failOn, ci.fullMessages);
  if ('code' in found) return found.code;
  const load = found.load;
  const result = validateCatalog(load);
  const diagnostics = resolveDiagnosticLocations(load.files, result.diagnostics);
  const code = exitCodeFor(
    diagnostics.map((d) => diagnosticToFinding(d, '')),
    ci.failOn,
    !result.passed,
  );
  if (output === 'text') {
    if (!result.passed) io.err(`${capMessage(result.opmMessage)}\n`);
    const located = diagnostics.filter((d) => (result.passed ? d.source === 'fbc-studio' : true));
    if (located.length > 0) {
      io.err(`${result.passed ? '' : '\n'}Findings with locations:\n`);
      for (const d of located) io.err(`  ${formatDiagnostic(cap(d))}\n`);
    }
    return code;
  }
  const report: Record<string, unknown> = { passed: result.passed };
  if (!result.passed) report.error = { message: capMessage(result.opmMessage) };
  report.diagnostics = diagnostics.map(({ ref: _ref, ...d }) => cap(d));
  io.out(output === 'json' ? JSON.stringify(report, null, 2) + '\n' : yamlStringify(report));
  return code;
}

async function renderGraphCommand(args: string[], io: Io): Promise<number> {
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
    io.err(`requires at least 1 arg(s), only received 0\n${USAGE}`);
    return 1;
  }
  try {
    // opm accepts several refs and merges them; directories only here (no image pulls).
    const dcs = [];
    for (const dir of positionals) {
      const bad = checkDirectory(dir);
      if (bad) throw new Error(bad);
      const load = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'eager' });
      if (load.errors.length > 0) throw new Error((load.errors[0] as { message: string }).message);
      dcs.push(load.dc);
    }
    const dc = {
      packages: dcs.flatMap((d) => d.packages),
      channels: dcs.flatMap((d) => d.channels),
      bundles: dcs.flatMap((d) => d.bundles),
      deprecations: dcs.flatMap((d) => d.deprecations),
      others: dcs.flatMap((d) => d.others),
    };
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

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'validate':
        return await validateCommand(rest, io);
      case 'render-graph':
        return await renderGraphCommand(rest, io);
      case 'rules':
        return rulesCommand(rest, io);
      case 'workspace':
        return await workspaceCommand(rest, io);
      case 'render-template':
        return await renderTemplateCommand(rest, io);
      case 'validate-bundle':
        return await validateBundleCommand(rest, io);
      case 'render-bundle':
        return await renderBundleCommand(rest, io);
      case 'diff':
        return await diffCommand(rest, io);
      case 'validate-changed':
        return await validateChangedCommand(rest, io);
      case 'deps':
        return await depsCommand(rest, io);
      case 'crossplane':
        return await crossplaneCommand(rest, io);
      case 'fleet':
        return await fleetCommand(rest, io);
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.out(USAGE);
        return command === undefined ? 1 : 0;
      default:
        io.err(`unknown command ${JSON.stringify(command)}\n${USAGE}`);
        return 1;
    }
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    return 1;
  }
}

// Run when started as `node --import tsx src/cli/main.ts`; bin/fbc-studio.mjs imports and calls main itself.
const isEntry = process.argv[1] !== undefined && /src[\\/]cli[\\/]main\.ts$/.test(process.argv[1]);
if (isEntry) {
  void main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
