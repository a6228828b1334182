/**
 * Through the real loader: every opm finding of the §B–§D cases carries a ref that the loader's
 * locator resolves, and the refs land on the line a maintainer would fix.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyDeclarativeConfig } from '../../../src/core/declcfg/types';
import type { Diagnostic } from '../../../src/core/diagnostics';
import { loadFile, locate, type LoadedFile } from '../../../src/core/load';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { parseCatalogCases } from '../../support/cases-md';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

function check(files: Record<string, string>) {
  const dc = emptyDeclarativeConfig();
  const loaded = new Map<string, LoadedFile>();
  const errors = [];
  for (const path of Object.keys(files).sort()) {
    const f = loadFile(path, files[path] as string);
    loaded.set(path, f.file);
    for (const k of Object.keys(dc) as (keyof typeof dc)[]) (dc[k] as unknown[]).push(...f.dc[k]);
    errors.push(...f.errors);
  }
  const result = validateCatalog({ dc, errors });
  const line = (d: Diagnostic | undefined) => (d?.ref ? locate(loaded, d.ref).start.line : undefined);
  return { result, line };
}

const cases = hasShared
  ? parseCatalogCases(readFileSync(sharedPath('spec/fbc-cases.md'), 'utf8')).filter((c) =>
      /^[DPG]\d+$/.test(c.id),
    )
  : [];
if (!hasShared) console.log(skipReason('diagnostic locations of fbc-cases.md'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('diagnostic refs resolve through the loader', () => {
  it('every opm finding of every §B–§D case has a ref inside its file', () => {
    let seen = 0;
    for (const c of cases) {
      const { result, line } = check(c.files);
      for (const d of result.diagnostics.filter((x) => x.source === 'opm')) {
        expect(d.ref, `${c.id} ${d.rule}`).toBeDefined();
        expect(line(d), `${c.id} ${d.rule}`).toBeGreaterThan(0);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(25);
  });

  it('D19: the duplicate entry is the second `- name:` line', () => {
    const d19 = cases.find((c) => c.id === 'D19');
    const { result, line } = check(d19?.files ?? {});
    expect(line(result.diagnostics.find((d) => d.rule === 'R23'))).toBe(10);
  });

  it('G17: skips, skipRange and the bundle blob each on their own line', () => {
    const g17 = cases.find((c) => c.id === 'G17');
    const { result, line } = check(g17?.files ?? {});
    const at = (rule: string) => line(result.diagnostics.find((d) => d.rule === rule));
    expect([at('R62'), at('R63'), at('R65')]).toEqual([10, 11, 13]);
  });
});
