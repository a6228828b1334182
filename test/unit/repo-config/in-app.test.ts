/**
 * The app's side (the worker's service): a repository opened with a configuration lists each
 * accepted finding of ours with its reason — in the current catalog's problems and among the
 * repository's findings — keeps it marked after an edit, and shows the configuration's own
 * mistakes. Pins change the version the repository bar shows.
 */
import { describe, expect, it } from 'vitest';
import { openRepository } from '../../../src/core/repository/open-repository';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { catalogJson, skippingCatalogJson } from '../workspace/fixtures';

const REASON = 'skips kept for the 0.2 hotfix';

/** foo.v0.3.0 skips foo.v0.2.0 with no replaces, leaving foo.v0.1.0 out: our `skips-only` warning. */
const skipping = skippingCatalogJson();

function repo(config: string): MemorySource {
  return new MemorySource(
    {
      '.fbc-studio.yaml': config,
      'catalogs/v10.16/foo/catalog.json': catalogJson({ versions: ['0.0.9', '0.1.0', '0.2.0'] }),
      'catalogs/v10.17/foo/catalog.json': skipping,
    },
    'repo',
  );
}

const CONFIG = [
  'apiVersion: fbc-studio/v1',
  'catalogs:',
  '  - path: catalogs/v10.16',
  '    ocpVersion: "4.16"',
  '  - path: catalogs/v10.17',
  '    ocpVersion: "4.17"',
  'accepted:',
  '  - rule: skips-only',
  '    catalog: catalogs/v10.17',
  `    reason: ${REASON}`,
  '  - rule: skew-bundle-dropped',
  '    bundle: foo.v0.0.9',
  '    reason: 0.0.9 is not for 4.17',
  '',
].join('\n');

describe('a repository with a configuration, in the service', () => {
  it('marks accepted problems of the current catalog and of the repository, pins the versions', async () => {
    const service = new CatalogService();
    const { repository } = await openRepository(service, repo(CONFIG), { kind: 'files', readOnly: false });
    expect(repository.catalogs.map((c) => [c.path, c.ocpVersion])).toEqual([
      ['catalogs/v10.16', '4.16'],
      ['catalogs/v10.17', '4.17'],
    ]);
    expect(service.getSummary()?.catalog).toBe('catalogs/v10.17');
    const problems = service.getDiagnostics().filter((d) => d.rule === 'skips-only');
    expect(problems.map((d) => d.accepted)).toEqual([{ reason: REASON, by: '.fbc-studio.yaml:8' }]);
    expect(repository.findings.map((f) => [f.rule, f.bundle, f.accepted?.reason])).toEqual([
      ['skew-bundle-dropped', 'foo.v0.0.9', '0.0.9 is not for 4.17'],
    ]);
    expect(repository.config).toEqual({ path: '.fbc-studio.yaml', text: CONFIG });

    // Still accepted after an edit re-validates the catalog.
    await service.updateFile('foo/catalog.json', skipping + '\n');
    expect(service.getDiagnostics().find((d) => d.rule === 'skips-only')?.accepted?.reason).toBe(REASON);
  });

  it("the configuration's mistakes are repository findings at its lines; nothing is accepted by a broken entry", async () => {
    const service = new CatalogService();
    const broken = CONFIG.replace(`    reason: ${REASON}\n`, '');
    const { repository } = await openRepository(service, repo(broken), { kind: 'files', readOnly: true });
    expect(repository.findings.map((f) => `${f.location?.file}:${f.location?.start.line} ${f.rule}`)).toEqual(
      ['.fbc-studio.yaml:8 config-missing-reason', 'catalogs/v10.16/foo/catalog.json:24 skew-bundle-dropped'],
    );
    // The other, complete entry still applies.
    expect(repository.findings[1]?.accepted?.reason).toBe('0.0.9 is not for 4.17');
    expect(service.getDiagnostics().find((d) => d.rule === 'skips-only')?.accepted).toBeUndefined();
  });
});
