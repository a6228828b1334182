/**
 * The policy options of `validate`, `workspace` and `validate-changed`, taken off the arguments before
 * each command parses its own: `--policy konflux|community|none`, `--ocp-version V`, `--released REF`.
 * (When the commands move to commander these are three option declarations.)
 */
import { POLICY_CHOICES, type PolicyChoice } from '../core/policy/types';

export interface PolicyOptions {
  policy?: PolicyChoice;
  ocpVersion?: string;
  released?: string;
}

export const POLICY_USAGE = '[--policy konflux|community|none] [--ocp-version V] [--released DIR|REVISION]';

const NAMES = { '--policy': 'policy', '--ocp-version': 'ocpVersion', '--released': 'released' } as const;

export function takePolicyOptions(
  args: string[],
): { opts: PolicyOptions; args: string[] } | { error: string } {
  const opts: PolicyOptions = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const eq = a.indexOf('=');
    const flag = (eq > 0 ? a.slice(0, eq) : a) as keyof typeof NAMES;
    const key = NAMES[flag];
    if (!key) {
      rest.push(a);
      continue;
    }
    const value = eq > 0 ? a.slice(eq + 1) : args[++i];
    if (value === undefined || value === '') return { error: `option ${flag} needs a value` };
    if (key === 'policy') {
      if (!(POLICY_CHOICES as readonly string[]).includes(value))
        return {
          error: `--policy must be one of ${POLICY_CHOICES.join(', ')}, not ${JSON.stringify(value)}`,
        };
      opts.policy = value as PolicyChoice;
    } else if (key === 'ocpVersion') {
      if (!/^v?[0-9]+\.[0-9]+$/.test(value))
        return { error: `--ocp-version must look like 4.17, not ${JSON.stringify(value)}` };
      opts.ocpVersion = value.replace(/^v/, '');
    } else opts.released = value;
  }
  return { opts, args: rest };
}
