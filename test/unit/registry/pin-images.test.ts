import { describe, expect, it } from 'vitest';
import { applyPins, imageSpans } from '../../../src/core/edit/pin-images';

const D = 'sha256:' + 'c'.repeat(64);

describe('pinning images in place', () => {
  it('changes only image values in a basic template, comments and quoting kept', () => {
    const text = `schema: olm.template.basic
entries:
  # the package
  - schema: olm.package
    name: op
  - schema: olm.bundle
    image: quay.io/acme/op-bundle:v1.0.0   # built by CI
  - schema: olm.bundle
    image: "quay.io/acme/op-bundle:v1.1.0"
  - schema: olm.bundle
    image: 'quay.io/acme/op-bundle@${D}'
`;
    const spans = imageSpans(text, 'yaml');
    expect(spans.map((s) => s.value)).toEqual([
      'quay.io/acme/op-bundle:v1.0.0',
      'quay.io/acme/op-bundle:v1.1.0',
      `quay.io/acme/op-bundle@${D}`,
    ]);
    const out = applyPins(
      text,
      spans,
      new Map([
        ['quay.io/acme/op-bundle:v1.0.0', `quay.io/acme/op-bundle@${D}`],
        ['quay.io/acme/op-bundle:v1.1.0', `quay.io/acme/op-bundle@sha256:${'d'.repeat(64)}`],
      ]),
    );
    expect(out).toBe(
      text
        .replace('quay.io/acme/op-bundle:v1.0.0   #', `quay.io/acme/op-bundle@${D}   #`)
        .replace('"quay.io/acme/op-bundle:v1.1.0"', `"quay.io/acme/op-bundle@sha256:${'d'.repeat(64)}"`),
    );
  });

  it('reads olm.semver Bundles[].Image, substitutions and relatedImages', () => {
    const semver = `Schema: olm.semver\nStable:\n  Bundles:\n  - Image: quay.io/a/b:1\n`;
    expect(imageSpans(semver, 'yaml').map((s) => s.value)).toEqual(['quay.io/a/b:1']);
    const subs = `schema: olm.template.substitutes\nsubstitutions:\n- name: quay.io/a/b:2\n  base: b.v1\n`;
    expect(imageSpans(subs, 'yaml').map((s) => s.value)).toEqual(['quay.io/a/b:2']);
    const json = `{\n    "schema": "olm.bundle",\n    "name": "x",\n    "image": "quay.io/a/b:3",\n    "relatedImages": [\n        {\n            "name": "",\n            "image": "quay.io/a/b:3"\n        }\n    ]\n}\n{\n    "schema": "olm.bundle",\n    "image": "quay.io/a/c:4"\n}\n`;
    const spans = imageSpans(json, 'json');
    expect(spans.map((s) => s.value)).toEqual(['quay.io/a/b:3', 'quay.io/a/b:3', 'quay.io/a/c:4']);
    const out = applyPins(json, spans, new Map([['quay.io/a/b:3', `quay.io/a/b@${D}`]]));
    expect(out).toBe(json.replaceAll('quay.io/a/b:3', `quay.io/a/b@${D}`));
  });
});
