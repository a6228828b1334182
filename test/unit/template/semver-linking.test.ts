import { describe, expect, it } from 'vitest';
import { parseSemverTemplate, renderSemverTemplate, type SemverLinking } from '../../../src/core/template';
import { UPSTREAM_STABLE, channelSummary, resolveByName, table, templateYaml } from './helpers';

/**
 * The semver template's linking as the opm releases before v1.61.0 wrote it: each channel on its
 * own ("inchworm"). Expected channels are upstream's own test tables at those releases
 * (alpha/template/semver/semver_test.go TestLinkChannels and TestGenerateChannels at 9edff5c0,
 * v1.57.0–v1.60.x, and at 5531412d, v1.51.0–v1.56.x), on upstream's 16 stable bundles.
 */

function summary(linking: SemverLinking, opts: Parameters<typeof templateYaml>[0]): string {
  const out = renderSemverTemplate(parseSemverTemplate(templateYaml(opts)), resolveByName, { linking });
  return channelSummary(out, 'a-v');
}

describe('opm v1.57.0–v1.60.x: each channel linked on its own', () => {
  it('TestGenerateChannels "No edges between major channels"', () => {
    expect(summary('channel', { major: true, minor: false, stable: UPSTREAM_STABLE })).toBe(
      table(`
stable-v0: 0.1.0 | 0.1.1 s[0.1.0]
stable-v1: 1.1.0 | 1.2.1 r1.1.0 | 1.3.1-alpha | 1.3.1-beta | 1.3.1 r1.2.1 s[1.3.1-alpha,1.3.1-beta] | 1.4.1-beta1 | 1.4.1-beta2 | 1.4.1 r1.3.1 s[1.4.1-beta1,1.4.1-beta2]
stable-v2: 2.1.0 | 2.1.1 s[2.1.0] | 2.3.1 | 2.3.2 r2.1.1 s[2.3.1]
stable-v3: 3.1.0 | 3.1.1 s[3.1.0]
`),
    );
  });

  it('TestGenerateChannels "Edges between minor channels": none across them', () => {
    expect(summary('channel', { stable: UPSTREAM_STABLE })).toBe(
      table(`
stable-v0.1: 0.1.0 | 0.1.1 s[0.1.0]
stable-v1.1: 1.1.0
stable-v1.2: 1.2.1
stable-v1.3: 1.3.1-alpha | 1.3.1-beta | 1.3.1 s[1.3.1-alpha,1.3.1-beta]
stable-v1.4: 1.4.1-beta1 | 1.4.1-beta2 | 1.4.1 s[1.4.1-beta1,1.4.1-beta2]
stable-v2.1: 2.1.0 | 2.1.1 s[2.1.0]
stable-v2.3: 2.3.1 | 2.3.2 s[2.3.1]
stable-v3.1: 3.1.0 | 3.1.1 s[3.1.0]
`),
    );
  });

  it('TestLinkChannels "…where last edge is X change" and "…is archetype change"', () => {
    expect(
      summary('channel', {
        major: true,
        minor: false,
        stable: ['a-v0.1.0', 'a-v0.1.1', 'a-v1.1.0', 'a-v1.2.1', 'a-v1.3.1', 'a-v2.1.0'],
      }),
    ).toBe(
      table(`
stable-v0: 0.1.0 | 0.1.1 s[0.1.0]
stable-v1: 1.1.0 | 1.2.1 r1.1.0 | 1.3.1 r1.2.1
stable-v2: 2.1.0
`),
    );
    // The last entry of a channel that opens a new minor replaces the one before it.
    expect(
      summary('channel', {
        major: true,
        minor: false,
        candidate: ['a-v2.3.2'],
        stable: ['a-v1.1.0', 'a-v1.2.1', 'a-v1.3.1', 'a-v2.1.0', 'a-v2.1.1', 'a-v2.3.1'],
      }),
    ).toBe(
      table(`
candidate-v2: 2.3.2
stable-v1: 1.1.0 | 1.2.1 r1.1.0 | 1.3.1 r1.2.1
stable-v2: 2.1.0 | 2.1.1 s[2.1.0] | 2.3.1 r2.1.1
`),
    );
  });
});

describe('opm v1.37.0–v1.56.x: the same, each Y-stream top also skipping the top it replaces', () => {
  it('TestGenerateChannels "No edges between major channels"', () => {
    expect(summary('channel-zmax-skips', { major: true, minor: false, stable: UPSTREAM_STABLE })).toBe(
      table(`
stable-v0: 0.1.0 | 0.1.1 s[0.1.0]
stable-v1: 1.1.0 | 1.2.1 r1.1.0 s[1.1.0] | 1.3.1-alpha | 1.3.1-beta | 1.3.1 r1.2.1 s[1.2.1,1.3.1-alpha,1.3.1-beta] | 1.4.1-beta1 | 1.4.1-beta2 | 1.4.1 r1.3.1 s[1.3.1,1.4.1-beta1,1.4.1-beta2]
stable-v2: 2.1.0 | 2.1.1 s[2.1.0] | 2.3.1 | 2.3.2 r2.1.1 s[2.1.1,2.3.1]
stable-v3: 3.1.0 | 3.1.1 s[3.1.0]
`),
    );
  });

  it('TestLinkChannels "…where last edge is archetype change"', () => {
    expect(
      summary('channel-zmax-skips', {
        major: true,
        minor: false,
        candidate: ['a-v2.3.2'],
        stable: ['a-v1.1.0', 'a-v1.2.1', 'a-v1.3.1', 'a-v2.1.0', 'a-v2.1.1', 'a-v2.3.1'],
      }),
    ).toBe(
      table(`
candidate-v2: 2.3.2
stable-v1: 1.1.0 | 1.2.1 r1.1.0 s[1.1.0] | 1.3.1 r1.2.1 s[1.2.1]
stable-v2: 2.1.0 | 2.1.1 s[2.1.0] | 2.3.1 r2.1.1 s[2.1.1]
`),
    );
  });

  it('minor channels come out as in v1.57.0 (no stream replaces another within one)', () => {
    expect(summary('channel-zmax-skips', { stable: UPSTREAM_STABLE })).toBe(
      summary('channel', { stable: UPSTREAM_STABLE }),
    );
  });
});
