/**
 * The near-miss test for unknown schemas loads on demand (the worker keeps it out of its start-up
 * code): a catalog opened with such a blob still gets the warning, before anything else is asked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as hostile from '../../../src/core/load/hostile';
import { provideHostileChecks, type HostileChecks } from '../../../src/core/load/hostile-registry';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';

afterEach(() => provideHostileChecks(hostile));

describe('schema typo warning with its checks not loaded yet', () => {
  it('the open loads them before validating: the warning is there', async () => {
    // As in the browser's worker at start: nothing provided up front.
    provideHostileChecks(undefined as unknown as HostileChecks);
    const service = new CatalogService();
    const files = {
      'etcd/catalog.yaml':
        'schema: olm.package\nname: etcd\ndefaultChannel: stable\n---\nschema: olm.bundel\nname: etcd.v0.9.0\npackage: etcd\n',
    };
    await service.open(new MemorySource(files, 'folder'), { kind: 'files', readOnly: true });
    const list = service.getDiagnosticsSlice(0, 100);
    expect(list.items.filter((d) => d.rule === 'schema-typo').map((d) => d.message)).toEqual([
      'schema "olm.bundel" is not a schema opm knows; did you mean "olm.bundle"? opm keeps blobs with unknown schemas without reading them, so this one has no effect. opm validate accepts this; this is an FBC Studio check, not an opm error.',
    ]);
  });
});
