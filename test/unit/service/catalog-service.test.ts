import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import type { LoadProgress } from '../../../src/core/service/views';
import { MemorySource } from '../../../src/core/source/memory';
import type { CatalogSource } from '../../../src/core/source/types';
import { demoTree, text } from './demo-files';

const STRANDED_TREE = [
  'invalid index:',
  '└── invalid package "cirrus-operator":',
  '    └── invalid channel "alpha":',
  '        └── channel contains one or more stranded bundles: cirrus-operator.v0.1.0',
].join('\n');

async function openDemo(files = demoTree()) {
  const service = new CatalogService();
  const progress: LoadProgress[] = [];
  const summary = await service.open(new MemorySource(files, 'demo'), {
    kind: 'demo',
    readOnly: true,
    onProgress: (p) => progress.push(p),
  });
  return { service, summary, progress };
}

describe('CatalogService on the demo catalog', () => {
  it('summarises the catalog and gives opm’s exact verdict', async () => {
    const { summary } = await openDemo();
    expect(summary).toMatchObject({
      name: 'demo',
      kind: 'demo',
      readOnly: true,
      generation: 1,
      packages: 4,
      channels: 8,
      bundles: 16,
      // The 9 catalog files: .indexignore is never loaded, and it makes opm skip manifest.json.
      files: 9,
      ignoredFiles: 1,
      passed: false,
      opmMessage: STRANDED_TREE,
      fileProblems: [],
    });
    expect(summary.errors).toBe(1);
    expect(summary.warnings).toBeGreaterThanOrEqual(1);
  });

  it('reports progress through listing, reading and validating, ending with every file read', async () => {
    const { progress } = await openDemo();
    expect(progress[0]?.phase).toBe('listing');
    expect(progress.some((p) => p.phase === 'validating')).toBe(true);
    const last = progress[progress.length - 1]!;
    expect(last).toMatchObject({ phase: 'done', filesRead: 9, filesTotal: 9, currentFile: '' });
    expect(last.bytesRead).toBe(last.bytesTotal);
  });

  it('lists packages sorted, with default channel, counts and badges', async () => {
    const { service } = await openDemo();
    expect(service.getPackageList()).toEqual([
      {
        name: 'aurora-operator',
        defaultChannel: 'stable',
        channels: 3,
        bundles: 5,
        errors: 0,
        warnings: expect.any(Number),
        deprecated: false,
      },
      {
        name: 'borealis-operator',
        defaultChannel: 'stable-v2',
        channels: 2,
        bundles: 6,
        errors: 0,
        warnings: expect.any(Number),
        deprecated: false,
      },
      {
        name: 'cirrus-operator',
        defaultChannel: 'stable',
        channels: 2,
        bundles: 3,
        errors: 1,
        warnings: expect.any(Number),
        deprecated: false,
      },
      {
        name: 'nimbus-operator',
        defaultChannel: 'legacy',
        channels: 1,
        bundles: 2,
        errors: 0,
        warnings: expect.any(Number),
        deprecated: true,
      },
    ]);
  });

  it('describes a package: channels with the default marked, icon as a data: URL, deprecations', async () => {
    const { service } = await openDemo();
    const aurora = service.getPackage('aurora-operator')!;
    expect(aurora.channels.map((c) => [c.name, c.isDefault, c.entries, c.head])).toEqual([
      ['stable', true, 3, 'aurora-operator.v1.2.0'],
      ['fast', false, 3, 'aurora-operator.v1.3.0'],
      ['candidate', false, 2, 'aurora-operator.v1.4.0-rc.1'],
    ]);
    expect(aurora.icon).toMatch(/^data:image\/svg\+xml;base64,PHN2Zy/);
    expect(aurora.description).toContain('Aurora keeps a fleet of light-show controllers in sync.');
    expect(aurora.channels.find((c) => c.name === 'candidate')?.deprecation).toBe(
      'The candidate channel is no longer updated. Use fast for previews.',
    );
    expect(aurora.deprecations.map((d) => [d.schema, d.name])).toEqual([
      ['olm.channel', 'candidate'],
      ['olm.bundle', 'aurora-operator.v1.0.0'],
    ]);
    expect(aurora.deprecations[0]?.location?.file).toBe('aurora-operator/catalog.yaml');
    expect(aurora.location).toMatchObject({ file: 'aurora-operator/catalog.yaml', start: { line: 5 } });

    expect(service.getPackage('borealis-operator')?.icon).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const nimbus = service.getPackage('nimbus-operator')!;
    expect(nimbus.deprecation).toBe('nimbus-operator is retired. Install cirrus-operator instead.');
    expect(nimbus.icon).toBeUndefined();
    expect(service.getPackage('no-such-package')).toBeNull();
  });

  it('gives a channel’s graph and entry rows that agree, with stranded bundles marked', async () => {
    const { service } = await openDemo();
    const alpha = service.getChannel('cirrus-operator', 'alpha')!;
    expect(alpha.entries.map((e) => e.name)).toEqual([
      'cirrus-operator.v0.1.0',
      'cirrus-operator.v0.2.0',
      'cirrus-operator.v0.3.0',
    ]);
    expect(alpha.graph.nodes.filter((n) => !n.ghost).map((n) => n.id)).toEqual(
      alpha.entries.map((e) => e.name),
    );
    expect(alpha.entries.map((e) => [e.head, e.stranded, e.skipped])).toEqual([
      [false, true, false],
      [false, false, true],
      [true, false, false],
    ]);
    expect(alpha.entries[2]).toMatchObject({
      replaces: 'cirrus-operator.v0.2.0',
      skips: ['cirrus-operator.v0.2.0'],
      version: '0.3.0',
      location: { file: 'cirrus-operator/channels/alpha.yaml', start: { line: 8 } },
    });
    const fast = service.getChannel('aurora-operator', 'fast')!;
    expect(fast.graph.edges.map((e) => `${e.kind}:${e.from}->${e.to}`)).toContain(
      'skips:aurora-operator.v1.1.0->aurora-operator.v1.3.0',
    );
    expect(service.getChannel('aurora-operator', 'nope')).toBeNull();
    // Cached per generation: the same object comes back.
    expect(service.getChannel('cirrus-operator', 'alpha')).toBe(alpha);
  });

  it('describes a bundle: version, image, GVKs, requirements, CSV summary from olm.csv.metadata', async () => {
    const { service } = await openDemo();
    const b = service.getBundle('borealis-operator', 'borealis-operator.v2.1.0')!;
    expect(b).toMatchObject({
      version: '2.1.0',
      release: '',
      image: 'quay.io/fbc-studio-demo/borealis-operator-bundle:v2.1.0',
      channels: [
        {
          channel: 'stable-v2',
          replaces: 'borealis-operator.v2.0.1',
          skips: ['borealis-operator.v2.0.0'],
          skipRange: '>=1.0.0 <2.1.0',
        },
      ],
      gvks: [{ group: 'borealis.example.com', version: 'v1', kind: 'Snowfield' }],
      requiredPackages: [{ packageName: 'aurora-operator', versionRange: '>=1.1.0' }],
      requiredGvks: [{ group: 'aurora.example.com', version: 'v1beta1', kind: 'LightShow' }],
      relatedImages: [{ name: 'operator', image: 'quay.io/fbc-studio-demo/borealis-operator:v2.1.0' }],
      objects: [],
      csv: {
        from: 'olm.csv.metadata',
        displayName: 'Borealis Operator',
        capabilities: 'Seamless Upgrades',
        minKubeVersion: '1.26.0',
      },
      location: { file: 'borealis-operator/catalog.json' },
    });
    expect(b.properties.map((p) => p.type)).toEqual([
      'olm.package',
      'olm.gvk',
      'olm.package.required',
      'olm.gvk.required',
      'olm.csv.metadata',
    ]);
    const aurora = service.getBundle('aurora-operator', 'aurora-operator.v1.0.0')!;
    expect(aurora.deprecation).toBe(
      'aurora-operator 1.0.0 has a known controller leak; upgrade to 1.1.0 or later.',
    );
    expect(aurora.channels.map((c) => c.channel)).toEqual(['stable']);
    expect(
      service.getBundle('aurora-operator', 'aurora-operator.v1.3.0')!.channels.map((c) => c.channel),
    ).toEqual(['fast', 'candidate']);
  });

  it('decodes olm.bundle.object manifests for the CSV summary when there is no olm.csv.metadata', async () => {
    const { service } = await openDemo();
    const b = service.getBundle('nimbus-operator', 'nimbus-operator.v0.9.0')!;
    expect(b.objects).toEqual([
      {
        apiVersion: 'operators.coreos.com/v1alpha1',
        kind: 'ClusterServiceVersion',
        name: 'nimbus-operator.v0.9.0',
      },
      {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name: 'clouds.nimbus.example.com',
      },
    ]);
    expect(b.csv).toMatchObject({
      from: 'olm.bundle.object',
      displayName: 'Nimbus Operator',
      capabilities: 'Basic Install',
      minKubeVersion: '1.25.0',
      provider: 'FBC Studio demo',
      keywords: ['weather', 'legacy'],
    });
    const prop = b.properties.find((p) => p.type === 'olm.bundle.object')!;
    expect(prop.length).toBeGreaterThan(prop.json.length - 1);
  });

  it('locates every diagnostic and says which channel to show for it', async () => {
    const { service } = await openDemo();
    const diags = service.getDiagnostics();
    const stranded = diags.find((d) => d.rule === 'R55')!;
    expect(stranded).toMatchObject({
      severity: 'error',
      source: 'opm',
      message: 'channel contains one or more stranded bundles: cirrus-operator.v0.1.0',
      package: 'cirrus-operator',
      channel: 'alpha',
      location: { file: 'cirrus-operator/channels/alpha.yaml', start: { line: 5 } },
      // The core's extra finding for the stranded entry is folded in, pointing at that entry.
      targets: [
        {
          bundle: 'cirrus-operator.v0.1.0',
          location: { file: 'cirrus-operator/channels/alpha.yaml', start: { line: 5, column: 5 } },
        },
      ],
    });
    expect(diags.filter((d) => d.rule === 'R55')).toHaveLength(1);
    const b = service.getBundle('cirrus-operator', 'cirrus-operator.v0.1.0')!;
    expect(b.diagnostics.map((d) => d.rule)).toContain('R55');
    for (const d of diags) {
      expect(d.location, `${d.rule} ${d.message}`).toBeDefined();
      if (d.package && !d.channel) expect(d.navChannel).toBeDefined();
    }
    expect(diags.filter((d) => d.source === 'fbc-studio').length).toBeGreaterThanOrEqual(1);
    expect(new Set(diags.map((d) => d.id)).size).toBe(diags.length);
  });
});

describe('CatalogService edits and failures', () => {
  it('updateFile re-validates: fixing the stranded channel makes the catalog pass', async () => {
    const { service } = await openDemo();
    const before = service.getFile('cirrus-operator/channels/alpha.yaml')!;
    expect(before.format).toBe('yaml');
    const fixed = before.text.replace(/ {4}skips:\n {6}- cirrus-operator.v0.2.0\n/, '');
    expect(fixed).not.toBe(before.text);
    const summary = service.updateFile('cirrus-operator/channels/alpha.yaml', fixed);
    expect(summary).toMatchObject({ generation: 2, passed: true, opmMessage: null, errors: 0 });
    expect(service.getFile('cirrus-operator/channels/alpha.yaml')?.text).toBe(fixed);
    expect(service.getChannel('cirrus-operator', 'alpha')?.entries.some((e) => e.stranded)).toBe(false);
  });

  it('a file that does not parse is reported with file and line while the rest loads', async () => {
    const files = demoTree();
    files['broken/catalog.yaml'] = new TextEncoder().encode(
      'schema: olm.package\nname: broken\ndescription: [oops\n',
    );
    const { service, summary } = await openDemo(files);
    expect(summary.packages).toBe(4);
    expect(summary.fileProblems).toHaveLength(1);
    expect(summary.fileProblems[0]).toMatchObject({
      file: 'broken/catalog.yaml',
      location: { file: 'broken/catalog.yaml' },
    });
    expect(summary.fileProblems[0]?.message).toMatch(/^error converting YAML to JSON: yaml: line \d+: /);
    // opm stops at the first load error, so that is its message.
    expect(summary.opmMessage).toBe(summary.fileProblems[0]?.message);
    expect(service.getDiagnostics().find((d) => d.rule === 'R4')?.location?.file).toBe('broken/catalog.yaml');
  });

  it('an unreadable file is reported with the OS error while the rest loads', async () => {
    const inner = new MemorySource(demoTree(), 'flaky');
    const source: CatalogSource = {
      name: 'flaky',
      list: () => inner.list(),
      read: (path) =>
        path === 'nimbus-operator/catalog.json'
          ? Promise.reject(new Error('open nimbus-operator/catalog.json: permission denied'))
          : inner.read(path),
    };
    const service = new CatalogService();
    const summary = await service.open(source, { kind: 'handle', readOnly: false });
    expect(summary.readOnly).toBe(true); // no write() on this source
    expect(summary.packages).toBe(3);
    expect(summary.fileProblems).toEqual([
      expect.objectContaining({
        file: 'nimbus-operator/catalog.json',
        message: 'open nimbus-operator/catalog.json: permission denied',
      }),
    ]);
    expect(service.getDiagnostics().some((d) => d.rule === 'R2')).toBe(true);
  });

  it('cancel() stops an open, which rejects, and the previous catalog stays', async () => {
    const { service } = await openDemo();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const inner = new MemorySource(demoTree(), 'slow');
    const slow: CatalogSource = {
      name: 'slow',
      list: () => inner.list(),
      read: async (path) => {
        await gate;
        return inner.read(path);
      },
    };
    const opening = service.open(slow, { kind: 'handle', readOnly: false });
    service.cancel();
    release();
    await expect(opening).rejects.toMatchObject({ name: 'AbortError' });
    expect(service.getSummary()).toMatchObject({ name: 'demo', generation: 1 });
  });

  it('cancel() gets through while a large in-memory catalog is being parsed', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) {
      const name = `p${i}`;
      files[`${name}/catalog.yaml`] =
        `schema: olm.package\nname: ${name}\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: ${name}\nname: stable\nentries: []\n`;
    }
    const service = new CatalogService();
    const opening = service.open(new MemorySource(files, 'many'), { kind: 'files', readOnly: true });
    setTimeout(() => service.cancel(), 10);
    await expect(opening).rejects.toMatchObject({ name: 'AbortError', message: 'Loading was cancelled' });
    expect(service.getSummary()).toBeNull();
  });

  it('getFile returns the text as loaded; unknown paths give null', async () => {
    const files = demoTree();
    const { service } = await openDemo(files);
    expect(service.getFile('borealis-operator/catalog.json')).toEqual({
      path: 'borealis-operator/catalog.json',
      text: text(files['borealis-operator/catalog.json']),
      format: 'json',
    });
    expect(service.getFile('nope.yaml')).toBeNull();
  });
});
