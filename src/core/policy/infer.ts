/**
 * Which pack runs: `--policy` when given, else the repository configuration's `policy:`, else what
 * the repository's pipelines say (`.tekton` PipelineRuns of an FBC pipeline → konflux; a `ci.yaml`
 * with an `fbc:` key → community), else none. The reason is printed with the findings.
 */
import type { PolicyChoice } from './types';

export interface PolicyDecision {
  pack: PolicyChoice;
  /** Why this pack, in words: "--policy", ".fbc-studio.yaml", ".tekton/x.yaml runs an FBC pipeline". */
  why: string;
}

const TEKTON = /(^|\/)\.tekton\/[^/]+\.ya?ml$/;
const CI_YAML = /(^|\/)ci\.ya?ml$/;
/** Only the start of a file is read to decide: a PipelineRun names its pipeline near the top. */
const HEAD = 64 * 1024;

export async function choosePolicy(opts: {
  explicit?: PolicyChoice;
  configured?: PolicyChoice;
  configFile?: string;
  paths: readonly string[];
  read: (path: string) => Promise<string | undefined>;
}): Promise<PolicyDecision> {
  if (opts.explicit) return { pack: opts.explicit, why: '--policy' };
  if (opts.configured) return { pack: opts.configured, why: opts.configFile ?? '.fbc-studio.yaml' };
  for (const p of opts.paths.filter((x) => TEKTON.test(x)).sort()) {
    const text = (await opts.read(p))?.slice(0, HEAD) ?? '';
    if (/^kind:\s*(PipelineRun|Pipeline)\b/m.test(text) && /fbc/i.test(text))
      return { pack: 'konflux', why: `${p} runs an FBC pipeline` };
  }
  for (const p of opts.paths.filter((x) => CI_YAML.test(x)).sort()) {
    const text = (await opts.read(p))?.slice(0, HEAD) ?? '';
    if (/^fbc:/m.test(text)) return { pack: 'community', why: `${p} has an fbc: key` };
  }
  return { pack: 'none', why: 'no .tekton FBC pipeline and no ci.yaml with fbc: in the repository' };
}
