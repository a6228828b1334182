/**
 * `fbc-studio` — the catalog core for CI, with opm's command shapes:
 *   fbc-studio validate DIR [-o text|json|yaml]
 *   fbc-studio render-graph DIR [-p PKG] [--minimum-edge NAME] [--draw-v0-semantics]
 *   fbc-studio rules [-o text|json]
 *   fbc-studio workspace DIR [-o text|json]   (a repository: see workspace-command.ts)
 *   fbc-studio diff OLD NEW | DIR --against REV   (see diff-command.ts)
 * Output and exit codes follow `opm validate` / `opm alpha render-graph`; on top of opm we add
 * file:line:column locations and our own (clearly marked) warnings.
 *
 * Each command's module is imported when that command runs. Built, every command is in one script
 * (build/cli/core.cjs) whose compiled code V8 caches per command (boot.ts), so a run still only
 * initialises its own modules; from the sources, only its own are loaded.
 */
import type { Io } from './command-args';
import * as hostileChecks from '../core/load/hostile';
import { provideHostileChecks } from '../core/load/hostile-registry';

// The CLI loads files synchronously in places: the on-demand checks are there from the start.
provideHostileChecks(hostileChecks);

export { formatDiagnostic } from './format-diagnostic';

type Command = (args: string[], io: Io) => number | Promise<number>;

/** Every command, by name, loaded on use. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./validate-command')).validateCommand,
  'render-graph': async () => (await import('./render-graph-command')).renderGraphCommand,
  rules: async () => (await import('./rules-command')).rulesCommand,
  workspace: async () => (await import('./workspace-command')).workspaceCommand,
  'render-template': async () => (await import('./render-template-command')).renderTemplateCommand,
  'validate-bundle': async () => (await import('./bundle-command')).validateBundleCommand,
  'render-bundle': async () => (await import('./bundle-command')).renderBundleCommand,
  diff: async () => (await import('./diff-command')).diffCommand,
  'validate-changed': async () => (await import('./validate-changed-command')).validateChangedCommand,
  deps: async () => (await import('./deps-command')).depsCommand,
  crossplane: async () => (await import('./crossplane-command')).crossplaneCommand,
  fleet: async () => (await import('./fleet-command')).fleetCommand,
  olmv1: async () => (await import('./olmv1-command')).olmv1Command,
};

/** The whole usage text, in the order the commands were added (only help and mistakes print it). */
async function usage(): Promise<string> {
  const [v, g, t, b, d, df, vc, x, f, o] = await Promise.all([
    import('./validate-command'),
    import('./render-graph-command'),
    import('./render-template-command'),
    import('./bundle-command'),
    import('./deps-command'),
    import('./diff-command'),
    import('./validate-changed-command'),
    import('./crossplane-command'),
    import('./fleet-command'),
    import('./olmv1-command'),
  ]);
  return `Usage:
${v.VALIDATE_USAGE}${g.RENDER_GRAPH_USAGE}  fbc-studio rules [-o text|json]
  fbc-studio workspace <directory> [-o text|json|github|sarif|junit] [--fail-on error|warning|never] [--full-messages]
${t.RENDER_TEMPLATE_USAGE}${b.BUNDLE_USAGE}${d.DEPS_USAGE}${df.DIFF_USAGE}${vc.VALIDATE_CHANGED_USAGE}${x.CROSSPLANE_USAGE}${f.FLEET_USAGE}${o.OLMV1_USAGE}`;
}

const stdio: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
};

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const load = command === undefined ? undefined : COMMANDS[command];
    if (load) return await (await load())(rest, io);
    if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
      io.out(await usage());
      return command === undefined ? 1 : 0;
    }
    io.err(`unknown command ${JSON.stringify(command)}\n${await usage()}`);
    return 1;
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
