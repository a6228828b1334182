/**
 * --released as a catalog image: the released index pulled from Debian's docker-registry on
 * 127.0.0.1 (pushed with skopeo, an independent client) and read as the whole index, so the pruning
 * check judges a Konflux fragment against what is published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, writeTree } from '../../support/cli-run';
import {
  CATALOG_LABELS,
  hasRegistryTools,
  isolateHome,
  pushFiles,
  registrySkipReason,
  startRegistry,
  type TestRegistry,
} from '../../support/registry';
import { fragment } from './fixtures';

if (!hasRegistryTools) console.log(registrySkipReason);

const CSV = ['olm.csv.metadata'];
const PIPELINE =
  'apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  pipelineRef:\n    name: fbc-builder\n';
const both = fragment([
  { version: '1.0.0', props: CSV },
  { version: '1.1.0', props: CSV },
]);

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('--released IMAGE', () => {
  let reg: TestRegistry;
  let restore: () => void;
  let index = '';
  beforeAll(async () => {
    restore = isolateHome();
    reg = await startRegistry('none');
    await pushFiles(reg, { 'configs/foo/catalog.yaml': both }, CATALOG_LABELS, 'acme/index:v4.18');
    index = `${reg.host}/acme/index:v4.18`;
  });
  afterAll(async () => {
    await reg?.stop();
    restore?.();
  });

  it('an entry the fragment drops from a released channel fails, against the pulled index', async () => {
    const dir = writeTree({
      '.tekton/foo-v4-18-push.yaml': PIPELINE,
      'v4.18/catalog/foo/catalog.yaml': fragment([{ version: '1.1.0', props: CSV }]),
    });
    const r = await runCli(['validate', dir, '--policy', 'konflux', '--released', index, '--use-http']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'konflux error    [konflux-prunes-entry]  FBC fragment prunes foo.v1.0.0 from foo.stable channel.',
    );
  });

  it('near miss: a fragment that keeps every released entry passes', async () => {
    const dir = writeTree({
      '.tekton/foo-v4-18-push.yaml': PIPELINE,
      'v4.18/catalog/foo/catalog.yaml': both,
    });
    const r = await runCli(['validate', dir, '--policy', 'konflux', '--released', index, '--use-http']);
    expect(r.out).toContain('Policy: konflux (--policy): passed, 0 findings');
    expect(r.code).toBe(0);
  });
});
