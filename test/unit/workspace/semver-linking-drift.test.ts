/**
 * A semver template's catalog rendered by opm v1.37.0–v1.60.x, which linked each channel on its own:
 * in sync (not template-drift), with a note of what a current opm's render would change; a hand edit
 * on top of it is still drift, said with the linking it was judged by; a catalog rendered by a
 * current opm has no finding at all.
 */
import { describe, expect, it } from 'vitest';
import { workspaceFindings, writeTree } from '../../support/cli-run';

const TEMPLATE = [
  'schema: olm.semver',
  'generateMinorChannels: true',
  'stable:',
  '  bundles:',
  '    - image: quay.io/acme/foo-bundle:v0.1.0',
  '    - image: quay.io/acme/foo-bundle:v0.2.0',
  '    - image: quay.io/acme/foo-bundle:v0.2.1',
  '',
].join('\n');

type Entry = { name: string; replaces?: string; skips?: string[] };

function bundle(version: string): object {
  return {
    schema: 'olm.bundle',
    name: `foo.v${version}`,
    package: 'foo',
    image: `quay.io/acme/foo-bundle:v${version}`,
    properties: [{ type: 'olm.package', value: { packageName: 'foo', version } }],
  };
}

/** The catalog as committed: stable-v0.2's head linked as `head` says, and `extra` blobs. */
function repository(head: Entry, extra: object[] = []): string {
  const blobs = [
    { schema: 'olm.package', name: 'foo', defaultChannel: 'stable-v0.2' },
    { schema: 'olm.channel', name: 'stable-v0.1', package: 'foo', entries: [{ name: 'foo.v0.1.0' }] },
    { schema: 'olm.channel', name: 'stable-v0.2', package: 'foo', entries: [{ name: 'foo.v0.2.0' }, head] },
    ...extra,
    bundle('0.1.0'),
    bundle('0.2.0'),
    bundle('0.2.1'),
  ];
  return writeTree({
    'v4.18/catalog-template.yaml': TEMPLATE,
    'v4.18/catalog/foo/catalog.json': blobs.map((b) => JSON.stringify(b, null, 4)).join('\n') + '\n',
  });
}

const findings = (root: string) => workspaceFindings(root, ['template-drift', 'semver-linking-changed']);

const OLDER = { name: 'foo.v0.2.1', skips: ['foo.v0.2.0'] };
const CURRENT = { name: 'foo.v0.2.1', replaces: 'foo.v0.1.0', skips: ['foo.v0.2.0'] };
const NOTE = {
  rule: 'semver-linking-changed',
  severity: 'info',
  message:
    'v4.18/catalog has the channel edges v4.18/catalog-template.yaml renders with opm v1.37.0 to v1.60.x, ' +
    'which linked each semver channel on its own; opm v1.61.0 and later link the Y-streams of a major ' +
    'version across channels, so rendering with a current opm would change: stable-v0.2: foo.v0.2.1 ' +
    "replaces none → foo.v0.1.0. Pin the pipeline's opm, or render with a current one and review the new edges",
};

describe('a semver catalog judged by the linking of the opm that rendered it', () => {
  it('rendered by opm v1.37–v1.60 (no edge between minor channels): no drift, the change a current opm makes said', async () => {
    expect(await findings(repository(OLDER))).toEqual([NOTE]);
  });

  it('rendered by a current opm: nothing to say', async () => {
    expect(await findings(repository(CURRENT))).toEqual([]);
  });

  it('a hand edit on an older render is drift, with the linking it was judged by', async () => {
    const extra = { schema: 'olm.channel', name: 'fast', package: 'foo', entries: [{ name: 'foo.v0.2.1' }] };
    expect(await findings(repository(OLDER, [extra]))).toEqual([
      {
        rule: 'template-drift',
        severity: 'warning',
        message:
          'v4.18/catalog is not what v4.18/catalog-template.yaml renders at migrate level ' +
          'bundle-object-to-csv-metadata (OpenShift 4.18 ≥ 4.17, where the pipelines require it): ' +
          "channel entries/edges [generated as opm v1.37.0 to v1.60.x's semver " +
          'template does]: channel fast committed, not in the render. Rendering the template again would ' +
          'change exactly this; a change meant to stay belongs in the template',
      },
      NOTE,
    ]);
  });

  it('a hand edit of a channel is judged by the current linking', async () => {
    const edited = { ...OLDER, skipRange: '<0.2.1' };
    const r = await findings(repository(edited));
    expect(r.map((f) => f.rule)).toEqual(['template-drift']);
    expect(r[0]?.message).toContain(
      "channel entries/edges [generated as opm v1.73.0's semver template does]: stable-v0.2: foo.v0.2.1 replaces none → foo.v0.1.0",
    );
  });
});
