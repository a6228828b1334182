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

/**
 * The path-like parameter values of the repository's PipelineRuns (`path-context`, `index-file`,
 * `dockerfile`, …): plain relative paths, './' and a trailing '/' dropped.
 */
export function pipelinePaths(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:-\s+)?value:\s*["']?([^\s"'#]+)["']?\s*$/gm)) {
    const v = m[1] as string;
    if (/[:$@{}]/.test(v) || v.startsWith('/')) continue;
    out.push(v.replace(/^\.\//, '').replace(/\/$/, '') || '.');
  }
  return out;
}

/**
 * The catalogs Konflux builds, when the PipelineRuns say: a catalog a value names, lies in, or holds.
 * `undefined` when no value names any catalog (then every catalog is judged).
 */
export function catalogsBuilt(
  values: readonly string[],
  catalogs: readonly string[],
): Set<string> | undefined {
  const built = new Set<string>();
  for (const c of catalogs) {
    if (values.some((v) => v !== '.' && (c === v || c.startsWith(`${v}/`) || v.startsWith(`${c}/`))))
      built.add(c);
  }
  return built.size > 0 ? built : undefined;
}

/** The newest validate-fbc version the pipeline texts name (`task-validate-fbc:0.3`), if any. */
export function validateFbcVersion(texts: readonly string[]): string | undefined {
  let best: number | undefined;
  for (const t of texts)
    for (const m of t.matchAll(/task-validate-fbc:0\.([0-9]+)/g)) best = Math.max(best ?? 0, Number(m[1]));
  return best === undefined ? undefined : `0.${best}`;
}
