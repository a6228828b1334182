/**
 * The app's side (the worker's service): a repository whose .tekton runs an FBC pipeline opens with
 * the konflux pack; the repository view says so, the current catalog's problems list the task's
 * failure at its place, marked konflux, beside opm's verdict (which stays passed), and an edit that
 * fixes the fragment clears it — the pack runs at every edit.
 */
import { describe, expect, it } from 'vitest';
import { openRepository } from '../../../src/core/repository/open-repository';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { fragment } from './fixtures';

const PIPELINE =
  'apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  pipelineRef:\n    name: fbc-builder\n';
const bad = fragment([{ version: '1.0.0', props: ['olm.csv.metadata', 'olm.bundle.object'] }]);
const good = fragment([{ version: '1.0.0', props: ['olm.csv.metadata'] }]);

describe('policy pack in a repository session', () => {
  it('shows the pack, lists its finding at the property, and drops it when an edit fixes it', async () => {
    const service = new CatalogService();
    const source = new MemorySource(
      { '.tekton/push.yaml': PIPELINE, 'v4.17/catalog/foo/catalog.yaml': bad },
      'repo',
    );
    const { summary, repository } = await openRepository(service, source, { kind: 'files', readOnly: false });
    expect(repository.policy).toEqual({ pack: 'konflux', why: '.tekton/push.yaml runs an FBC pipeline' });
    expect(summary.passed).toBe(true);
    const found = service.getDiagnostics().filter((d) => d.source === 'konflux');
    expect(found.map((d) => [d.rule, d.severity, d.location?.file, d.location?.start.line])).toEqual([
      ['konflux-bundle-object-refused', 'error', 'foo/catalog.yaml', 24],
    ]);
    await service.updateFile('foo/catalog.yaml', good);
    expect(service.getDiagnostics().filter((d) => d.source === 'konflux')).toEqual([]);
  });

  it('a repository with no pipeline shows no pack', async () => {
    const service = new CatalogService();
    const source = new MemorySource({ 'v4.17/catalog/foo/catalog.yaml': bad }, 'repo');
    const { repository } = await openRepository(service, source, { kind: 'files', readOnly: true });
    expect(repository.policy).toBeUndefined();
    expect(service.getDiagnostics().filter((d) => d.source === 'konflux')).toEqual([]);
  });
});
