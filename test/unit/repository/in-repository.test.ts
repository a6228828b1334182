import { describe, expect, it } from 'vitest';
import { inRepository } from '../../../src/browser/write-session';

/** A repository catalog's edits are written from the repository root: its template sits beside it. */
describe('inRepository', () => {
  it('places a catalog path and a template beside the catalog in the repository', () => {
    expect(inRepository('v4.23/catalog', 'kueue-operator/catalog.json')).toBe(
      'v4.23/catalog/kueue-operator/catalog.json',
    );
    expect(inRepository('v4.23/catalog', '../catalog-template.yaml')).toBe('v4.23/catalog-template.yaml');
    expect(inRepository('catalogs/v4.18', '../../templates/t.yaml')).toBe('templates/t.yaml');
    // A folder that is one catalog: paths as they are.
    expect(inRepository('', 'aurora-operator/catalog.yaml')).toBe('aurora-operator/catalog.yaml');
  });
});
