/**
 * The command groups beside opm's own commands: Crossplane packages, Fleet bundles, OLM v1 answers and
 * the mirroring planner — each a group of sub-commands, declared as commands.ts declares the rest.
 */
// Types only: each command's module is still imported when it runs.
import type { CommandSpec } from './declare';
import type { FleetOptions } from './fleet-command';
import type { GenerateOptions, PreviewOptions } from './olmv1-command';
import type { EligibilityOptions } from './olmv1-eligibility';
import type { MirrorPlanOptions } from './mirror-command';
import { FLEET_TARGETING, IMAGE_ARGS, MIRRORS, output, REGISTRY, type Output } from './command-options';

export const CROSSPLANE: CommandSpec = {
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
};

export const FLEET: CommandSpec = {
  name: 'fleet',
  summary: 'Fleet bundle directories beside OLM catalogs',
  commands: [
    {
      name: 'validate',
      summary: 'a bundle directory checked, with its target matrix when there are clusters',
      args: ['<directory>'],
      directories: true,
      options: [...FLEET_TARGETING, output(['text', 'json'])],
      run: async ([dir], o, io) =>
        (await import('./fleet-command')).fleetValidate(dir as string, o as FleetOptions, io),
    },
    {
      name: 'render',
      summary: 'the Bundle resource Fleet makes of the directory, and the target matrix',
      args: ['<directory>'],
      directories: true,
      options: [
        ...FLEET_TARGETING,
        { flags: '--diff <clusters>', help: "two clusters' files compared: <cluster>,<cluster>" },
        output(['yaml', 'json']),
      ],
      run: async ([dir], o, io) =>
        (await import('./fleet-command')).fleetRender(dir as string, o as FleetOptions, io),
    },
  ],
};

export const OLMV1: CommandSpec = {
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
        ...IMAGE_ARGS,
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
};

export const MIRROR: CommandSpec = {
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
};
