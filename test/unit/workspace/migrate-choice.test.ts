/**
 * The migrate level a catalog is judged at: an explicit setting, else the form the catalog keeps its
 * bundles in, else its OpenShift version (4.17 and later, 5.x too: bundle-object-to-csv-metadata),
 * else none; a catalog holding both forms judges each bundle at its own form.
 */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';
import type { ResolvedImage } from '../../../src/core/template/bundle-resolver';
import { migrateChoice } from '../../../src/core/workspace/migrate-choice';
import { BUNDLE_OBJECT_CATALOG, CSV_METADATA_CATALOG, IMAGE_1, IMAGE_2 } from './render-truth-fixture';

const dc = (text: string) => loadFile('catalog.json', text).dc;
const EMPTY = dc('{"schema": "olm.package", "name": "foo", "defaultChannel": "stable"}\n');
const resolved = (image: string) => ({ image, bundle: { image } }) as unknown as ResolvedImage;

describe('migrateChoice', () => {
  it('reads the level from the form the catalog keeps, whatever its OpenShift version', () => {
    expect(migrateChoice({ dc: dc(CSV_METADATA_CATALOG), ocpVersion: '4.12' })).toMatchObject({
      level: 'bundle-object-to-csv-metadata',
      why: 'its bundles carry olm.csv.metadata',
    });
    expect(migrateChoice({ dc: dc(BUNDLE_OBJECT_CATALOG), ocpVersion: '4.20' })).toMatchObject({
      level: 'none',
      why: 'its bundles carry olm.bundle.object',
    });
  });

  it('else from the OpenShift version: 4.17 and later (5.x too) require csv metadata', () => {
    const at = (ocpVersion: string | null) => {
      const { level, why } = migrateChoice({ dc: EMPTY, ocpVersion });
      return [level, why];
    };
    expect(at('4.16')).toEqual(['none', 'OpenShift 4.16 < 4.17']);
    expect(at('4.17')).toEqual([
      'bundle-object-to-csv-metadata',
      'OpenShift 4.17 ≥ 4.17, where the pipelines require it',
    ]);
    expect(at('5.0')).toEqual([
      'bundle-object-to-csv-metadata',
      'OpenShift 5.0 ≥ 4.17, where the pipelines require it',
    ]);
    expect(at(null)).toEqual(['none', 'no OpenShift version: opm without --migrate-level']);
  });

  it('an explicit level (the repository configuration) wins', () => {
    const c = migrateChoice({ dc: dc(CSV_METADATA_CATALOG), ocpVersion: '4.18', migrateLevel: 'none' });
    expect([c.level, c.why, c.forImage(resolved(IMAGE_1))]).toEqual([
      'none',
      'set in the repository configuration',
      'none',
    ]);
  });

  it('a catalog holding both forms judges each bundle at its own form, others by version', () => {
    const objects = BUNDLE_OBJECT_CATALOG.split('\n{').map((b, i) => (i === 0 ? b : '{' + b));
    const metadata = CSV_METADATA_CATALOG.split('\n{').map((b, i) => (i === 0 ? b : '{' + b));
    // package, channel, foo.v0.1.0 as bundle.object, foo.v0.2.0 as csv.metadata
    const mixed = [objects[0], objects[1], objects[2], metadata[3]].join('\n');
    const c = migrateChoice({ dc: dc(mixed), ocpVersion: '4.18' });
    expect(c.why).toBe('each bundle at the form the catalog keeps it in');
    expect(c.forImage(resolved(IMAGE_1))).toBe('none');
    expect(c.forImage(resolved(IMAGE_2))).toBe('bundle-object-to-csv-metadata');
    expect(c.forImage(resolved(`quay.io/acme/other@sha256:${'3'.repeat(64)}`))).toBe(
      'bundle-object-to-csv-metadata',
    );
  });
});
