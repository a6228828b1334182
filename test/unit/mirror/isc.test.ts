/**
 * The ImageSetConfiguration as oc-mirror v2 reads it: its validation cases (internal/pkg/config/
 * validate_test.go at openshift/oc-mirror 855b64a3, re-created) with their texts, and what its
 * loader refuses before validating (load.go).
 */
import { describe, expect, it } from 'vitest';
import { parseIsc } from '../../../src/core/mirror/isc';

const TARGET_RULE =
  'should not contain a tag or digest. Expected format is 1 or more path components separated by /, where each path component is a set of alpha-numeric and regexp (?:[._]|__|[-]*). For more, see https://github.com/containers/image/blob/main/docker/reference/regexp.go';

const head = 'kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n';

describe('oc-mirror validate_test.go', () => {
  it.each([
    [
      'DuplicateCatalogs',
      '  - catalog: test-catalog:latest\n  - catalog: test-catalog:latest\n',
      'invalid configuration: catalog "test-catalog:latest": duplicate found in configuration',
    ],
    [
      'CatalogFilteringIncorrectChannelVersions',
      '  - catalog: test-catalog1:latest\n    packages:\n    - name: operator1\n      channels:\n      - name: fast\n        minVersion: "-+?"\n        maxVersion: abc\n',
      'invalid configuration: [catalog "test-catalog1:latest": operator "operator1": channel "fast": maxVersion "abc" must respect semantic versioning notation, catalog "test-catalog1:latest": operator "operator1": channel "fast": minVersion "-+?" must respect semantic versioning notation]',
    ],
    [
      'CatalogFilteringIncorrectVersions',
      '  - catalog: test-catalog1:latest\n    packages:\n    - name: operator1\n      minVersion: "-+?"\n      maxVersion: abc\n',
      'invalid configuration: [catalog "test-catalog1:latest": operator "operator1": maxVersion "abc" must respect semantic versioning notation, catalog "test-catalog1:latest": operator "operator1": minVersion "-+?" must respect semantic versioning notation]',
    ],
    [
      'CatalogFilteringByMinVersionAndChannelMaxVersion',
      '  - catalog: test-catalog1:latest\n    packages:\n    - name: operator1\n      minVersion: 1.0.0\n      channels:\n      - name: fast\n        maxVersion: 2.0.0\n',
      'invalid configuration: catalog "test-catalog1:latest": operator "operator1": mixing both filtering by minVersion/maxVersion and filtering by channel minVersion/maxVersion is not allowed',
    ],
    [
      'DuplicateOperatorPackages',
      '  - catalog: test-catalog1:latest\n    packages:\n    - name: package1\n    - name: package1\n',
      'invalid configuration: catalog "test-catalog1:latest": duplicate package entry "package1"',
    ],
    [
      'DuplicateOperatorPackageChannels',
      '  - catalog: test-catalog1:latest\n    packages:\n    - name: package1\n      channels:\n      - name: channel1\n      - name: channel1\n',
      'invalid configuration: catalog "test-catalog1:latest": operator "package1": duplicate channel entry "channel1"',
    ],
    // The duplicate check is by the name oc-mirror gives the catalog (image-ref.ts), targets applied.
    [
      'DuplicateCatalogsWithTarget',
      '  - catalog: test-catalog1:latest\n    targetCatalog: test\n  - catalog: test-catalog2:latest\n    targetCatalog: test\n',
      'invalid configuration: catalog "test:latest": duplicate found in configuration',
    ],
    [
      'CatalogWithTargetCatalogContainsTag',
      '  - catalog: test-catalog1:latest\n    targetCatalog: test:v1.3\n',
      `invalid configuration: invalid target path component "test:v1.3": ${TARGET_RULE}`,
    ],
    [
      'CatalogWithTargetCatalogContainsDigest',
      '  - catalog: test-catalog1:latest\n    targetCatalog: a/b/test@sha256:45df874\n',
      `invalid configuration: invalid target path component "a/b/test@sha256:45df874": ${TARGET_RULE}`,
    ],
    // Ours: a catalog reference oc-mirror cannot name (no tag, no digest) stops it before filtering.
    [
      'CatalogWithoutTagOrDigest',
      '  - catalog: registry.example.com/catalog\n',
      'invalid configuration: registry.example.com/catalog unable to parse image correctly : tag and digest are empty',
    ],
  ])('%s', (_name, operators, error) => {
    expect(parseIsc(head + operators).error).toBe(error);
  });

  it.each([
    ['UniqueCatalogsWithTarget', 'test1', '', 'test2', ''],
    ['UniqueCatalogsWithTargetCatalogAndTargetTag', 'test1', 'v1.3', 'test2', 'latest'],
  ])('%s: one catalog mirrored under two names is no duplicate', (_name, c1, t1, c2, t2) => {
    const entry = (c: string, t: string) =>
      `  - catalog: test-catalog:latest\n    targetCatalog: ${c}\n` + (t ? `    targetTag: ${t}\n` : '');
    expect(parseIsc(head + entry(c1, t1) + entry(c2, t2)).error).toBeUndefined();
  });

  it('accepts a valid configuration: catalogs, packages, channels and ranges as written', () => {
    const isc = parseIsc(
      head +
        '  - catalog: registry.redhat.io/redhat/redhat-operator-index:v4.16\n    full: true\n    packages:\n    - name: p\n      defaultChannel: stable\n      channels:\n      - name: stable\n        minVersion: 1.2.0\n',
    );
    expect(isc.error).toBeUndefined();
    expect(isc.operators).toEqual([
      {
        catalog: 'registry.redhat.io/redhat/redhat-operator-index:v4.16',
        targetCatalog: '',
        targetTag: '',
        full: true,
        packages: [
          {
            name: 'p',
            defaultChannel: 'stable',
            minVersion: '',
            maxVersion: '',
            bundles: [],
            channels: [{ name: 'stable', minVersion: '1.2.0', maxVersion: '' }],
          },
        ],
      },
    ]);
  });
});

describe('oc-mirror load.go', () => {
  it('refuses a missing or other kind, a missing mirror stanza, and fields it does not know', () => {
    expect(parseIsc('apiVersion: v1\nmirror: {}\n').error).toBe('configuration missing `kind`');
    expect(parseIsc('kind: DeleteImageSetConfiguration\n').error).toBe(
      'cannot parse "DeleteImageSetConfiguration" as "ImageSetConfiguration"',
    );
    expect(parseIsc('kind: ImageSetConfiguration\n').error).toBe('configuration missing the `mirror` stanza');
    expect(
      parseIsc(head + '  - catalog: c\n    packages:\n    - name: p\n      bundles:\n      - name: b\n')
        .error,
    ).toBe('decode ImageSetConfiguration: json: unknown field "bundles"');
  });
});
