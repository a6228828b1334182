/**
 * oc-mirror v2's catalog naming, re-created from its tests at openshift/oc-mirror 855b64a3:
 * internal/pkg/api/v2alpha1/type_config_test.go (TestIsValidPathComponent,
 * TestGetUniqueNameWithTarget, TestOperatorGetUniqueName) and internal/pkg/image/image_test.go
 * (TestImage_TestParseRef), with upstream's texts.
 */
import { describe, expect, it } from 'vitest';
import { isValidPathComponent, parseRef, uniqueName } from '../../../src/core/mirror/image-ref';

const DIGEST = '1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef';
const UBI_DIGEST = 'db870970ba330193164dacc88657df261d75bce1552ea474dbc7cf08b2fae2ed';
const TARGET_RULE =
  'should not contain a tag or digest. Expected format is 1 or more path components separated by /, where each path component is a set of alpha-numeric and regexp (?:[._]|__|[-]*). For more, see https://github.com/containers/image/blob/main/docker/reference/regexp.go';

describe('TestIsValidPathComponent', () => {
  it.each([
    ['Valid path component', 'my-namespace/my-target-name', true],
    ['Invalid path component - has tag', 'my-namespace/my-target-name:v4.10', false],
    ['Invalid path component - has digest', 'my-namespace/my-target-name@sha256:v4.10', false],
    ['Invalid path component with special characters', 'my$namespace/my-target-name', false],
  ])('%s', (_name, target, valid) => {
    expect(isValidPathComponent(target)).toBe(valid);
  });
});

describe('TestGetUniqueNameWithTarget', () => {
  it.each([
    ['NoTargetPathOrTag', 'registry.io/namespace/image:v1.0', '', '', 'registry.io/namespace/image:v1.0'],
    ['WithTargetTagOnly', 'registry.io/namespace/image:v1.0', '', 'v2.0', 'registry.io/namespace/image:v2.0'],
    [
      'WithTargetPathOnly',
      'registry.io/namespace/image:v1.0',
      'custom-namespace/custom-image',
      '',
      'registry.io/custom-namespace/custom-image:v1.0',
    ],
    [
      'WithBothTargetPathAndTag',
      'registry.io/namespace/image:v1.0',
      'custom-namespace/custom-image',
      'v2.0',
      'registry.io/custom-namespace/custom-image:v2.0',
    ],
    [
      'WithDigest',
      `registry.io/namespace/image@sha256:${DIGEST}`,
      '',
      '',
      `registry.io/namespace/image@sha256:${DIGEST}`,
    ],
    [
      'WithDigestAndTargetPath',
      `registry.io/namespace/image@sha256:${DIGEST}`,
      'new-namespace/new-image',
      '',
      `registry.io/new-namespace/new-image@sha256:${DIGEST}`,
    ],
    [
      'WithDigestAndTargetTag',
      `registry.io/namespace/image@sha256:${DIGEST}`,
      '',
      'v1.0',
      'registry.io/namespace/image:v1.0',
    ],
    [
      'WithDigestAndBothTargetPathAndTag',
      `registry.io/namespace/image@sha256:${DIGEST}`,
      'new-namespace/new-image',
      'v2.0',
      'registry.io/new-namespace/new-image:v2.0',
    ],
    [
      'SinglePathComponent',
      'registry.io/simple-image:latest',
      'new-image',
      '',
      'registry.io/new-image:latest',
    ],
    [
      'MultiLevelNamespace',
      'registry.io/ns1/ns2/image:tag',
      'new-ns1/new-ns2/new-ns3/new-image',
      '',
      'registry.io/new-ns1/new-ns2/new-ns3/new-image:tag',
    ],
    [
      'TargetPathWithDots',
      'registry.io/namespace/image:v1.0',
      'my.namespace/my.image',
      '',
      'registry.io/my.namespace/my.image:v1.0',
    ],
    [
      'TargetPathWithUnderscores',
      'registry.io/namespace/image:v1.0',
      'my_namespace/my_image',
      '',
      'registry.io/my_namespace/my_image:v1.0',
    ],
    [
      'TargetPathWithDoubleUnderscores',
      'registry.io/namespace/image:v1.0',
      'my__namespace/my__image',
      '',
      'registry.io/my__namespace/my__image:v1.0',
    ],
    [
      'TargetPathWithHyphens',
      'registry.io/namespace/image:v1.0',
      'my-namespace/my-image',
      '',
      'registry.io/my-namespace/my-image:v1.0',
    ],
  ])('Valid/%s', (_name, source, path, tag, expected) => {
    expect(uniqueName(source, path, tag)).toEqual({ name: expected });
  });

  it.each([
    ['TargetPathWithTag', 'custom-namespace/custom-image:v2.0'],
    ['TargetPathWithDigest', 'custom-namespace/custom-image@sha256:abcd'],
    ['TargetPathWithInvalidCharacters', 'custom$namespace/custom-image'],
  ])('Invalid/%s', (_name, path) => {
    expect(uniqueName('registry.io/namespace/image:v1.0', path, '')).toEqual({
      error: `invalid target path component "${path}": ${TARGET_RULE}`,
    });
  });

  it('Invalid/MalformedSourceName', () => {
    expect(uniqueName('whatever')).toEqual({
      error: 'whatever unable to parse image correctly : tag and digest are empty',
    });
  });
});

describe('TestOperatorGetUniqueName', () => {
  const catalog = 'registry.io/namespace/catalog:v1.0';
  it.each([
    ['CatalogOnly', '', '', catalog],
    [
      'WithTargetCatalog',
      'custom-namespace/custom-catalog',
      '',
      'registry.io/custom-namespace/custom-catalog:v1.0',
    ],
    ['WithTargetTag', '', 'v2.0', 'registry.io/namespace/catalog:v2.0'],
    [
      'WithBothTargetCatalogAndTag',
      'custom-namespace/custom-catalog',
      'v2.0',
      'registry.io/custom-namespace/custom-catalog:v2.0',
    ],
  ])('Valid/%s', (_name, targetCatalog, targetTag, expected) => {
    expect(uniqueName(catalog, targetCatalog, targetTag)).toEqual({ name: expected });
  });

  it('Invalid/InvalidTargetCatalog', () => {
    const r = uniqueName(catalog, 'invalid:tag');
    expect('error' in r && r.error.startsWith('invalid target path component')).toBe(true);
  });
});

describe('TestImage_TestParseRef', () => {
  const spec = (over: Partial<ReturnType<typeof parseRef>>) => ({
    transport: 'docker://',
    domain: '',
    tag: '',
    algorithm: '',
    digest: '',
    ...over,
  });
  it.each([
    [
      'valid docker reference with tag',
      'docker://registry.redhat.io/ubi8/ubi:latest',
      spec({
        reference: 'registry.redhat.io/ubi8/ubi:latest',
        name: 'registry.redhat.io/ubi8/ubi',
        domain: 'registry.redhat.io',
        pathComponent: 'ubi8/ubi',
        tag: 'latest',
      }),
    ],
    [
      'valid docker reference on local registry with tag and digest',
      `docker://localhost:5000/ubi8/ubi:abcd@sha256:${UBI_DIGEST}`,
      spec({
        reference: `localhost:5000/ubi8/ubi:abcd@sha256:${UBI_DIGEST}`,
        name: 'localhost:5000/ubi8/ubi',
        domain: 'localhost:5000',
        pathComponent: 'ubi8/ubi',
        tag: 'abcd',
        algorithm: 'sha256',
        digest: UBI_DIGEST,
      }),
    ],
    [
      'valid docker reference on local registry with digest no transport',
      `localhost:5000/ubi8/ubi@sha256:${UBI_DIGEST}`,
      spec({
        reference: `localhost:5000/ubi8/ubi@sha256:${UBI_DIGEST}`,
        name: 'localhost:5000/ubi8/ubi',
        domain: 'localhost:5000',
        pathComponent: 'ubi8/ubi',
        algorithm: 'sha256',
        digest: UBI_DIGEST,
      }),
    ],
    [
      'valid oci reference full path',
      'oci:///tmp/ubi8/ubi',
      spec({
        transport: 'oci://',
        reference: '/tmp/ubi8/ubi',
        name: '/tmp/ubi8/ubi',
        pathComponent: '/tmp/ubi8/ubi',
      }),
    ],
    [
      'valid oci reference relative path',
      'oci://ubi8/ubi',
      spec({ transport: 'oci://', reference: 'ubi8/ubi', name: 'ubi8/ubi', pathComponent: 'ubi8/ubi' }),
    ],
    [
      'valid docker reference implicit domain succeeds',
      'abcde:latest',
      spec({ reference: 'abcde:latest', name: 'abcde', pathComponent: 'abcde', tag: 'latest' }),
    ],
  ])('%s', (_name, ref, expected) => {
    expect(parseRef(ref)).toEqual(expected);
  });

  it('invalid docker reference fails', () => {
    expect(parseRef('whatever')).toEqual({
      error: 'whatever unable to parse image correctly : tag and digest are empty',
    });
  });

  it('a digest go-digest refuses (ours: a short sha256)', () => {
    expect(parseRef('registry.io/ns/img@sha256:abcd')).toEqual({
      error: 'registry.io/ns/img@sha256:abcd unable to parse image correctly : invalid digest',
    });
  });
});
