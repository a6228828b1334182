/**
 * `fbc-studio rules [ID...] [-o text|json]`: the rule catalogue, so a CI log's `[R55]` or
 * `[skipped-replaces-target]` can be looked up without the app. Without ids, one line per rule
 * (grep-friendly); with ids, each one's whole entry. JSON is the catalogue's entries as they are.
 */
import { RULES, type RuleEntry } from '../core/rules';
import type { Io } from './command-args';
import { EXIT_USAGE } from './report/fail-on';

function textLine(r: RuleEntry, idWidth: number): string {
  return [r.id.padEnd(idWidth), r.source.padEnd(10), r.severity.padEnd(7), r.title].join('  ');
}

/** One entry, every field, as a user reads it in a terminal. */
export function entryText(r: RuleEntry): string {
  const facts = [`group ${r.group}`, `source ${r.source}`, `severity ${r.severity}`];
  if (r.since) facts.push(`since opm ${r.since}`);
  return [
    `${r.id}: ${r.title}`,
    `  ${facts.join(', ')}`,
    '',
    `  ${r.summary}`,
    '',
    `  ${r.description}`,
    ...(r.message ? ['', `  opm's message: ${r.message}`] : []),
    '',
    `  Upstream: ${r.upstream.text}`,
    `  ${r.upstream.url}`,
    '',
  ].join('\n');
}

export function rulesCommand(ids: string[], o: { output: string }, io: Io): number {
  // Ids as a CI log prints them; case does not matter (`r55`).
  const byId = new Map(RULES.map((r) => [r.id.toLowerCase(), r]));
  const unknown = ids.filter((id) => !byId.has(id.toLowerCase()));
  if (unknown.length > 0) {
    io.err(
      `unknown rule ${unknown.map((id) => JSON.stringify(id)).join(', ')}; \`fbc-studio rules\` lists them\n`,
    );
    return EXIT_USAGE;
  }
  const chosen = ids.length > 0 ? ids.map((id) => byId.get(id.toLowerCase()) as RuleEntry) : RULES;
  if (o.output === 'json') {
    io.out(JSON.stringify(chosen, null, 2) + '\n');
    return 0;
  }
  if (ids.length > 0) {
    io.out(chosen.map(entryText).join('\n'));
    return 0;
  }
  const idWidth = Math.max(...RULES.map((r) => r.id.length));
  io.out(RULES.map((r) => textLine(r, idWidth) + '\n').join(''));
  return 0;
}
