/**
 * A semver template's catalog rendered by opm v1.37.0–v1.60.x, which linked each channel on its own:
 * in sync (not template-drift), with a note of what a current opm's render would change; a hand edit
 * on top of it is still drift, said with the linking it was judged by; a catalog rendered by a
 * current opm has no finding at all.
 */
import { describe, expect, it } from 'vitest';
import { workspaceFindings } from '../../support/cli-run';
import { CURRENT, OLDER, repository } from '../../support/semver-repository';

const findings = (root: string) =>
  workspaceFindings(root, ['template-drift', 'semver-linking-changed', 'semver-package-metadata-changed']);

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

describe('a semver catalog whose package blob an opm before v1.65.0 wrote', () => {
  const plain = { schema: 'olm.package', name: 'foo', defaultChannel: 'stable-v0.2' };

  it('no icon or description where a current opm copies them from the head CSV: in sync, with a note', async () => {
    expect(await findings(repository(CURRENT, [], plain))).toEqual([
      {
        rule: 'semver-package-metadata-changed',
        severity: 'info',
        message:
          'v4.18/catalog has the package blob v4.18/catalog-template.yaml renders with opm before v1.65.0, ' +
          'which wrote no icon or description for a semver template; opm v1.65.0 and later copy them from ' +
          "the default channel head's CSV, so rendering with a current opm would add its icon and description",
      },
    ]);
  });

  it('as a current opm writes it: nothing to say; another description: drift', async () => {
    const current = {
      ...plain,
      icon: { base64data: 'PHN2Zy8+', mediatype: 'image/svg+xml' },
      description: 'Foo operator',
    };
    expect(await findings(repository(CURRENT, [], current))).toEqual([]);
    const edited = await findings(repository(CURRENT, [], { ...plain, description: 'Edited by hand' }));
    expect(edited.map((f) => f.rule)).toEqual(['template-drift']);
    expect(edited[0]?.message).toContain('package metadata');
  });
});
