/**
 * Ports operator-registry's alpha/model/model_test.go (at 4f9d6f22, last changed in 1ead90f3):
 * TestChannelHead, TestValidReplacesChain and TestValidators, one `it` per upstream case.
 *
 * TestChannelHead and TestValidReplacesChain run as catalogs (every entry an olm.bundle of its own
 * version) and assert the whole `opm validate` printout. TestValidators builds model objects, as
 * upstream does, and validates them as `opm validate` does (`validateModel` over a package holding
 * the object); like upstream's `hasError`, an error case passes when the printed tree has a node
 * with that message, and a success case when the tree has no `invalid <kind> "<name>"` node for the
 * object.
 *
 * Left out, with why:
 * - TestNormalize: `Model.Normalize` re-encodes property JSON in Go structs; no validation or
 *   output of ours depends on it.
 * - TestAddBundle: `Model.AddBundle` is a Go API (used by registry code we do not port).
 * - Model/Error/PackageKeyNameMismatch, Package/Error/ChannelKeyNameMismatch,
 *   Channel/Error/BundleKeyNameMismatch: Go map keys against names; our model is keyed by the names
 *   conversion reads, so key and name cannot differ in a catalog.
 * - Package/Error/InvalidChannelPackageLink, Channel/Error/NoPackage,
 *   Channel/Error/InvalidBundleChannelLink, Bundle/Error/NoChannel, Bundle/Error/NoPackage,
 *   Bundle/Error/WrongPackage: nil or mismatched Go pointers between model objects; ours are linked
 *   by construction.
 * - RelatedImage/Success/Valid, RelatedImage/Error/NoImage: `RelatedImage.Validate` is not called by
 *   `Bundle.Validate` (commented out upstream), so nothing opm runs reaches it.
 * - The commented-out icon cases upstream (Package/Error/InvalidIcon, Icon/Error/*) are not run by
 *   upstream either.
 *
 * Over 400 lines: three tables of one upstream file (TestValidators alone has 33 cases), kept
 * together as upstream keeps them.
 */
import { describe, expect, it } from 'vitest';
import { channelHead } from '../../../src/core/model/channel-head';
import type { ModelBundle, ModelChannel, ModelPackage } from '../../../src/core/model/types';
import { printTree, validateModel } from '../../../src/core/model/validate-model';
import { parseVersion } from '../../../src/core/semver';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import {
  catalog,
  newTestBundle,
  newTestChannel,
  newTestPackage,
  opmMessage,
  svgSmallCircle,
  type Entry,
  type Property,
} from './upstream-declcfg';

// --- TestChannelHead and TestValidReplacesChain: channels as catalogs ---------------------------

/** A catalog of package anakin whose channel alpha has these entries, each with its bundle. */
function anakinCatalog(entries: Entry[]) {
  return [
    newTestPackage('anakin', 'alpha', svgSmallCircle),
    newTestChannel('anakin', 'alpha', ...entries),
    ...entries.map((e) => newTestBundle('anakin', e.name.replace('anakin.v', ''))),
  ];
}

const channelError = (message: string) =>
  `invalid index:\n└── invalid package "anakin":\n    └── invalid channel "alpha":\n        └── ${message}`;

describe('upstream TestChannelHead', () => {
  const head: Entry = { name: 'anakin.v0.0.3', replaces: 'anakin.v0.0.1', skips: ['anakin.v0.0.2'] };

  it('Success/Valid', () => {
    const blobs = anakinCatalog([{ name: 'anakin.v0.0.1' }, { name: 'anakin.v0.0.2' }, head]);
    const result = validateCatalog({ dc: catalog(...blobs), errors: [] });
    expect(result.opmMessage).toBeNull();
    const ch = result.model.packages.get('anakin')!.channels.get('alpha')!;
    expect(channelHead(ch).heads).toEqual(['anakin.v0.0.3']);
  });

  it('Error/NoChannelHead', () => {
    const blobs = anakinCatalog([{ name: 'anakin.v0.0.1', replaces: 'anakin.v0.0.3' }, head]);
    expect(opmMessage(...blobs)).toBe(channelError('no channel head found in graph'));
  });

  it('Error/MultipleChannelHeads', () => {
    const blobs = anakinCatalog([
      { name: 'anakin.v0.0.1' },
      head,
      { name: 'anakin.v0.0.4', replaces: 'anakin.v0.0.1' },
    ]);
    expect(opmMessage(...blobs)).toBe(
      channelError('multiple channel heads found in graph: anakin.v0.0.3, anakin.v0.0.4'),
    );
  });
});

describe('upstream TestValidReplacesChain', () => {
  const cases: { name: string; entries: Entry[]; expected: string | null }[] = [
    {
      name: 'Success/Valid',
      entries: [
        { name: 'anakin.v0.0.1' },
        { name: 'anakin.v0.0.2', skips: ['anakin.v0.0.1'] },
        { name: 'anakin.v0.0.3', skips: ['anakin.v0.0.2'] },
        { name: 'anakin.v0.0.4', replaces: 'anakin.v0.0.3' },
      ],
      expected: null,
    },
    {
      name: 'Error/CycleNoHops',
      entries: [
        { name: 'anakin.v0.0.4', replaces: 'anakin.v0.0.4' },
        { name: 'anakin.v0.0.5', replaces: 'anakin.v0.0.4' },
      ],
      expected: 'detected cycle in replaces chain of upgrade graph: anakin.v0.0.4 -> anakin.v0.0.4',
    },
    {
      name: 'Error/CycleMultipleHops',
      entries: [
        { name: 'anakin.v0.0.1', replaces: 'anakin.v0.0.3' },
        { name: 'anakin.v0.0.2', replaces: 'anakin.v0.0.1' },
        { name: 'anakin.v0.0.3', replaces: 'anakin.v0.0.2' },
        { name: 'anakin.v0.0.4', replaces: 'anakin.v0.0.3' },
      ],
      expected:
        'detected cycle in replaces chain of upgrade graph: anakin.v0.0.3 -> anakin.v0.0.2 -> anakin.v0.0.1 -> anakin.v0.0.3',
    },
    {
      name: 'Error/Stranded',
      entries: [
        { name: 'anakin.v0.0.1' },
        { name: 'anakin.v0.0.2', replaces: 'anakin.v0.0.1' },
        { name: 'anakin.v0.0.3', skips: ['anakin.v0.0.2'] },
      ],
      expected: 'channel contains one or more stranded bundles: anakin.v0.0.1',
    },
    {
      name: 'Error/SkippedReplacesStranded',
      entries: [
        { name: 'anakin.v0.0.1' },
        { name: 'anakin.v0.0.2', replaces: 'anakin.v0.0.1' },
        { name: 'anakin.v0.0.3', replaces: 'anakin.v0.0.2', skips: ['anakin.v0.0.2'] },
      ],
      expected: 'channel contains one or more stranded bundles: anakin.v0.0.1',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(opmMessage(...anakinCatalog(c.entries))).toBe(
        c.expected === null ? null : channelError(c.expected),
      );
    });
  }
});

// --- TestValidators: model objects ---------------------------------------------------------------

const ORIGIN = { file: 'catalog.yaml', index: 0, start: 0, end: 0, format: 'yaml' as const };

type BundleSpec = Partial<Omit<ModelBundle, 'version'>> & { name: string; version?: string };

function bundle(spec: BundleSpec, channel = 'light'): ModelBundle {
  const { version, ...rest } = spec;
  const b: ModelBundle = {
    package: 'anakin',
    channel,
    image: '',
    replaces: '',
    skips: [],
    skipRange: '',
    properties: [],
    relatedImages: [],
    release: '',
    entryIndex: 0,
    ...rest,
  };
  if (version !== undefined) b.version = parseVersion(version);
  return b;
}

/** model.Channel{Name, Bundles}: the map key is the upstream key. */
function channel(name: string, bundles: Record<string, ModelBundle> = {}): ModelChannel {
  return { package: 'anakin', name, bundles: new Map(Object.entries(bundles)) };
}

function pkg(p: Partial<ModelPackage> & { channels?: Map<string, ModelChannel> }): ModelPackage {
  return { name: 'anakin', description: '', defaultChannel: '', channels: new Map(), origin: ORIGIN, ...p };
}

const gvk = (group: string, version: string, kind: string): Property => ({
  type: 'olm.gvk',
  value: { group, kind, version },
});
const pkgProp = (name: string, version: string): Property => ({
  type: 'olm.package',
  value: { packageName: name, version },
});

/** makePackageChannelBundle: anakin, default channel light, v0.0.1 ← v0.0.2. */
function makePackageChannelBundle(): { p: ModelPackage; ch: ModelChannel } {
  const ch = channel('light', {
    'anakin.v0.0.1': bundle({
      name: 'anakin.v0.0.1',
      image: 'anakin-operator:v0.0.1',
      properties: [pkgProp('anakin', '0.0.1'), gvk('skywalker.me', 'v1alpha1', 'PodRacer')],
      version: '0.0.1',
    }),
    'anakin.v0.0.2': bundle({
      name: 'anakin.v0.0.2',
      image: 'anakin-operator:v0.0.2',
      replaces: 'anakin.v0.0.1',
      properties: [pkgProp('anakin', '0.0.2'), gvk('skywalker.me', 'v1alpha1', 'PodRacer')],
      version: '0.0.2',
    }),
  });
  ch.bundles.forEach((b, i) => (b.entryIndex = [...ch.bundles.keys()].indexOf(i)));
  return { p: pkg({ defaultChannel: 'light', channels: new Map([['light', ch]]) }), ch };
}

/** The printed tree of a model of these packages, one node message (prefix and `:` stripped) a line. */
function printedNodes(...packages: ModelPackage[]): string[] {
  const tree = validateModel({ packages: new Map(packages.map((p) => [p.name, p])) });
  if (tree === undefined) return [];
  return printTree(tree)
    .split('\n')
    .map((line) => line.replace(/^[│ ├└─]*/u, '').replace(/:$/, ''));
}

/** A channel validated as opm validates it: inside its package (makePackageChannelBundle's). */
function inPackage(ch: ModelChannel): ModelPackage {
  return pkg({ defaultChannel: ch.name, channels: new Map([[ch.name, ch]]) });
}

/** A bundle validated inside makePackageChannelBundle's channel light. */
function inChannel(b: ModelBundle): ModelPackage {
  const { p, ch } = makePackageChannelBundle();
  ch.bundles.set(b.name, b);
  return p;
}

const svgData = 'PHN2ZyB2aWV3Qm94PTAgMCAxMDAgMTAwPjxjaXJjbGUgY3g9MjUgY3k9MjUgcj0yNS8+PC9zdmc+';
const pngData =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABAQMAAAAl21bKAAAAA1BMVEUAAACnej3aAAAAAXRSTlMAQObYZgAAAApJREFUCNdjYAAAAAIAAeIhvDMAAAAASUVORK5CYII=';
/** A 1×1 JPEG (upstream's jpegData is another; no check of ours reads icon bytes). */
const jpegData =
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

interface ValidatorCase {
  name: string;
  /** The packages opm validates. */
  model: () => ModelPackage[];
  /** An error case: a node with this message; a success case: no node with this message. */
  error?: string;
  ok?: string;
}

const validators: ValidatorCase[] = [
  {
    name: 'Model/Success/Valid',
    model: () => [makePackageChannelBundle().p],
    ok: 'invalid index',
  },
  {
    name: 'Model/Error/InvalidPackage',
    model: () => [{ ...makePackageChannelBundle().p, defaultChannel: 'not-found' }],
    error: 'invalid package "anakin"',
  },
  {
    name: 'Package/Success/Valid',
    model: () => [makePackageChannelBundle().p],
    ok: 'invalid package "anakin"',
  },
  { name: 'Package/Error/NoName', model: () => [pkg({ name: '' })], error: 'package name must not be empty' },
  {
    name: 'Package/Error/NoChannels',
    model: () => [pkg({ icon: { base64data: svgData, mediatype: 'image/svg+xml' } })],
    error: 'package must contain at least one channel',
  },
  {
    name: 'Package/Error/DuplicateBundleVersions',
    model: () => [
      pkg({
        channels: new Map([
          [
            'light',
            channel('light', {
              'anakin.v0.0.1': bundle({ name: 'anakin.v0.0.1', version: '0.0.1' }),
              'anakin.v0.0.2': bundle({ name: 'anakin.v0.0.2', version: '0.0.1' }),
              'anakin.v1.0.1': bundle({ name: 'anakin.v1.0.1', version: '1.0.1' }),
              'anakin.v1.0.2': bundle({ name: 'anakin.v1.0.2', version: '1.0.1' }),
            }),
          ],
        ]),
      }),
    ],
    error:
      'duplicate versions found in bundles: [{0.0.1: [anakin.v0.0.1, anakin.v0.0.2]} {1.0.1: [anakin.v1.0.1, anakin.v1.0.2]}]',
  },
  {
    name: 'Package/Error/DuplicateBundleVersionsReleases',
    model: () => [
      pkg({
        channels: new Map([
          [
            'light',
            channel('light', {
              'anakin.v0.0.1': bundle({ name: 'anakin.v0.0.1', version: '0.0.1' }),
              'anakin.v0.0.2': bundle({ name: 'anakin.v0.0.2', version: '0.0.1' }),
              'anakin-v0.0.1-100': bundle({ name: 'anakin.v0.0.1', version: '0.0.1', release: '100' }),
              'anakin-v0.0.2-100': bundle({ name: 'anakin.v0.0.2', version: '0.0.1', release: '100' }),
            }),
          ],
        ]),
      }),
    ],
    error:
      'duplicate versions found in bundles: [{0.0.1: [anakin.v0.0.1, anakin.v0.0.2]} {0.0.1-100: [anakin.v0.0.1, anakin.v0.0.2]}]',
  },
  {
    name: 'Package/Error/BundleReleaseNormalizedName',
    model: () => [
      pkg({
        channels: new Map([
          [
            'light',
            channel('light', {
              'anakin.v0.0.1.alpha1': bundle({
                name: 'anakin.v0.0.1.alpha1',
                version: '0.0.1',
                release: 'alpha1',
              }),
            }),
          ],
        ]),
      }),
    ],
    error: 'name "anakin.v0.0.1.alpha1" does not match normalized name "anakin-v0.0.1-alpha1"',
  },
  {
    name: 'Package/Error/NoDefaultChannel',
    model: () => [
      pkg({
        icon: { base64data: svgData, mediatype: 'image/svg+xml' },
        channels: new Map([['light', makePackageChannelBundle().ch]]),
      }),
    ],
    error: 'default channel must be set',
  },
  {
    name: 'Package/Error/InvalidChannel',
    model: () => [
      pkg({
        icon: { base64data: svgData, mediatype: 'image/svg+xml' },
        defaultChannel: 'light',
        channels: new Map([['light', channel('light')]]),
      }),
    ],
    error: 'invalid channel "light"',
  },
  {
    name: 'Package/Error/DefaultChannelNotInChannelMap',
    model: () => [{ ...makePackageChannelBundle().p, defaultChannel: 'not-found' }],
    error: 'default channel "not-found" not found in channels list',
  },
  ...(
    [
      ['Icon/Success/ValidSVG', { base64data: svgData, mediatype: 'image/svg+xml' }],
      ['Icon/Success/ValidPNG', { base64data: pngData, mediatype: 'image/png' }],
      ['Icon/Success/ValidJPEG', { base64data: jpegData, mediatype: 'image/jpeg' }],
      ['Icon/Success/Nil', undefined],
    ] as const
  ).map(([name, icon]): ValidatorCase => ({
    name,
    model: () => {
      const { p } = makePackageChannelBundle();
      if (icon !== undefined) p.icon = { ...icon };
      return [p];
    },
    ok: 'invalid package "anakin"',
  })),
  {
    name: 'Channel/Success/Valid',
    model: () => [makePackageChannelBundle().p],
    ok: 'invalid channel "light"',
  },
  {
    name: 'Channel/Error/NoName',
    model: () => [inPackage(channel(''))],
    error: 'channel name must not be empty',
  },
  {
    name: 'Channel/Error/NoBundles',
    model: () => [inPackage(channel('light'))],
    error: 'channel must contain at least one bundle',
  },
  {
    name: 'Channel/Error/InvalidHead',
    model: () => [
      inPackage(
        channel('light', {
          'anakin.v0.0.0': bundle({ name: 'anakin.v0.0.0' }),
          'anakin.v0.0.1': bundle({ name: 'anakin.v0.0.1' }),
        }),
      ),
    ],
    error: 'multiple channel heads found in graph: anakin.v0.0.0, anakin.v0.0.1',
  },
  {
    name: 'Channel/Error/InvalidBundle',
    model: () => [inPackage(channel('light', { 'anakin.v0.0.0': bundle({ name: 'anakin.v0.0.0' }) }))],
    error: 'invalid bundle "anakin.v0.0.0"',
  },
  {
    name: 'Bundle/Success/Valid',
    model: () => [
      inChannel(
        bundle({
          name: 'anakin.v0.1.0',
          image: 'registry.io/image',
          replaces: 'anakin.v0.0.1',
          skips: ['anakin.v0.0.2'],
          properties: [pkgProp('anakin', '0.1.0'), gvk('skywalker.me', 'v1alpha1', 'PodRacer')],
        }),
      ),
    ],
    ok: 'invalid bundle "anakin.v0.1.0"',
  },
  {
    name: 'Bundle/Success/ReplacesNotInChannel',
    model: () => [
      inChannel(
        bundle({
          name: 'anakin.v0.1.0',
          image: 'registry.io/image',
          replaces: 'anakin.v0.0.0',
          properties: [pkgProp('anakin', '0.1.0')],
        }),
      ),
    ],
    ok: 'invalid bundle "anakin.v0.1.0"',
  },
  {
    name: 'Bundle/Success/NoBundleImage/HaveBundleData',
    model: () => [
      inChannel(
        bundle({
          name: 'anakin.v0.1.0',
          properties: [
            pkgProp('anakin', '0.1.0'),
            gvk('skywalker.me', 'v1alpha1', 'PodRacer'),
            { type: 'olm.bundle.object', value: { data: Buffer.from('testdata').toString('base64') } },
          ],
        }),
      ),
    ],
    ok: 'invalid bundle "anakin.v0.1.0"',
  },
  {
    name: 'Bundle/Error/NoBundleImage',
    model: () => [
      inChannel(
        bundle({
          name: 'anakin.v0.1.0',
          properties: [pkgProp('anakin', '0.1.0'), gvk('skywalker.me', 'v1alpha1', 'PodRacer')],
        }),
      ),
    ],
    error: 'bundle image must be set',
  },
  { name: 'Bundle/Error/NoName', model: () => [inChannel(bundle({ name: '' }))], error: 'name must be set' },
  {
    name: 'Bundle/Error/InvalidProperty',
    model: () => [
      inChannel(
        bundle({
          name: 'anakin.v0.1.0',
          replaces: 'anakin.v0.0.1',
          properties: [{ type: 'broken', value: undefined }],
        }),
      ),
    ],
    error: 'parse property[0] of type "broken": unexpected end of JSON input',
  },
  {
    name: 'Bundle/Error/EmptySkipsValue',
    model: () => [
      inChannel(
        bundle({
          name: 'anakin.v0.1.0',
          replaces: 'anakin.v0.0.1',
          properties: [{ type: 'custom', value: {} }],
          skips: [''],
        }),
      ),
    ],
    error: 'skip[0] is empty',
  },
  ...(
    [
      ['Bundle/Success/EmptySkipRange', '', undefined],
      ['Bundle/Success/ValidSkipRange', '>=1.0.0 <2.0.0', undefined],
      [
        'Bundle/Error/InvalidSkipRange/LeadingV',
        '>v0.1.0',
        'invalid skipRange ">v0.1.0": Could not parse Range ">v0.1.0": Could not parse comparator ">v" in ">v0.1.0"',
      ],
      [
        'Bundle/Error/InvalidSkipRange/LeadingZero',
        '>1.00.1',
        'invalid skipRange ">1.00.1": Could not parse Range ">1.00.1": Could not parse version "1.00.1" in ">1.00.1": Minor number must not contain leading zeroes "00"',
      ],
    ] as const
  ).map(([name, skipRange, error]): ValidatorCase => ({
    name,
    model: () => [
      inChannel(
        bundle({
          name: 'anakin.v0.1.0',
          image: 'registry.io/image',
          replaces: 'anakin.v0.0.1',
          skipRange,
          properties: [pkgProp('anakin', '0.1.0')],
        }),
      ),
    ],
    ...(error === undefined ? { ok: 'invalid bundle "anakin.v0.1.0"' } : { error }),
  })),
  ...(
    [
      ['Bundle/Error/MissingPackage', []],
      ['Bundle/Error/MultiplePackages', [pkgProp('anakin', '0.1.0'), pkgProp('anakin', '0.2.0')]],
    ] as const
  ).map(([name, properties]): ValidatorCase => ({
    name,
    model: () => [
      inChannel(
        bundle({
          name: 'anakin.v0.1.0',
          replaces: 'anakin.v0.0.1',
          skips: ['anakin.v0.0.2'],
          properties: [...properties],
        }),
      ),
    ],
    error: 'must be exactly one property with type "olm.package"',
  })),
];

describe('upstream TestValidators: the printed validation tree', () => {
  it('ports the 33 of the 44 upstream cases that apply', () => {
    expect(validators).toHaveLength(33);
  });

  for (const c of validators) {
    it(c.name, () => {
      const nodes = printedNodes(...c.model());
      if (c.error !== undefined) expect(nodes).toContain(c.error);
      if (c.ok !== undefined) expect(nodes).not.toContain(c.ok);
    });
  }
});
