/**
 * The rule catalogue (core/rules: every rule's texts) for the CLI's writers, loaded on first need:
 * building it is a millisecond or two of every start-up, and a run with nothing to report (most of
 * a pipeline's) never looks a rule up. The writers are synchronous, so a command loads it before it
 * writes: a report that has findings or is SARIF (which lists every rule), and text with --explain.
 */
import type * as Catalogue from '../core/rules';

let catalogue: typeof Catalogue | undefined;

export async function loadRuleCatalogue(): Promise<void> {
  catalogue ??= await import('../core/rules');
}

/** The catalogue; a writer that needs it before its command loaded it is a bug, said as one. */
export function ruleCatalogue(): typeof Catalogue {
  if (!catalogue) throw new Error('the rule catalogue is used before loadRuleCatalogue()');
  return catalogue;
}
