import { describe, expect, it } from 'vitest';
import { CatalogEditing } from '../../../src/core/service/session-editing';
import { generationCounter, SnapshotBuilder } from '../../../src/core/service/session-snapshot';
import { packageYaml, WORKED } from './paths-fixtures';
import { snapshotOf } from './session-fixtures';

const YAML = 'op/catalog.yaml';
const files = () => ({
  [YAML]: packageYaml(WORKED),
  'z/catalog.json': '{"schema": "olm.package", "name": "z"}',
});

function setUp() {
  const builder = new SnapshotBuilder(generationCounter());
  const editing = new CatalogEditing((f, t) => builder.build(f, t));
  return { builder, editing, s: snapshotOf(files(), builder) };
}

describe('editing one catalog', () => {
  it('an edit gives the generation a fresh open of the edited files gives', () => {
    const { editing, s } = setUp();
    const text = packageYaml({ ...WORKED, channels: { stable: WORKED.channels.stable!.slice(0, 2) } });
    const next = editing.update(s, [{ path: YAML, text }]);
    const fresh = snapshotOf({ ...files(), [YAML]: text });
    expect(next.generation).toBe(s.generation + 1);
    expect(next.validation.opmMessage).toBe(fresh.validation.opmMessage);
    expect(next.diagnostics.map((d) => d.message)).toEqual(fresh.diagnostics.map((d) => d.message));
    expect(next.bytes).toBe(fresh.bytes);
    // The generation edited from is left as it was.
    expect(s.loads.get(YAML)?.file.text).toBe(packageYaml(WORKED));
  });

  it('adds new files in walk order and removes files edited to null', () => {
    const { editing, s } = setUp();
    const added = editing.update(s, [{ path: 'a/catalog.yaml', text: 'schema: olm.package\nname: a\n' }]);
    expect([...added.loads.keys()]).toEqual(['a/catalog.yaml', YAML, 'z/catalog.json']);
    const removed = editing.update(added, [{ path: 'a/catalog.yaml', text: null }]);
    expect([...removed.loads.keys()]).toEqual([YAML, 'z/catalog.json']);
    expect(removed.validation.model.packages.has('a')).toBe(false);
  });

  it('keeps the YAML parses of a prepared or edited file until the catalog is reopened', () => {
    const { editing, s } = setUp();
    editing.prepareEdit(s, 'z/catalog.json');
    editing.prepareEdit(s, 'missing.yaml');
    expect(editing.isPrepared('z/catalog.json')).toBe(false);
    editing.prepareEdit(s, YAML);
    expect(editing.isPrepared(YAML)).toBe(true);
    editing.reset();
    expect(editing.isPrepared(YAML)).toBe(false);
    const next = editing.update(s, [{ path: YAML, text: packageYaml(WORKED) + '---\n' }]);
    expect(editing.isPrepared(YAML)).toBe(true);
    editing.update(next, [{ path: YAML, text: null }]);
    expect(editing.isPrepared(YAML)).toBe(false);
  });

  it('hands the edit actions every file’s text, the declcfg and the model of the generation', () => {
    const { editing, s } = setUp();
    const ctx = editing.editContext(s);
    expect(ctx.files).toEqual(new Map(Object.entries(files())));
    expect(ctx.dc.packages.map((p) => p.name)).toEqual(['op', 'z']);
    expect(ctx.model).toBe(s.validation.model);
  });
});
