/**
 * The worker's edit session: typing (as editor deltas) and actions share one undo history, the
 * catalog re-validates after each, changed files are tracked against what was loaded, drafts
 * restore only onto the text they were made from, and quick fixes repair what they claim to.
 */
import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { actionSpecs } from '../../../src/core/edit';
import { EditSession } from '../../../src/core/service/edit-session';
import { MemorySource } from '../../../src/core/source/memory';
import { demoTree, text } from './demo-files';

const AURORA = 'aurora-operator/catalog.yaml';
const ALPHA = 'cirrus-operator/channels/alpha.yaml';

async function session() {
  const files = demoTree();
  const service = new CatalogService();
  await service.open(new MemorySource(files, 'demo'), { kind: 'demo', readOnly: true });
  return { service, edits: new EditSession(service), original: (p: string) => text(files[p]) };
}

describe('EditSession', () => {
  it('promotes to a new channel and sets it as default: exact text, one changed file, re-validated', async () => {
    const { service, edits, original } = await session();
    const p = edits.perform('promoteToChannel', {
      package: 'aurora-operator',
      bundle: 'aurora-operator.v1.3.0',
      channel: 'preview',
    });
    expect(p.result).toMatchObject({
      warnings: [],
      select: { channel: 'preview', bundle: 'aurora-operator.v1.3.0' },
    });
    const d = edits.perform('setDefaultChannel', { package: 'aurora-operator', channel: 'preview' });
    expect(d.changes).toEqual([
      {
        path: AURORA,
        text:
          original(AURORA).replace('defaultChannel: stable\n', 'defaultChannel: preview\n') +
          '---\nschema: olm.channel\npackage: aurora-operator\nname: preview\nentries:\n  - name: aurora-operator.v1.3.0\n',
      },
    ]);
    expect(d.state.dirty).toEqual([{ path: AURORA, status: 'modified' }]);
    expect(d.state.undoLabel).toBe('Set as default channel');
    expect(service.getPackage('aurora-operator')?.defaultChannel).toBe('preview');
    expect(service.getPackage('aurora-operator')?.channels.map((c) => c.name)).toContain('preview');
    expect(d.state.summary.generation).toBe(3);
  });

  it('typing arrives as Monaco deltas; a length mismatch changes nothing and asks for the whole text', async () => {
    const { service, edits, original } = await session();
    const at = original(AURORA).indexOf('defaultChannel: stable') + 'defaultChannel: stable'.length;
    const s = edits.type(AURORA, [{ offset: at, length: 0, text: 'x' }], original(AURORA).length + 1);
    expect(s?.summary.opmMessage).toContain('invalid package "aurora-operator"');
    expect(service.getDiagnostics().some((x) => x.rule === 'R54' && x.channel === 'stablex')).toBe(true);
    expect(edits.type(AURORA, [{ offset: 0, length: 0, text: '#' }], 5)).toBeNull();
    expect(service.getFile(AURORA)?.text).toContain('defaultChannel: stablex\n');
  });

  it('undo and redo go through typing and actions alike, in order', async () => {
    const { edits, original, service } = await session();
    const o = original(AURORA);
    const at = o.indexOf('defaultChannel: stable') + 'defaultChannel: stab'.length;
    edits.type(AURORA, [{ offset: at, length: 2, text: '' }], o.length - 2);
    edits.type(AURORA, [{ offset: at, length: 0, text: 'el' }], o.length);
    const d = service.getDiagnostics().find((x) => x.rule === 'R54')!;
    const fixes = edits.quickFixes(d);
    expect(fixes.map((f) => f.title)).toEqual([
      'Set defaultChannel to "stable"',
      'Set defaultChannel to "candidate"',
      'Set defaultChannel to "fast"',
    ]);
    edits.perform(fixes[0]!.action, fixes[0]!.args);
    const line = () => service.getFile(AURORA)?.text.split('\n')[6];
    expect(line()).toBe('defaultChannel: stable');
    expect(edits.undo().state.undoLabel).toBe('Typing in catalog.yaml');
    expect(line()).toBe('defaultChannel: stabel');
    expect(edits.undo().state).toMatchObject({ canUndo: false, dirty: [] });
    expect(line()).toBe('defaultChannel: stable');
    edits.redo();
    expect(line()).toBe('defaultChannel: stabel');
    // Redoing the fix brings back the loaded text: nothing is changed any more.
    expect(edits.redo().state).toMatchObject({ canRedo: false, dirty: [] });
    expect(line()).toBe('defaultChannel: stable');
  });

  it('a file created by an action is added, and removed again by undo', async () => {
    const { edits, service } = await session();
    const r = edits.perform('promoteToChannel', {
      package: 'cirrus-operator',
      bundle: 'cirrus-operator.v0.3.0',
      channel: 'fast',
    });
    expect(r.changes).toEqual([
      {
        path: 'cirrus-operator/channels/fast.yaml',
        text: 'schema: olm.channel\npackage: cirrus-operator\nname: fast\nentries:\n  - name: cirrus-operator.v0.3.0\n',
      },
    ]);
    expect(r.state.dirty).toEqual([{ path: 'cirrus-operator/channels/fast.yaml', status: 'added' }]);
    expect(edits.undo().changes).toEqual([{ path: 'cirrus-operator/channels/fast.yaml', text: null }]);
    expect(service.getFile('cirrus-operator/channels/fast.yaml')).toBeNull();
    expect(edits.state().dirty).toEqual([]);
  });

  it('offers the fixes that reconnect a stranded bundle, best first, and they work', async () => {
    const { edits, service } = await session();
    const d = service.getDiagnostics().find((x) => x.rule === 'R55')!;
    const fixes = edits.quickFixes(d);
    expect(fixes.map((f) => [f.title, f.preferred ?? false])).toEqual([
      [
        'Reconnect cirrus-operator.v0.1.0: remove “skips cirrus-operator.v0.2.0” from cirrus-operator.v0.3.0 so the replaces chain goes on',
        true,
      ],
      ['Let cirrus-operator.v0.3.0 skip cirrus-operator.v0.1.0', false],
    ]);
    for (const f of fixes) {
      const r = edits.perform(f.action, f.args);
      expect(r.state.summary.passed).toBe(true);
      edits.undo();
    }
  });

  it('offers "add the missing replaces" when the chain simply ends early', async () => {
    const files = {
      'p/c.yaml': [
        'schema: olm.package\nname: p\ndefaultChannel: stable',
        'schema: olm.channel\npackage: p\nname: stable\nentries:\n  - name: p.v1.0.0\n  - name: p.v2.0.0',
        ...['1.0.0', '2.0.0'].map(
          (v) =>
            `schema: olm.bundle\npackage: p\nname: p.v${v}\nimage: x.io/p:${v}\nproperties:\n  - type: olm.package\n    value: {packageName: p, version: ${v}}`,
        ),
      ].join('\n---\n'),
    };
    const service = new CatalogService();
    await service.open(new MemorySource(files), { kind: 'handle', readOnly: false });
    const edits = new EditSession(service);
    const d = service.getDiagnostics().find((x) => x.rule === 'R55')!;
    expect(d.message).toBe('multiple channel heads found in graph: p.v1.0.0, p.v2.0.0');
    const fixes = edits.quickFixes(d);
    expect(fixes[0]).toMatchObject({
      title: 'p.v2.0.0 replaces p.v1.0.0',
      action: 'addReplaces',
      args: { package: 'p', channel: 'stable', bundle: 'p.v2.0.0', replaces: 'p.v1.0.0' },
      preferred: true,
    });
    expect(edits.perform(fixes[0]!.action, fixes[0]!.args).state.summary.passed).toBe(true);
  });

  it('restores a draft only onto the text it was made from', async () => {
    const { edits, original } = await session();
    const draft = [
      { path: AURORA, original: original(AURORA), text: original(AURORA) + '# draft\n' },
      { path: ALPHA, original: 'something else', text: 'schema: olm.channel\n' },
    ];
    const r = edits.restore(draft);
    expect(r.stale).toEqual([ALPHA]);
    expect(r.changes).toEqual([{ path: AURORA, text: original(AURORA) + '# draft\n' }]);
    expect(r.state.undoLabel).toBe('Restore unsaved edits');
    const forced = edits.restore(draft, true);
    expect(forced.changes.map((c) => c.path)).toEqual([ALPHA]);
  });

  it('tracks saved files and taking the disk version', async () => {
    const { edits, original } = await session();
    edits.perform('setDefaultChannel', { package: 'aurora-operator', channel: 'fast' });
    const [e] = edits.edits();
    expect(e).toMatchObject({ path: AURORA, original: original(AURORA) });
    expect(edits.markSaved([{ path: AURORA, text: e!.text }]).dirty).toEqual([]);
    expect(edits.state().canUndo).toBe(true);
    edits.undo();
    expect(edits.state().dirty).toEqual([{ path: AURORA, status: 'modified' }]);
    const disk = original(AURORA) + '# changed on disk\n';
    const t = edits.takeDiskVersion(AURORA, disk);
    expect(t.changes).toEqual([{ path: AURORA, text: disk }]);
    expect(t.state.dirty).toEqual([]);
    expect(edits.original(AURORA)).toBe(disk);
  });

  it('marks schema problems of JSON-stream blobs at their keys', async () => {
    const { edits, service, original } = await session();
    const path = 'borealis-operator/catalog.json';
    const broken = original(path).replace('"defaultChannel": "stable-v2"', '"defaultChanel": "stable-v2"');
    edits.typeText(path, broken);
    expect(service.getFile(path)?.text).toBe(broken);
    expect(edits.schemaMarkers(path)).toEqual([
      {
        message: 'Property defaultChanel is not allowed.',
        range: { file: path, start: { line: 4, column: 22 }, end: { line: 4, column: 33 } },
      },
    ]);
  });

  it('lists the actions for menus', () => {
    expect(actionSpecs().map((a) => a.name)).toContain('promoteToChannel');
  });
});
