/**
 * The app's side (the worker's service): a repository whose .tekton runs an FBC pipeline opens with
 * the konflux pack; the repository view says which pack and why and lists the task's failure at its
 * place among the repository's findings, marked konflux, while opm's verdict on the catalog stays
 * passed. A repository with no pipeline shows no pack.
 */
import { describe, expect, it } from 'vitest';
import { openRepository } from '../../../src/core/repository/open-repository';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { fragment } from './fixtures';

const PIPELINE =
  'apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  pipelineRef:\n    name: fbc-builder\n';
const bad = fragment([{ version: '1.0.0', props: ['olm.csv.metadata', 'olm.bundle.object'] }]);

describe('policy pack in an opened repository', () => {
  it('shows the pack and lists its finding at the property, beside opm’s passed verdict', async () => {
    const service = new CatalogService();
    const source = new MemorySource(
      { '.tekton/push.yaml': PIPELINE, 'v4.17/catalog/foo/catalog.yaml': bad },
      'repo',
    );
    const { summary, repository } = await openRepository(service, source, { kind: 'files', readOnly: true });
    expect(repository.policy).toEqual({ pack: 'konflux', why: '.tekton/push.yaml runs an FBC pipeline' });
    expect(summary.passed).toBe(true);
    const found = repository.findings.filter((d) => d.source === 'konflux');
    expect(found.map((d) => [d.rule, d.severity, d.location?.file, d.location?.start.line])).toEqual([
      ['konflux-bundle-object-refused', 'error', 'v4.17/catalog/foo/catalog.yaml', 24],
    ]);
  });

  it('a repository with no pipeline shows no pack', async () => {
    const service = new CatalogService();
    const source = new MemorySource({ 'v4.17/catalog/foo/catalog.yaml': bad }, 'repo');
    const { repository } = await openRepository(service, source, { kind: 'files', readOnly: true });
    expect(repository.policy).toBeUndefined();
    expect(repository.findings.filter((d) => d.source === 'konflux')).toEqual([]);
  });
});
