/**
 * What a pack needs from the repository beyond a catalog's parse, read once per open: which pack and
 * why, the validate-fbc version and the catalogs the PipelineRuns build (konflux), the OpenShift
 * version a Containerfile's FROM gives each catalog. Shared by the CLI and the app's repository open.
 */
import type { RepoConfig } from '../repo-config/types';
import { catalogsBuilt, choosePolicy, pipelinePaths, validateFbcVersion, type PolicyDecision } from './infer';
import { isContainerfile, ocpFromContainerfile } from './ocp-version';
import type { PolicyInputs } from './run';
import type { PolicyChoice } from './types';

export type ReadText = (path: string) => Promise<string | undefined>;

export interface PreparedPolicy {
  decision: PolicyDecision;
  inputs: PolicyInputs;
  /** Konflux: the catalogs the PipelineRuns build, when their parameters name any; else all. */
  built?: Set<string>;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** The nearest Containerfile at or above each catalog (its folder, then each parent). */
async function containerfileVersions(
  paths: readonly string[],
  read: ReadText,
): Promise<NonNullable<PolicyInputs['containerfileVersion']>> {
  const versions = new Map<string, string | null>();
  for (const p of paths.filter(isContainerfile).sort()) {
    const dir = parentOf(p);
    if (!versions.get(dir)) versions.set(dir, ocpFromContainerfile((await read(p)) ?? ''));
  }
  return (c) => {
    for (let dir = c.isFile ? parentOf(c.path) : c.path === '.' ? '' : c.path; ; dir = parentOf(dir)) {
      const v = versions.get(dir);
      if (v) return v;
      if (dir === '') return null;
    }
  };
}

export async function preparePolicy(opts: {
  explicit?: PolicyChoice;
  config?: Pick<RepoConfig, 'policy' | 'path'>;
  paths: readonly string[];
  catalogs: readonly string[];
  read: ReadText;
}): Promise<PreparedPolicy> {
  const { paths, read } = opts;
  const decision = await choosePolicy({
    ...(opts.explicit ? { explicit: opts.explicit } : {}),
    ...(opts.config?.policy ? { configured: opts.config.policy, configFile: opts.config.path } : {}),
    paths,
    read,
  });
  if (decision.pack === 'none') return { decision, inputs: {} };
  const inputs: PolicyInputs = { containerfileVersion: await containerfileVersions(paths, read) };
  if (decision.pack !== 'konflux') return { decision, inputs };
  const texts: string[] = [];
  for (const p of paths.filter((x) => /(^|\/)\.tekton\/.+\.ya?ml$/.test(x)))
    texts.push((await read(p)) ?? '');
  const task = validateFbcVersion(texts);
  if (task) inputs.konfluxTask = task;
  const built = catalogsBuilt(texts.flatMap(pipelinePaths), opts.catalogs);
  return { decision, inputs, ...(built && { built }) };
}
