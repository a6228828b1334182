/**
 * `fbc-studio rules [-o text|json]`: the rule catalogue, so a CI log's `[R55]` or
 * `[skips-only]` can be looked up without the app. Text is one line per rule (grep-friendly);
 * JSON is the catalogue's entries as they are.
 */
import { RULES, type RuleEntry } from '../core/rules';
import { parseOutputOnly, type Io } from './command-args';

function textLine(r: RuleEntry, idWidth: number): string {
  return [r.id.padEnd(idWidth), r.source.padEnd(10), r.severity.padEnd(7), r.title].join('  ');
}

export function rulesCommand(args: string[], io: Io): number {
  const output = parseOutputOnly(args, io, { formats: ['text', 'json'], expected: '(text|json)' });
  if (output === undefined) return 1;
  if (output === 'json') {
    io.out(JSON.stringify(RULES, null, 2) + '\n');
    return 0;
  }
  const idWidth = Math.max(...RULES.map((r) => r.id.length));
  io.out(RULES.map((r) => textLine(r, idWidth) + '\n').join(''));
  return 0;
}
