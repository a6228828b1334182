/**
 * The GitHub Action's entry (action.yml `runs: using: node20`), built into action/index.mjs by
 * `npm run build:action`. The runner starts it with its own Node, the inputs in `INPUT_<NAME>`
 * variables and the working directory at the workspace: nothing is installed, the built CLI
 * (action/main.cjs + its scripts, every library bundled in) sits beside it.
 */
import { runAction, type Main } from './run-action';

// Resolved at run time, beside the built entry (not bundled into it: boot.ts loads the CLI's scripts with their code cache).
const cli = new URL('./main.cjs', import.meta.url).href;
const { main } = (await import(cli)) as { main: Main };
process.exitCode = await runAction(main, process.env, {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
});
