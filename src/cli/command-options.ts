/**
 * The options commands share, declared once (commands.ts and commands-groups.ts use them): output
 * formats, `--fail-on`, the registry flags of a command that pulls, the policy flags, and the exit code
 * of a failed pull.
 */
import type { OptionSpec } from './declare';
import { ocpVersionError } from './policy-options';
import { CI_FORMATS } from './report/types';
import { POLICY_CHOICES } from '../core/policy/types';

/** The options of a command that takes only `-o`. */
export interface Output {
  output: string;
}

export const output = (values: readonly string[]): OptionSpec => ({
  flags: '-o, --output <format>',
  help: 'output format',
  values,
});
export const FAIL_ON: OptionSpec = {
  flags: '--fail-on <level>',
  help: 'the findings that fail the run (default error)',
  values: ['error', 'warning', 'never'],
  noDefault: true,
};
export const FULL: OptionSpec = {
  flags: '--full-messages',
  help: 'print long messages whole (by default each is cut at about 2 KB)',
};
export const EXPLAIN: OptionSpec = {
  flags: '--explain',
  help: "after the findings, each rule's catalogue entry, once",
};
/** A pipeline's policy pack beside opm (docs/policies.md): the same three options on each command that runs one. */
export const POLICY: readonly OptionSpec[] = [
  {
    flags: '--policy <pack>',
    help: "the pipeline policy pack to run (default: the repository's configuration, else its pipelines)",
    values: POLICY_CHOICES,
    noDefault: true,
  },
  {
    flags: '--ocp-version <version>',
    help: 'the OpenShift version of catalogs whose path does not say one (4.17)',
    check: ocpVersionError,
  },
  {
    flags: '--released <dir|revision|image>',
    help: 'the released index (a folder, a Git revision or a catalog image): entries the change prunes fail (konflux)',
  },
  {
    flags: '--base <dir|revision>',
    help: "the pull request's base (a folder or a Git revision): its shape is checked (community)",
  },
];
/** How a command that pulls images reaches registries (docs/images.md). */
export const REGISTRY: readonly OptionSpec[] = [
  { flags: '--use-http', help: 'talk to registries over plain HTTP' },
  { flags: '--skip-tls-verify', help: "do not check registries' TLS certificates" },
  { flags: '--ca-file <file>', help: 'extra CA certificates (PEM) for registries' },
];
export const MIRRORS: OptionSpec = {
  flags: '--mirrors <file>',
  help: 'an ImageDigestMirrorSet, ImageContentSourcePolicy or registries.conf',
  repeat: true,
};
/** A command whose folder may be a catalog image: its registry options (image-args.ts). */
export const IMAGE_ARGS: readonly OptionSpec[] = [...REGISTRY, MIRRORS];
/** Where a folder argument failed to be pulled: opm's 1, or 2 when a CI format or --fail-on was named. */
export const pullExit = (o: Record<string, unknown>): number =>
  o.failOn !== undefined || CI_FORMATS.includes(o.output as never) ? 2 : 1;

export const MIGRATE: OptionSpec = {
  flags: '--migrate-level <level>',
  help: 'migration',
  // opm's NewMigrations also takes `all`: every migration there is.
  values: ['none', 'bundle-object-to-csv-metadata', 'all'],
};
export const PORT: OptionSpec = { flags: '--port <n>', help: 'the port on 127.0.0.1 (default: a free one)' };
/** Which clusters a Fleet bundle is rendered for, as `fleet apply` takes them (fleet validate and render). */
export const FLEET_TARGETING: readonly OptionSpec[] = [
  {
    flags: '--clusters <file>',
    help: 'the clusters to target (default: fleet-clusters.yaml in the directory)',
  },
  {
    flags: '--targets <file>',
    help: "a GitRepo's targets and restrictions, as fleet apply --targets-file",
  },
  {
    flags: '--name <name>',
    help: 'what the Bundle name derives from, as fleet apply NAME DIR',
  },
];

/** The commands in the order `fbc-studio --help` lists them. */
