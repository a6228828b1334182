import { describe, expect, it } from 'vitest';
import {
  MirrorConfigError,
  parseMirrorSets,
  parseRegistriesConf,
  pullSources,
} from '../../../src/node/registry/mirrors';
import { parseReference } from '../../../src/node/registry/reference';

const D = 'sha256:' + 'b'.repeat(64);

describe('mirrors', () => {
  it('maps a digest reference through an ImageDigestMirrorSet, as Konflux releases a build-registry bundle', () => {
    const rules = parseMirrorSets(
      `apiVersion: config.openshift.io/v1
kind: ImageDigestMirrorSet
metadata: {name: m}
spec:
  imageDigestMirrors:
    - source: registry.redhat.io/compliance/openshift-file-integrity-operator-bundle
      mirrors:
        - quay.io/redhat-user-workloads/ocp-isc-tenant/file-integrity-operator-bundle-release
`,
      'images-mirror-set.yaml',
    );
    const s = pullSources(
      parseReference(`registry.redhat.io/compliance/openshift-file-integrity-operator-bundle@${D}`),
      rules,
    );
    expect(Array.isArray(s) && s.map((x) => `${x.ref.registry}/${x.ref.repository}@${x.ref.digest}`)).toEqual(
      [
        `quay.io/redhat-user-workloads/ocp-isc-tenant/file-integrity-operator-bundle-release@${D}`,
        `registry.redhat.io/compliance/openshift-file-integrity-operator-bundle@${D}`,
      ],
    );
    // A digest mirror does not serve tags.
    const tag = pullSources(
      parseReference('registry.redhat.io/compliance/openshift-file-integrity-operator-bundle:v1'),
      rules,
    );
    expect(Array.isArray(tag) && tag.length).toBe(1);
  });

  it('reads ImageContentSourcePolicy and NeverContactSource', () => {
    const rules = parseMirrorSets(
      `kind: ImageContentSourcePolicy
spec:
  repositoryDigestMirrors:
    - source: registry.example.com/ns
      mirrors: [mirror.example.com/ns]
---
kind: ImageDigestMirrorSet
spec:
  imageDigestMirrors:
    - source: only.example.com
      mirrors: [m.example.com/only]
      mirrorSourcePolicy: NeverContactSource
`,
      'f.yaml',
    );
    const a = pullSources(parseReference(`registry.example.com/ns/sub/img@${D}`), rules);
    expect(Array.isArray(a) && a[0]?.ref.registry + '/' + a[0]?.ref.repository).toBe(
      'mirror.example.com/ns/sub/img',
    );
    const b = pullSources(parseReference(`only.example.com/x@${D}`), rules);
    expect(Array.isArray(b) && b.map((x) => x.ref.registry)).toEqual(['m.example.com']);
  });

  it('reads registries.conf v2 with the longest prefix winning, and refuses v1 with a way out', () => {
    const rules = parseRegistriesConf(
      `[[registry]]
prefix = "quay.io"
location = "quay.io"
[[registry.mirror]]
location = "mirror.local/quay"

[[registry]]
prefix = "quay.io/blocked"
location = "quay.io/blocked"
blocked = true
`,
      'registries.conf',
    );
    const a = pullSources(parseReference('quay.io/org/img:1'), rules);
    expect(Array.isArray(a) && a.map((x) => `${x.ref.registry}/${x.ref.repository}`)).toEqual([
      'mirror.local/quay/org/img',
      'quay.io/org/img',
    ]);
    expect(pullSources(parseReference('quay.io/blocked/img:1'), rules)).toEqual({
      blocked: 'quay.io/blocked/img is blocked by registries.conf',
    });
    expect(() =>
      parseRegistriesConf('[registries.search]\nregistries = ["docker.io"]\n', 'old.conf'),
    ).toThrow(MirrorConfigError);
    expect(() =>
      parseRegistriesConf('[registries.search]\nregistries = ["docker.io"]\n', 'old.conf'),
    ).toThrow(/version 1/);
  });
});
