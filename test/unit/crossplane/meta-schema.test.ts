/** The editor's schema for crossplane.yaml: real packages pass it, a misspelt dependency key does not. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CROSSPLANE_META_SCHEMA } from '../../../src/core/crossplane/meta-schema';
import { validateBlob } from '../../../src/core/schema/validate-schema';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

const CORPUS = [
  'configuration-quickstart/crossplane.yaml',
  'function-patch-and-transform/package/crossplane.yaml',
  'upbound-platform-ref-aws@529b370/crossplane.yaml',
  'provider-kubernetes/package/crossplane.yaml',
];

// The four real packages come from ../shared/corpus: skipped, saying so, where it is absent.
if (!hasShared) console.log(skipReason('crossplane meta schema corpus'));

describe('crossplane.yaml editor schema', () => {
  // Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
  it.skipIf(!hasShared).each(CORPUS)('accepts the corpus package %s', (file) => {
    const meta = parse(readFileSync(sharedPath('corpus/crossplane', file), 'utf8')) as never;
    expect(validateBlob(meta, CROSSPLANE_META_SCHEMA)).toEqual([]);
  });

  it('flags a misspelt dependency key and an unknown kind', () => {
    const problems = validateBlob(
      {
        apiVersion: 'meta.pkg.crossplane.io/v1',
        kind: 'Configurations',
        metadata: { name: 'c' },
        spec: { dependsOn: [{ provder: 'xpkg.upbound.io/a/b', version: 'v1.0.0' }] },
      } as never,
      CROSSPLANE_META_SCHEMA,
    );
    expect(problems.map((p) => p.path.join('.'))).toEqual(['kind', 'spec.dependsOn.0.provder']);
  });
});
