/**
 * Every rule id a diagnostic actually carries has a catalogue entry: over the demo catalog, the
 * test fixtures, the spec's worked cases and the corpus of real catalogs. The RuleId type already
 * says so at compile time; this checks the ids that reach users at run time.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { checkCatalog } from '../../../src/core/api';
import { RULES, ruleById } from '../../../src/core/rules';
import { MemorySource } from '../../../src/core/source/memory';
import type { CatalogSource } from '../../../src/core/source/types';
import { parseCatalogCases } from '../../support/cases-md';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { JSON_CATALOG, JSON_PATH, YAML_CATALOG, YAML_PATH } from '../edit/fixtures';
import { demoTree } from '../service/demo-files';
import { packageYaml, WORKED } from '../service/paths-fixtures';

const seen = new Set<string>();

/** The ids of every finding of a catalog that have no catalogue entry (and records the others). */
async function unknownIds(source: CatalogSource): Promise<string[]> {
  const { result } = await checkCatalog(source);
  const unknown: string[] = [];
  for (const d of result.diagnostics) {
    seen.add(d.rule);
    if (ruleById(d.rule) === undefined) unknown.push(d.rule);
  }
  return unknown;
}

afterAll(() => {
  const ours = RULES.filter((r) => seen.has(r.id)).length;
  console.log(
    `rule ids seen in diagnostics: ${seen.size}; catalogue entries exercised: ${ours} of ${RULES.length}`,
  );
});

describe('rule ids in diagnostics', () => {
  it('the demo catalog (it has problems on purpose)', async () => {
    const files = demoTree();
    delete files['manifest.json'];
    expect(await unknownIds(new MemorySource(files, 'demo'))).toEqual([]);
    expect(seen.size).toBeGreaterThan(0);
  });

  it('the unit-test fixture catalogs', async () => {
    const catalogs: Record<string, string>[] = [
      { [YAML_PATH]: YAML_CATALOG },
      { [JSON_PATH]: JSON_CATALOG },
      { 'worked/catalog.yaml': packageYaml(WORKED) },
    ];
    for (const files of catalogs) expect(await unknownIds(new MemorySource(files, 'fixture'))).toEqual([]);
  });
});

const cases = hasShared ? parseCatalogCases(readFileSync(sharedPath('spec/fbc-cases.md'), 'utf8')) : [];
const roots = hasShared
  ? Object.keys(
      (JSON.parse(readFileSync(sharedPath('spec/corpus-verdicts.json'), 'utf8')) as { roots: object }).roots,
    )
  : [];
if (!hasShared) console.log(skipReason('rule ids of the worked cases and the corpus'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('rule ids in diagnostics of the spec and the corpus', () => {
  it("fbc-cases.md's worked cases", async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const c of cases) {
      expect(await unknownIds(new MemorySource(c.files, c.id)), c.id).toEqual([]);
    }
    // The cases exercise most of opm's checks: a vacuous pass would show up here.
    expect(seen.size).toBeGreaterThanOrEqual(30);
  });

  for (const root of roots) {
    it(root, async () => {
      const abs = sharedPath(root);
      const source = statSync(abs).isDirectory()
        ? new NodeFsSource(abs)
        : new MemorySource({ [basename(abs)]: readFileSync(abs) }, basename(abs));
      expect(await unknownIds(source)).toEqual([]);
    });
  }
});
