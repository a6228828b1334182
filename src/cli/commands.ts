/**
 * Every `fbc-studio` command, declared once: its arguments, its options and the values they take,
 * its one-line summary. Help, usage lines, usage errors and shell completion all come from here
 * (declare.ts, completion-command.ts); each command's behaviour is a function in its own
 * `*-command.ts`, imported when it runs.
 */
// Types only: each command's module is still imported when it runs.
import type { RenderBundleOptions, ValidateBundleOptions } from './bundle-command';
import type { Io } from './command-args';
import type { CommandSpec } from './declare';
import type { DepsOptions } from './deps-command';
import type { DiffOptions } from './diff-command';
import type { OpenOptions } from './open-command';
import type { PinOptions } from './pin-command';
import type { RenderOptions } from './render-command';
import type { RenderGraphOptions } from './render-graph-command';
import type { RenderTemplateOptions } from './render-template-command';
import { CI_FORMATS } from './report/types';
import type { ValidateOptions } from './validate-command';
import {
  EXPLAIN,
  FAIL_ON,
  FULL,
  IMAGE_ARGS,
  MIGRATE,
  MIRRORS,
  output,
  POLICY,
  PORT,
  pullExit,
  REGISTRY,
  type Output,
} from './command-options';
import { CROSSPLANE, FLEET, MIRROR, OLMV1 } from './commands-groups';

/**
 * `validate` and `workspace`: a folder (or a catalog image, pulled first) judged, in text or a
 * structured or CI format, with `--fail-on`, the policy packs and the registry flags.
 */
function folderCheck(
  name: 'validate' | 'workspace',
  summary: string,
  formats: readonly string[],
  check: (dir: string, o: ValidateOptions, io: Io) => Promise<number>,
): CommandSpec {
  return {
    name,
    summary,
    args: ['<directory>'],
    directories: true,
    images: true,
    options: [output([...formats, ...CI_FORMATS]), FAIL_ON, FULL, EXPLAIN, ...POLICY, ...IMAGE_ARGS],
    run: async (dirs, o, io) =>
      (await import('./image-args')).withImageArguments(name, dirs, o, io, pullExit(o), async ([dir], io) =>
        check(dir as string, o as ValidateOptions, io),
      ),
  };
}

export const COMMANDS: readonly CommandSpec[] = [
  folderCheck(
    'validate',
    'validate a catalog as opm validate does, each finding located (a repository: each catalog)',
    ['text', 'json', 'yaml'],
    async (dir, o, io) => (await import('./validate-command')).validateCommand(dir, o, io),
  ),
  {
    name: 'render-graph',
    summary: "the channels' upgrade graph in Mermaid, as opm alpha render-graph prints it",
    args: ['<directory...>'],
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
    options: [output(['text', 'json'])],
    run: async (ids, o, io) => (await import('./rules-command')).rulesCommand(ids, o as Output, io),
  },
  folderCheck(
    'workspace',
    'what a catalog repository holds: catalogs and their verdicts, templates, other files',
    ['text', 'json'],
    async (dir, o, io) => (await import('./workspace-command')).workspaceCommand(dir, o, io),
  ),
  {
    name: 'render-template',
    summary:
      'a basic, semver or substitutes template rendered as opm alpha render-template prints it (catalogs first, then registries); TYPE as opm takes it, FILE - or none for standard input',
    args: ['[type]', '[file]'],
    options: [
      {
        flags: '--bundles <catalog>',
        help: 'a catalog folder or file where bundle images resolve (default: the repository)',
        repeat: true,
      },
      {
        flags: '--migrate-level <level>',
        help: "opm's migration: none|bundle-object-to-csv-metadata|all (default: the level of the template's own catalog)",
      },
      output(['json', 'yaml', 'mermaid']),
      { flags: '--offline', help: 'pull no image: list those no catalog holds' },
      ...IMAGE_ARGS,
    ],
    run: async (args, o, io) =>
      (await import('./render-template-command')).renderTemplateArgs(args, o as RenderTemplateOptions, io),
  },
  {
    name: 'validate-bundle',
    summary: "a bundle directory checked as operator-framework's validators check it",
    args: ['[bundle-directory]'],
    directories: true,
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
      MIGRATE,
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
  CROSSPLANE,
  FLEET,
  OLMV1,
  MIRROR,
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
