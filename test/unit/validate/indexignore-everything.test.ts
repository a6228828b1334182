/** `.indexignore` that hides every file: opm passes the empty catalog, and so do we, with a warning. */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { ruleById } from '../../../src/core/rules';

const files = {
  'p/index.yaml': 'schema: olm.package\nname: p\n',
  'p/channel.json': '{"schema":"olm.channel","package":"p","name":"c","entries":[]}',
};

describe('indexignore-hides-everything', () => {
  it('keeps the verdict (passes, empty) and warns how many files were ignored', async () => {
    const load = await loadCatalog(new MemorySource({ ...files, '.indexignore': '*\n' }));
    expect(load.dc.packages).toEqual([]);
    const r = validateCatalog(load);
    expect(r.passed).toBe(true);
    const w = r.diagnostics.filter((d) => d.rule === 'indexignore-hides-everything');
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ severity: 'warning', source: 'fbc-studio' });
    expect(w[0]!.message).toMatch(/^\.indexignore ignores all 2 files of the catalog, so nothing is left/);
  });

  it('says nothing when some file is still loaded, or when nothing was ignored', async () => {
    const partial = await loadCatalog(new MemorySource({ ...files, '.indexignore': '*.json\n' }));
    const none = await loadCatalog(new MemorySource(files));
    for (const load of [partial, none]) {
      expect(validateCatalog(load).diagnostics.some((d) => d.rule === 'indexignore-hides-everything')).toBe(
        false,
      );
    }
  });

  it('is in the rule catalogue', () => {
    expect(ruleById('indexignore-hides-everything')?.severity).toBe('warning');
  });
});
