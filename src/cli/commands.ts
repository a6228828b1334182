/**
 * Every `fbc-studio` command, declared once: its arguments, its options and the values they take,
 * its one-line summary. Help, usage lines, usage errors and shell completion all come from here
 * (declare.ts, completion-command.ts); each command's behaviour is a function in its own
 * `*-command.ts`, imported when it runs.
 */
// Types only: each command's module is still imported when it runs.
import type { RenderBundleOptions, ValidateBundleOptions } from './bundle-command';
import type { CommandSpec, OptionSpec } from './declare';
import type { DepsOptions } from './deps-command';
import type { DiffOptions } from './diff-command';
import type { FleetOptions } from './fleet-command';
import type { EligibilityOptions } from './olmv1-eligibility';
import type { GenerateOptions, PreviewOptions } from './olmv1-command';
import type { MirrorPlanOptions } from './mirror-command';
import type { OpenOptions } from './open-command';
import type { PinOptions } from './pin-command';
import { ocpVersionError } from './policy-options';
import type { RenderOptions } from './render-command';
import type { RenderGraphOptions } from './render-graph-command';
import type { RenderTemplateOptions } from './render-template-command';
import { CI_FORMATS } from './report/types';
import { POLICY_CHOICES } from '../core/policy/types';
import type { ValidateOptions } from './validate-command';

/** The options of a command that takes only `-o`. */
interface Output {
  output: string;
}

const output = (values: readonly string[]): OptionSpec => ({
  flags: '-o, --output <format>',
  help: 'output format',
  values,
});
const FAIL_ON: OptionSpec = {
  flags: '--fail-on <level>',
  help: 'the findings that fail the run (default error)',
  values: ['error', 'warning', 'never'],
  noDefault: true,
};
const FULL: OptionSpec = {
  flags: '--full-messages',
  help: 'print long messages whole (by default each is cut at about 2 KB)',
};
const EXPLAIN: OptionSpec = {
  flags: '--explain',
  help: "after the findings, each rule's catalogue entry, once",
};
/** A pipeline's policy pack beside opm (docs/policies.md): the same three options on each command that runs one. */
const POLICY: readonly OptionSpec[] = [
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
    flags: '--released <dir|revision>',
    help: 'the released index (a folder or a Git revision): entries the change prunes fail (konflux)',
  },
];
/** How a command that pulls images reaches registries (docs/images.md). */
const REGISTRY: readonly OptionSpec[] = [
  { flags: '--use-http', help: 'talk to registries over plain HTTP' },
  { flags: '--skip-tls-verify', help: "do not check registries' TLS certificates" },
  { flags: '--ca-file <file>', help: 'extra CA certificates (PEM) for registries' },
];
const MIRRORS: OptionSpec = {
  flags: '--mirrors <file>',
  help: 'an ImageDigestMirrorSet, ImageContentSourcePolicy or registries.conf',
  repeat: true,
};
/** A command whose folder may be a catalog image: its registry options (image-args.ts). */
const IMAGE_ARGS: readonly OptionSpec[] = [...REGISTRY, MIRRORS];
/** Where a folder argument failed to be pulled: opm's 1, or 2 when a CI format or --fail-on was named. */
const pullExit = (o: Record<string, unknown>): number =>
  o.failOn !== undefined || CI_FORMATS.includes(o.output as never) ? 2 : 1;

const MIGRATE: OptionSpec = {
  flags: '--migrate-level <level>',
  help: 'migration',
  values: ['none', 'bundle-object-to-csv-metadata'],
};
const PORT: OptionSpec = { flags: '--port <n>', help: 'the port on 127.0.0.1 (default: a free one)' };
const CLUSTERS: OptionSpec = {
  flags: '--clusters <file>',
  help: 'the clusters to target (default: fleet-clusters.yaml in the directory)',
};
const FLEET_TARGETS: OptionSpec = {
  flags: '--targets <file>',
  help: "a GitRepo's targets and restrictions, as fleet apply --targets-file",
};
const FLEET_NAME: OptionSpec = {
  flags: '--name <name>',
  help: 'what the Bundle name derives from, as fleet apply NAME DIR',
};

/** The commands in the order `fbc-studio --help` lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'validate',
    summary: 'validate a catalog as opm validate does, each finding located (a repository: each catalog)',
    args: ['<directory>'],
    directories: true,
    images: true,
    opmExit: true,
    options: [
      output(['text', 'json', 'yaml', ...CI_FORMATS]),
      FAIL_ON,
      FULL,
      EXPLAIN,
      ...POLICY,
      ...IMAGE_ARGS,
    ],
    run: async (dirs, o, io) =>
      (await import('./image-args')).withImageArguments(
        'validate',
        dirs,
        o,
        io,
        pullExit(o),
        async ([dir], io) =>
          (await import('./validate-command')).validateCommand(dir as string, o as ValidateOptions, io),
      ),
  },
  {
    name: 'render-graph',
    summary: "the channels' upgrade graph in Mermaid, as opm alpha render-graph prints it",
    args: ['<directory...>'],
    opmExit: true,
    options: [
      { flags: '-p, --package-name <package>', help: 'only this package' },
      { flags: '--minimum-edge <bundle>', help: 'leave out the bundles below this one' },
      { flags: '--draw-v0-semantics', help: 'draw the edges OLM v0 follows' },
    ],
    run: async (dirs, o, io) =>
      (await import('./render-graph-command')).renderGraphCommand(dirs, o as RenderGraphOptions, io),
  },
  {
    name: 'rules',
    summary: 'the rule catalogue: one line per check; with ids, their whole entries',
    args: ['[id...]'],
    opmExit: true,
    options: [output(['text', 'json'])],
    run: async (ids, o, io) => (await import('./rules-command')).rulesCommand(ids, o as Output, io),
  },
  {
    name: 'workspace',
    summary: 'what a catalog repository holds: catalogs and their verdicts, templates, other files',
    args: ['<directory>'],
    directories: true,
    images: true,
    opmExit: true,
    options: [output(['text', 'json', ...CI_FORMATS]), FAIL_ON, FULL, EXPLAIN, ...POLICY, ...IMAGE_ARGS],
    run: async (dirs, o, io) =>
      (await import('./image-args')).withImageArguments(
        'workspace',
        dirs,
        o,
        io,
        pullExit(o),
        async ([dir], io) =>
          (await import('./workspace-command')).workspaceCommand(dir as string, o as ValidateOptions, io),
      ),
  },
  {
    name: 'render-template',
    summary:
      'a basic or semver template rendered as opm alpha render-template prints it (catalogs first, then registries)',
    args: ['<file>'],
    opmExit: true,
    options: [
      {
        flags: '--bundles <catalog>',
        help: 'a catalog folder or file where bundle images resolve (default: the repository)',
        repeat: true,
      },
      {
        flags: '--migrate-level <level>',
        help: "opm's migration: none|bundle-object-to-csv-metadata (default: the level of the template's own catalog)",
      },
      output(['json', 'yaml']),
      { flags: '--offline', help: 'pull no image: list those no catalog holds' },
      ...IMAGE_ARGS,
    ],
    run: async ([file], o, io) =>
      (await import('./render-template-command')).renderTemplateCommand(
        file as string,
        o as RenderTemplateOptions,
        io,
      ),
  },
  {
    name: 'validate-bundle',
    summary: "a bundle directory checked as operator-framework's validators check it",
    args: ['[bundle-directory]'],
    directories: true,
    opmExit: true,
    options: [
      output(['text', 'json', ...CI_FORMATS]),
      FAIL_ON,
      FULL,
      {
        flags: '--select-optional <selector>',
        help: "operator-sdk's optional validators: name=operatorhub|good-practices|alpha-deprecated-apis|community, suite=operatorframework",
        repeat: true,
      },
      {
        flags: '--optional-values <key=value>',
        help: 'k8s-version=1.25, index-path=bundle.Dockerfile',
        repeat: true,
      },
      { flags: '--list-optional', help: 'list the optional validators and their labels' },
    ],
    run: async ([dir], o, io) =>
      (await import('./bundle-command')).validateBundleCommand(dir, o as ValidateBundleOptions, io),
  },
  {
    name: 'render-bundle',
    summary: 'the olm.bundle blob opm render makes of the bundle image built from a directory',
    args: ['<bundle-directory>'],
    directories: true,
    options: [
      { flags: '--image <ref>', help: 'the image the bundle is pushed as', required: true },
      output(['json', 'yaml']),
      {
        flags: '--migrate-level <level>',
        help: 'migration',
        values: ['none', 'bundle-object-to-csv-metadata'],
      },
    ],
    run: async ([dir], o, io) =>
      (await import('./bundle-command')).renderBundleCommand(dir as string, o as RenderBundleOptions, io),
  },
  {
    name: 'diff',
    summary:
      'what changed between two catalogs (folders, zips or catalog images, or a folder against a Git revision)',
    args: ['<old>', '[new]'],
    options: [
      { flags: '--against <revision>', help: 'compare <old> with itself at a Git revision (then no <new>)' },
      output(['text', 'json', 'markdown', ...CI_FORMATS]),
      {
        flags: '--fail-on <level>',
        help: 'the changes that fail the run',
        values: ['breaking', 'any', 'never'],
      },
      FULL,
      ...IMAGE_ARGS,
    ],
    run: async (paths, o, io) =>
      o.against !== undefined
        ? (await import('./diff-command')).diffCommand(paths, o as DiffOptions, io)
        : (await import('./image-args')).withImageArguments('diff', paths, o, io, 2, async (sides, io) =>
            (await import('./diff-command')).diffCommand(sides, o as DiffOptions, io),
          ),
  },
  {
    name: 'validate-changed',
    summary: 'validate the catalogs that hold the given files, from the repository root (a pre-commit hook)',
    args: ['[file...]'],
    options: [FAIL_ON, FULL, EXPLAIN, ...POLICY],
    run: async (files, o, io) =>
      (await import('./validate-changed-command')).validateChangedCommand(files, o as ValidateOptions, io),
  },
  {
    name: 'deps',
    summary: "what a package's bundles (or a bundle folder) require and which bundles provide it",
    args: ['<catalog-directory>'],
    directories: true,
    options: [
      { flags: '-p, --package <name>', help: 'the package whose bundles to look at' },
      { flags: '--bundle <name>', help: 'only this bundle of the package' },
      { flags: '--bundle-dir <bundle-directory>', help: 'a bundle folder not yet in the catalog' },
      output(['text', 'json']),
    ],
    run: async ([dir], o, io) =>
      (await import('./deps-command')).depsCommand(dir as string, o as DepsOptions, io),
  },
  {
    name: 'crossplane',
    summary: 'Crossplane packages beside OLM catalogs',
    commands: [
      {
        name: 'validate',
        summary: "a folder's Crossplane packages checked (xpkg lint and across packages)",
        args: ['<directory>'],
        directories: true,
        options: [output(['text', 'json'])],
        run: async ([dir], o, io) =>
          (await import('./crossplane-command')).crossplaneValidate(dir as string, o as Output, io),
      },
      {
        name: 'deps',
        summary: 'the dependency graph of the packages in the folders',
        args: ['<directory...>'],
        directories: true,
        options: [output(['mermaid', 'json'])],
        run: async (dirs, o, io) =>
          (await import('./crossplane-command')).crossplaneDeps(dirs, o as Output, io),
      },
    ],
  },
  {
    name: 'fleet',
    summary: 'Fleet bundle directories beside OLM catalogs',
    commands: [
      {
        name: 'validate',
        summary: 'a bundle directory checked, with its target matrix when there are clusters',
        args: ['<directory>'],
        directories: true,
        options: [CLUSTERS, FLEET_TARGETS, FLEET_NAME, output(['text', 'json'])],
        run: async ([dir], o, io) =>
          (await import('./fleet-command')).fleetValidate(dir as string, o as FleetOptions, io),
      },
      {
        name: 'render',
        summary: 'the Bundle resource Fleet makes of the directory, and the target matrix',
        args: ['<directory>'],
        directories: true,
        options: [
          CLUSTERS,
          FLEET_TARGETS,
          FLEET_NAME,
          { flags: '--diff <clusters>', help: "two clusters' files compared: <cluster>,<cluster>" },
          output(['yaml', 'json']),
        ],
        run: async ([dir], o, io) =>
          (await import('./fleet-command')).fleetRender(dir as string, o as FleetOptions, io),
      },
    ],
  },
  {
    name: 'olmv1',
    summary: 'OLM v1 answers: what a ClusterExtension resolves to, which bundles OLM v1 can install',
    commands: [
      {
        name: 'preview',
        summary: 'the bundle a ClusterExtension installs or upgrades to, as operator-controller resolves it',
        args: ['<cluster-extension.yaml>'],
        options: [
          {
            flags: '--catalog <directory-or-image>',
            help: 'a catalog folder or image to resolve against',
            repeat: true,
          },
          {
            flags: '--cluster-catalogs <file>',
            help: 'ClusterCatalog manifests (fbc-studio/catalog-dir names each folder)',
          },
          { flags: '--installed <version-or-bundle>', help: 'the bundle installed now: its successors only' },
          output(['text', 'json']),
          {
            flags: '--offline',
            help: 'pull no catalog image (a ClusterCatalog without a folder has no content)',
          },
          ...REGISTRY,
          MIRRORS,
        ],
        run: async ([file], o, io) =>
          (await import('./olmv1-command')).olmv1Preview(file as string, o as PreviewOptions, io),
      },
      {
        name: 'eligibility',
        summary: "whether OLM v1 can install each bundle, in operator-controller's words",
        args: ['[catalog-directory]'],
        options: [
          { flags: '-p, --package <name>', help: 'only this package' },
          { flags: '--bundle-dir <bundle-directory>', help: 'a bundle folder instead of a catalog' },
          output(['text', 'json']),
        ],
        run: async ([dir], o, io) =>
          (await import('./olmv1-eligibility')).eligibilityCommand(dir, o as EligibilityOptions, io),
      },
      {
        name: 'generate',
        summary: 'a ClusterExtension for a package (a bundle, a channel) of a catalog',
        args: ['<catalog-directory>'],
        directories: true,
        options: [
          { flags: '-p, --package <name>', help: 'the package', required: true },
          { flags: '--bundle <name>', help: 'pin this bundle' },
          { flags: '--channel <name>', help: 'follow this channel' },
          { flags: '--name <name>', help: "the ClusterExtension's name" },
        ],
        run: async ([dir], o, io) =>
          (await import('./olmv1-command')).olmv1Generate(dir as string, o as GenerateOptions, io),
      },
    ],
  },
  {
    name: 'mirror',
    summary: 'what oc-mirror v2 mirrors of catalogs for an ImageSetConfiguration',
    commands: [
      {
        name: 'plan',
        summary:
          'the bundles oc-mirror v2 keeps per catalog, opm validate of the result, upgrade reachability and the fix',
        args: ['<imageset-config>'],
        options: [
          {
            flags: '--catalog <directory-or-image>',
            help: 'the folder or image of a catalog the configuration names: REF=DIR for catalog REF, else the n-th (none: REF is pulled)',
            repeat: true,
          },
          {
            flags: '--from <package@version>',
            help: 'a version running on the clusters: can it reach the head?',
            repeat: true,
          },
          {
            flags: '--write <directory>',
            help: 'write each filtered catalog there as FBC, as oc-mirror writes it',
          },
          MIRRORS,
          output(['text', 'json']),
          ...REGISTRY,
        ],
        run: async ([file], o, io) =>
          (await import('./mirror-command')).mirrorPlanCommand(file as string, o as MirrorPlanOptions, io),
      },
    ],
  },
  {
    name: 'render',
    summary:
      'what opm render prints for catalog or bundle images and folders (images pulled, docs/images.md)',
    args: ['<image-or-directory...>'],
    options: [output(['json', 'yaml']), MIGRATE, MIRRORS, ...REGISTRY],
    run: async (refs, o, io) =>
      (await import('./render-command')).renderCommand(refs, o as RenderOptions, io),
  },
  {
    name: 'pin',
    summary: 'every tagged image of a template or catalog rewritten to its digest, in place',
    args: ['<file...>'],
    options: [{ flags: '--dry-run', help: 'print the pinned files instead of writing them' }, ...REGISTRY],
    run: async (files, o, io) => (await import('./pin-command')).pinCommand(files, o as PinOptions, io),
  },
  {
    name: 'open',
    summary: 'the app in your browser on a folder (default: here) or a catalog image, served on 127.0.0.1',
    args: ['[directory-or-image]'],
    options: [
      PORT,
      { flags: '--no-browser', help: 'print the URL only' },
      { flags: '--read-only', help: 'refuse every write, in the server too' },
      ...IMAGE_ARGS,
    ],
    run: async ([target], o, io) =>
      (await import('./open-command')).openCommand(target, o as OpenOptions, io),
  },
  {
    name: 'serve',
    summary: "the app's start screen (the demo) served on 127.0.0.1, no folder, no browser",
    options: [PORT],
    run: async (_args, o, io) => (await import('./open-command')).serveCommand(o as OpenOptions, io),
  },
  {
    name: 'completion',
    summary: 'a shell completion script: source <(fbc-studio completion bash)',
    args: ['<shell>'],
    argValues: ['bash', 'zsh'],
    run: async ([shell], _o, io) =>
      (await import('./completion-command')).completionCommand(shell as string, io),
  },
];
