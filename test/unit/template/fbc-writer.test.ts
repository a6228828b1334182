import { describe, expect, it } from 'vitest';
import {
  orderFbcBlobs,
  parseSemverTemplate,
  renderSemverTemplate,
  writeFbcJson,
  writeFbcYaml,
} from '../../../src/core/template';
import { resolveByName, templateYaml } from './helpers';

/** opm's writer (fbc-rules §8 intro): blob order, `---` documents, go-yaml key order and quoting. */

const s11 = () =>
  renderSemverTemplate(
    parseSemverTemplate(
      templateYaml({ major: true, minor: true, preference: 'major', stable: ['a-v1.1.0', 'a-v1.0.0'] }),
    ),
    resolveByName,
  );

describe('writeFbcYaml', () => {
  it('writes a rendered template as opm render-template -o yaml does', () => {
    expect(writeFbcYaml(s11())).toBe(`---
defaultChannel: stable-v1.1
name: a
schema: olm.package
---
entries:
- name: a-v1.0.0
- name: a-v1.1.0
  replaces: a-v1.0.0
name: stable-v1
package: a
schema: olm.channel
---
entries:
- name: a-v1.0.0
name: stable-v1.0
package: a
schema: olm.channel
---
entries:
- name: a-v1.1.0
  replaces: a-v1.0.0
name: stable-v1.1
package: a
schema: olm.channel
---
image: img/a-v1.0.0
name: a-v1.0.0
package: a
properties:
- type: olm.package
  value:
    packageName: a
    version: 1.0.0
schema: olm.bundle
---
image: img/a-v1.1.0
name: a-v1.1.0
package: a
properties:
- type: olm.package
  value:
    packageName: a
    version: 1.1.0
schema: olm.bundle
`);
  });

  it('quotes strings the way go-yaml v2 does', () => {
    const out = writeFbcYaml([
      {
        schema: 'x.test',
        bool: 'yes',
        number: '1.0',
        int: '0x1F',
        date: '2001-12-14',
        empty: '',
        nul: 'null',
        colon: 'foo: bar',
        dash: '- a',
        tab: 'a\tb',
        lines: 'line one\nline two',
        plain: 'v1.0.0',
        quote: "it's",
      },
    ]);
    expect(out).toBe(`---
bool: "yes"
colon: 'foo: bar'
dash: '- a'
date: "2001-12-14"
empty: ""
int: "0x1F"
lines: |-
  line one
  line two
nul: "null"
number: "1.0"
plain: v1.0.0
quote: it's
schema: x.test
tab: "a\\tb"
`);
  });

  it('orders keys as go-yaml does: digit runs compare as numbers', () => {
    expect(
      writeFbcYaml([{ schema: 's', a10: 1, a9: 2, a: 3, B: 4, b: true, c: null, d: [], e: {}, f: 1.5 }]),
    ).toBe(
      `---
B: 4
a: 3
a9: 2
a10: 1
b: true
c: null
d: []
e: {}
f: 1.5
schema: s
`,
    );
  });
});

describe('writeFbcYaml: the JSON step of JSONToYAML', () => {
  it("folds a raw NEL as go-yaml reads it from opm's JSON: one is a space, n are n-1 newlines", () => {
    // Go's JSON encoder leaves U+0085 raw; go-yaml's reader takes it for a line break inside the
    // double-quoted JSON string. Expected text: go-yaml v2.4 on the same JSON.
    const out = writeFbcYaml([
      { schema: 'x', a: 'x\u0085y', b: 'x \u0085 y', c: 'x\u0085\u0085y', d: '\u0085lead', e: 'a\n\u0085b' },
    ]);
    expect(out).toBe("---\na: x y\nb: x y\nc: |-\n  x\n  y\nd: ' lead'\ne: |-\n  a\n   b\nschema: x\n");
  });
});

describe('blob order', () => {
  it('groups by package (sorted), then package, channels, bundles, others by schema, deprecations; package-less others last, in their own order', () => {
    const blobs = [
      { schema: 'olm.bundle', package: 'b', name: 'b.v1' },
      { schema: 'zeta.other', name: 'global' },
      { schema: 'olm.deprecations', package: 'a' },
      { schema: 'olm.channel', package: 'a', name: 'stable' },
      { schema: 'olm.bundle', package: 'a', name: 'a.v2' },
      { schema: 'beta.other', package: 'a', name: 'x' },
      { schema: 'olm.channel', package: 'a', name: 'alpha' },
      { schema: 'olm.package', name: 'b' },
      { schema: 'alpha.other', package: 'a', name: 'y' },
      { schema: 'olm.bundle', package: 'a', name: 'a.v1' },
      { schema: 'olm.package', name: 'a' },
      { schema: 'alpha.global' },
    ];
    expect(
      orderFbcBlobs(blobs).map(
        (b) => `${(b as { schema: string }).schema} ${(b as { name?: string }).name ?? ''}`,
      ),
    ).toEqual([
      'olm.package a',
      'olm.channel alpha',
      'olm.channel stable',
      'olm.bundle a.v1',
      'olm.bundle a.v2',
      'alpha.other y',
      'beta.other x',
      'olm.deprecations ',
      'olm.package b',
      'olm.bundle b.v1',
      'zeta.other global',
      'alpha.global ',
    ]);
  });

  it('drops package, channel, bundle and deprecation blobs with an empty package name, as writeToEncoder does', () => {
    const blobs = [
      { schema: 'olm.package', name: 'p' },
      { schema: 'olm.package', name: '' },
      { schema: 'olm.channel', package: '', name: 's' },
      { schema: 'olm.bundle', package: '', name: 'b' },
      { schema: 'olm.deprecations', package: '' },
      { schema: 'custom.2' },
      { schema: 'custom.1' },
    ];
    expect(writeFbcYaml(blobs)).toBe(
      '---\nname: p\nschema: olm.package\n---\nschema: custom.2\n---\nschema: custom.1\n',
    );
  });
});

describe('writeFbcJson', () => {
  it('indents with 4 spaces and keeps each blob in its field order', () => {
    const out = writeFbcJson(s11());
    expect(
      out.startsWith(`{
    "schema": "olm.package",
    "name": "a",
    "defaultChannel": "stable-v1.1"
}
{
    "schema": "olm.channel",
    "name": "stable-v1",
    "package": "a",
    "entries": [
        {
            "name": "a-v1.0.0"
        },
        {
            "name": "a-v1.1.0",
            "replaces": "a-v1.0.0"
        }
    ]
}
`),
    ).toBe(true);
    expect(out.endsWith('}\n')).toBe(true);
  });
});
