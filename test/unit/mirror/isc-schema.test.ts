/** The editor's ImageSetConfiguration schema agrees with what oc-mirror accepts and refuses (isc.ts). */
import { describe, expect, it } from 'vitest';
import { parseYamlDocument } from '../../../src/core/load/yaml11';
import { parseIsc } from '../../../src/core/mirror/isc';
import { ISC_SCHEMA } from '../../../src/core/mirror/isc-schema';
import { validateBlob } from '../../../src/core/schema/validate-schema';

const head = 'kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n';
const check = (text: string) => validateBlob(parseYamlDocument(text), ISC_SCHEMA);

describe('ImageSetConfiguration schema', () => {
  it('accepts what oc-mirror accepts', () => {
    const text =
      head +
      '  - catalog: registry.redhat.io/redhat/redhat-operator-index:v4.16\n    full: true\n    targetTag: v1\n    packages:\n    - name: p\n      defaultChannel: stable\n      channels:\n      - name: stable\n        minVersion: 1.2.0\n        maxVersion: 1.4.0\n';
    expect(parseIsc(text).error).toBeUndefined();
    expect(check(text)).toEqual([]);
  });
  it('flags the key oc-mirror refuses, where it is', () => {
    const text = head + '  - catalog: c\n    packages:\n    - name: p\n      bundles:\n      - name: b\n';
    expect(parseIsc(text).error).toBe('decode ImageSetConfiguration: json: unknown field "bundles"');
    const problems = check(text);
    expect(problems.map((p) => p.path.join('/'))).toEqual(['mirror/operators/0/packages/0/bundles']);
  });
  it('flags a missing catalog and a wrong kind', () => {
    expect(
      check(head + '  - packages: []\n')
        .map((p) => p.message)
        .join('\n'),
    ).toMatch(/catalog/);
    expect(check('kind: Other\nmirror: {}\n')).not.toEqual([]);
  });
});

describe('targetCatalog in the editor', () => {
  it('marks a targetCatalog oc-mirror refuses (a tag in it), not a valid path', () => {
    const isc = (t: string) =>
      `kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n  - catalog: r.io/c:v1\n    targetCatalog: ${t}\n`;
    expect(check(isc('my-ns/my-catalog'))).toEqual([]);
    expect(check(isc('my-ns/my-catalog:v2')).map((e) => e.path.join('.'))).toEqual([
      'mirror.operators.0.targetCatalog',
    ]);
  });
});
