/**
 * The policy options of `validate`, `workspace` and `validate-changed` as each command receives them
 * (declared once in commands.ts: `--policy konflux|community|none`, `--ocp-version V`, `--released REF`).
 */
import type { PolicyChoice } from '../core/policy/types';

export interface PolicyOptions {
  /** Not given: the repository configuration's `policy:`, else what its pipelines run. */
  policy?: PolicyChoice;
  /** `4.17` or `v4.17` (checked by `ocpVersionError` before the command runs). */
  ocpVersion?: string;
  /** The released index: a folder, or a Git revision of the repository. */
  released?: string;
  /** The pull request's base (community): a folder, or a Git revision of the repository. */
  base?: string;
}

/**
 * Whether `--policy` names a pack: the run then reads the catalogs' blobs, so it never takes loader
 * threads by default (validate-folder.ts).
 */
export function packByName(o: PolicyOptions | undefined): boolean {
  return o?.policy !== undefined && o.policy !== 'none';
}

/** Why an `--ocp-version` value is not one, or undefined when it is. */
export function ocpVersionError(value: string): string | undefined {
  return /^v?[0-9]+\.[0-9]+$/.test(value)
    ? undefined
    : `invalid --ocp-version value ${JSON.stringify(value)}, expected a version like 4.17`;
}

/** The version without its `v`: `v4.17` → `4.17`. */
export function ocpVersionOf(opts: PolicyOptions): string | undefined {
  return opts.ocpVersion?.replace(/^v/, '');
}
