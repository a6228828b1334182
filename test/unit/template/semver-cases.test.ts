import { describe, expect, it } from 'vitest';
import { parseSemverTemplate, renderSemverTemplate } from '../../../src/core/template';
import { UPSTREAM_STABLE, channelSummary, errorOf, resolveByName, table, templateYaml } from './helpers';

/** fbc-cases.md §F (S01–S11) with exact channels, entry order, replaces, skips and defaultChannel. */

const README_TEMPLATE = `---
schema: olm.semver
generateMajorChannels: true
generateMinorChannels: true
candidate:
    bundles:
        - image: quay.io/foo/olm:testoperator.v0.1.0
        - image: quay.io/foo/olm:testoperator.v0.1.1
        - image: quay.io/foo/olm:testoperator.v0.1.2
        - image: quay.io/foo/olm:testoperator.v0.1.3
        - image: quay.io/foo/olm:testoperator.v0.2.0
        - image: quay.io/foo/olm:testoperator.v0.2.1
        - image: quay.io/foo/olm:testoperator.v0.2.2
        - image: quay.io/foo/olm:testoperator.v0.3.0
        - image: quay.io/foo/olm:testoperator.v1.0.0
        - image: quay.io/foo/olm:testoperator.v1.0.1
        - image: quay.io/foo/olm:testoperator.v1.1.0
fast:
    bundles:
        - image: quay.io/foo/olm:testoperator.v0.2.1
        - image: quay.io/foo/olm:testoperator.v0.2.2
        - image: quay.io/foo/olm:testoperator.v0.3.0
        - image: quay.io/foo/olm:testoperator.v1.0.1
        - image: quay.io/foo/olm:testoperator.v1.1.0
stable:
    bundles:
        - image: quay.io/foo/olm:testoperator.v1.0.1
`;

function render(text: string) {
  return renderSemverTemplate(parseSemverTemplate(text), resolveByName);
}

describe('S01: README example, major and minor channels', () => {
  const out = render(README_TEMPLATE);

  it('picks stable-v1.0 as the default channel', () => {
    expect(out.package).toEqual({
      schema: 'olm.package',
      name: 'testoperator',
      defaultChannel: 'stable-v1.0',
    });
  });

  it('generates exactly the channels, entries and edges listed in the case', () => {
    expect(channelSummary(out, 'testoperator.v')).toBe(
      table(`
candidate-v0:   0.1.0 | 0.1.1 | 0.1.2 | 0.1.3 s[0.1.0,0.1.1,0.1.2] | 0.2.0 | 0.2.1 | 0.2.2 r0.1.3 s[0.1.0,0.1.1,0.1.2,0.2.0,0.2.1] | 0.3.0 r0.2.2 s[0.1.0,0.1.1,0.1.2,0.1.3,0.2.0,0.2.1]
candidate-v0.1: 0.1.0 | 0.1.1 | 0.1.2 | 0.1.3 s[0.1.0,0.1.1,0.1.2]
candidate-v0.2: 0.2.0 | 0.2.1 | 0.2.2 r0.1.3 s[0.1.0,0.1.1,0.1.2,0.2.0,0.2.1]
candidate-v0.3: 0.3.0 r0.2.2 s[0.1.0,0.1.1,0.1.2,0.1.3,0.2.0,0.2.1]
candidate-v1:   1.0.0 | 1.0.1 s[1.0.0] | 1.1.0 r1.0.1 s[1.0.0]
candidate-v1.0: 1.0.0 | 1.0.1 s[1.0.0]
candidate-v1.1: 1.1.0 r1.0.1 s[1.0.0]
fast-v0:        0.2.1 | 0.2.2 s[0.2.1] | 0.3.0 r0.2.2 s[0.2.1]
fast-v0.2:      0.2.1 | 0.2.2 s[0.2.1]
fast-v0.3:      0.3.0 r0.2.2 s[0.2.1]
fast-v1:        1.0.1 | 1.1.0 r1.0.1
fast-v1.0:      1.0.1
fast-v1.1:      1.1.0 r1.0.1
stable-v1:      1.0.1
stable-v1.0:    1.0.1
`),
    );
  });

  it('writes full bundle names in replaces and skips, and the package on every channel', () => {
    const ch = out.channels.find((c) => c.name === 'candidate-v0.2');
    expect(ch).toEqual({
      schema: 'olm.channel',
      name: 'candidate-v0.2',
      package: 'testoperator',
      entries: [
        { name: 'testoperator.v0.2.0' },
        { name: 'testoperator.v0.2.1' },
        {
          name: 'testoperator.v0.2.2',
          replaces: 'testoperator.v0.1.3',
          skips: [
            'testoperator.v0.1.0',
            'testoperator.v0.1.1',
            'testoperator.v0.1.2',
            'testoperator.v0.2.0',
            'testoperator.v0.2.1',
          ],
        },
      ],
    });
  });

  it('renders each distinct image once, as a bundle sorted by name', () => {
    expect(out.bundles.map((b) => b.name)).toEqual([
      'testoperator.v0.1.0',
      'testoperator.v0.1.1',
      'testoperator.v0.1.2',
      'testoperator.v0.1.3',
      'testoperator.v0.2.0',
      'testoperator.v0.2.1',
      'testoperator.v0.2.2',
      'testoperator.v0.3.0',
      'testoperator.v1.0.0',
      'testoperator.v1.0.1',
      'testoperator.v1.1.0',
    ]);
    expect(out.bundles[0]).toEqual({
      schema: 'olm.bundle',
      name: 'testoperator.v0.1.0',
      package: 'testoperator',
      image: 'quay.io/foo/olm:testoperator.v0.1.0',
      properties: [{ type: 'olm.package', value: { packageName: 'testoperator', version: '0.1.0' } }],
    });
  });
});

describe('S03: same bundles, major channels only', () => {
  it('links within each major and never across majors; default stable-v3', () => {
    const out = render(templateYaml({ major: true, minor: false, stable: UPSTREAM_STABLE }));
    expect(out.package.defaultChannel).toBe('stable-v3');
    expect(channelSummary(out, 'a-v')).toBe(
      table(`
stable-v0: 0.1.0 | 0.1.1 s[0.1.0]
stable-v1: 1.1.0 | 1.2.1 r1.1.0 | 1.3.1-alpha | 1.3.1-beta | 1.3.1 r1.2.1 s[1.1.0,1.3.1-alpha,1.3.1-beta] | 1.4.1-beta1 | 1.4.1-beta2 | 1.4.1 r1.3.1 s[1.1.0,1.2.1,1.3.1-alpha,1.3.1-beta,1.4.1-beta1,1.4.1-beta2]
stable-v2: 2.1.0 | 2.1.1 s[2.1.0] | 2.3.1 | 2.3.2 r2.1.1 s[2.1.0,2.3.1]
stable-v3: 3.1.0 | 3.1.1 s[3.1.0]
`),
    );
  });

  // Upstream TestGenerateChannels "Edges between minor channels" (same bundles, minor only).
  it('minor channels only: the same edges split by minor; default stable-v3.1', () => {
    const out = render(templateYaml({ stable: UPSTREAM_STABLE }));
    expect(out.package.defaultChannel).toBe('stable-v3.1');
    expect(channelSummary(out, 'a-v')).toBe(
      table(`
stable-v0.1: 0.1.0 | 0.1.1 s[0.1.0]
stable-v1.1: 1.1.0
stable-v1.2: 1.2.1 r1.1.0
stable-v1.3: 1.3.1-alpha | 1.3.1-beta | 1.3.1 r1.2.1 s[1.1.0,1.3.1-alpha,1.3.1-beta]
stable-v1.4: 1.4.1-beta1 | 1.4.1-beta2 | 1.4.1 r1.3.1 s[1.1.0,1.2.1,1.3.1-alpha,1.3.1-beta,1.4.1-beta1,1.4.1-beta2]
stable-v2.1: 2.1.0 | 2.1.1 s[2.1.0]
stable-v2.3: 2.3.1 | 2.3.2 r2.1.1 s[2.1.0,2.3.1]
stable-v3.1: 3.1.0 | 3.1.1 s[3.1.0]
`),
    );
  });

  // Upstream "Preference for major/minor default channel": both kinds, same creating version.
  it.each([
    ['major', 'stable-v3'],
    ['minor', 'stable-v3.1'],
  ])('both kinds with preference %s: default %s', (preference, expected) => {
    const out = render(templateYaml({ major: true, minor: true, preference, stable: UPSTREAM_STABLE }));
    expect(out.package.defaultChannel).toBe(expected);
    expect(out.channels.map((c) => c.name)).toEqual([
      'stable-v0',
      'stable-v0.1',
      'stable-v1',
      'stable-v1.1',
      'stable-v1.2',
      'stable-v1.3',
      'stable-v1.4',
      'stable-v2',
      'stable-v2.1',
      'stable-v2.3',
      'stable-v3',
      'stable-v3.1',
    ]);
  });
});

describe('S05: edges reset when the archetype changes on the last entry', () => {
  it('gives the lone candidate entry no edges', () => {
    const out = render(
      templateYaml({
        major: true,
        minor: false,
        stable: ['a-v1.1.0', 'a-v1.2.1', 'a-v1.3.1', 'a-v2.1.0', 'a-v2.1.1', 'a-v2.3.1'],
        candidate: ['a-v2.3.2'],
      }),
    );
    expect(channelSummary(out, 'a-v')).toBe(
      table(`
candidate-v2: 2.3.2
stable-v1:    1.1.0 | 1.2.1 r1.1.0 | 1.3.1 r1.2.1 s[1.1.0]
stable-v2:    2.1.0 | 2.1.1 s[2.1.0] | 2.3.1 r2.1.1 s[2.1.0]
`),
    );
    expect(out.package.defaultChannel).toBe('stable-v2');
  });

  // Upstream TestLinkChannels "... where last edge is X change": the last entry opens a new major.
  it('gives a last entry that opens a new major no edges', () => {
    const out = render(
      templateYaml({
        major: true,
        stable: ['a-v0.1.0', 'a-v0.1.1', 'a-v1.1.0', 'a-v1.2.1', 'a-v1.3.1', 'a-v2.1.0'],
      }),
    );
    expect(channelSummary(out, 'a-v')).toBe(
      table(`
stable-v0: 0.1.0 | 0.1.1 s[0.1.0]
stable-v1: 1.1.0 | 1.2.1 r1.1.0 | 1.3.1 r1.2.1 s[1.1.0]
stable-v2: 2.1.0
`),
    );
  });
});

describe('S07/S09: preference errors from reading the template', () => {
  it('S07: major generation with minor preference', () => {
    expect(
      errorOf(() =>
        parseSemverTemplate(
          templateYaml({ major: true, minor: false, preference: 'minor', stable: ['a-v1.0.0'] }),
        ),
      ),
    ).toBe(
      "render: unable to read file: schema attribute mismatch: DefaultChannelTypePreference set to 'minor' doesn't make sense if not generating minor-version channels",
    );
  });

  it('the mirror case: minor generation with major preference', () => {
    expect(
      errorOf(() =>
        parseSemverTemplate(
          templateYaml({ major: false, minor: true, preference: 'major', stable: ['a-v1.0.0'] }),
        ),
      ),
    ).toBe(
      "render: unable to read file: schema attribute mismatch: DefaultChannelTypePreference set to 'major' doesn't make sense if not generating major-version channels",
    );
  });

  it('both flags off turns minor on, so a major preference is still a mismatch', () => {
    expect(() => parseSemverTemplate(templateYaml({ preference: 'major', stable: ['a-v1.0.0'] }))).toThrow(
      "set to 'major' doesn't make sense",
    );
  });

  it('S09: unknown preference', () => {
    expect(
      errorOf(() =>
        parseSemverTemplate(
          templateYaml({ major: false, minor: true, preference: 'foo', stable: ['a-v1.0.0'] }),
        ),
      ),
    ).toBe(
      "render: unable to read file: unknown DefaultChannelTypePreference: \"foo\"\nValid values are 'major' or 'minor'",
    );
  });

  it('the same checks run when rendering a template object built by hand', () => {
    expect(() =>
      renderSemverTemplate(
        { schema: 'olm.semver', generateMajorChannels: true, defaultChannelTypePreference: 'minor' },
        resolveByName,
      ),
    ).toThrow('render: unable to read file: schema attribute mismatch');
  });
});

describe('S11: quirk: version beats the preferred kind', () => {
  it('defaults to stable-v1.1, not stable-v1, under a major preference', () => {
    const out = render(
      templateYaml({ major: true, minor: true, preference: 'major', stable: ['a-v1.0.0', 'a-v1.1.0'] }),
    );
    expect(channelSummary(out, 'a-v')).toBe(
      table(`
stable-v1:   1.0.0 | 1.1.0 r1.0.0
stable-v1.0: 1.0.0
stable-v1.1: 1.1.0 r1.0.0
`),
    );
    expect(out.package.defaultChannel).toBe('stable-v1.1');
  });
});

describe('default channel: the 0.0.0 high-water quirk', () => {
  it('leaves defaultChannel empty for a candidate-only 0.0.0-rc1', () => {
    const out = render(templateYaml({ candidate: ['a-v0.0.0-rc1'] }));
    expect(out.package).toEqual({ schema: 'olm.package', name: 'a', defaultChannel: '' });
    expect(channelSummary(out, 'a-v')).toBe('candidate-v0.0: 0.0.0-rc1');
  });

  it('still picks a candidate channel created at exactly 0.0.0', () => {
    expect(render(templateYaml({ candidate: ['a-v0.0.0'] })).package.defaultChannel).toBe('candidate-v0.0');
  });

  it('keeps it empty when a later release lands in the same (already created) channel', () => {
    expect(render(templateYaml({ candidate: ['a-v0.0.0-rc1', 'a-v0.0.1'] })).package.defaultChannel).toBe('');
  });

  it('any fast or stable channel beats the candidate baseline, even below 0.0.0', () => {
    expect(render(templateYaml({ fast: ['a-v0.0.0-rc1'] })).package.defaultChannel).toBe('fast-v0.0');
  });

  it('a higher archetype wins over a higher version', () => {
    const out = render(templateYaml({ candidate: ['a-v2.0.0'], fast: ['a-v1.0.0'] }));
    expect(out.package.defaultChannel).toBe('fast-v1.0');
  });
});
