/**
 * The app's side (the worker's service): a repository whose .tekton runs an FBC pipeline opens with
 * the konflux pack; the repository view says which pack and why, the catalog's problems list the
 * task's failure at its place, marked konflux, while opm's verdict stays passed — and follow each
 * edit. The community pack's ci.yaml findings are the repository's, waivers honoured. A repository
 * with no pipeline shows no pack.
 */
import { describe, expect, it } from 'vitest';
import { openRepository } from '../../../src/core/repository/open-repository';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { EditSession } from '../../../src/core/service/edit-session';
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
    const problems = () =>
      service
        .session('v4.17/catalog')!
        .current!.diagnostics.filter((d) => d.source === 'konflux')
        .map((d) => [d.rule, d.severity, d.location?.file, d.location?.start.line]);
    expect(problems()).toEqual([['konflux-bundle-object-refused', 'error', 'foo/catalog.yaml', 24]]);
  });

  it('the pack’s findings follow an edit of the catalog', async () => {
    const service = new CatalogService();
    const source = new MemorySource(
      { '.tekton/push.yaml': PIPELINE, 'v4.17/catalog/foo/catalog.yaml': bad },
      'repo',
    );
    await openRepository(service, source, { kind: 'files', readOnly: false });
    const session = service.session('v4.17/catalog')!;
    const konflux = () => session.current!.diagnostics.filter((d) => d.source === 'konflux').length;
    expect(konflux()).toBe(1);
    const fixed = bad.replace('  - type: olm.bundle.object\n    value:\n      data: e30=\n', '');
    expect(fixed).not.toBe(bad);
    new EditSession(service).typeText('foo/catalog.yaml', fixed);
    expect(konflux()).toBe(0);
  });

  it('community: ci.yaml’s findings are the repository’s, a waiver marks them accepted', async () => {
    const ci = `fbc:
  enabled: true
  catalog_mapping:
    - {template_name: a.yaml, type: olm.template.basic, catalog_names: [v4.18]}
    - {template_name: b.yaml, type: olm.template.basic, catalog_names: [v4.18]}
`;
    const files = {
      'operators/foo/ci.yaml': ci,
      'catalogs/v4.18/foo/catalog.yaml': fragment([{ version: '1.0.0', props: ['olm.csv.metadata'] }]),
    };
    const open = async (extra: Record<string, string>) =>
      (
        await openRepository(new CatalogService(), new MemorySource({ ...files, ...extra }, 'repo'), {
          kind: 'files',
          readOnly: true,
        })
      ).repository.findings.filter((d) => d.source === 'community');
    const plain = await open({});
    expect(plain.map((d) => [d.rule, d.location?.file, d.location?.start.line, d.accepted])).toEqual([
      ['community-ci-catalog-mapping', 'operators/foo/ci.yaml', 5, undefined],
    ]);
    const waived = await open({
      'config.yaml': 'tests:\n  - name: check_catalog_usage_ci_config\n    ignore_operators: [foo]\n',
    });
    expect(waived[0]?.accepted?.by).toBe('config.yaml');
  });

  it('a repository with no pipeline shows no pack', async () => {
    const service = new CatalogService();
    const source = new MemorySource({ 'v4.17/catalog/foo/catalog.yaml': bad }, 'repo');
    const { repository } = await openRepository(service, source, { kind: 'files', readOnly: true });
    expect(repository.policy).toBeUndefined();
    expect(repository.findings.filter((d) => d.source === 'konflux')).toEqual([]);
  });
});
