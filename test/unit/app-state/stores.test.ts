import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogSummary, EditState } from '../../../src/protocol/catalog-protocol';

// The app store reads the system theme when it is created; Node has no matchMedia or storage.
vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
vi.stubGlobal('localStorage', { getItem: () => null, setItem() {} });

let app: typeof import('../../../src/app/state/store');
let edits: typeof import('../../../src/app/editor/edit-store');
let filters: typeof import('../../../src/app/filters/store');
let ui: typeof import('../../../src/app/ui/ui-store');
beforeAll(async () => {
  app = await import('../../../src/app/state/store');
  edits = await import('../../../src/app/editor/edit-store');
  filters = await import('../../../src/app/filters/store');
  ui = await import('../../../src/app/ui/ui-store');
});

const summary = (generation: number) => ({ generation, name: 'c', passed: true }) as CatalogSummary;

describe('named store mutations', () => {
  it('an edit step keeps one summary: the app store shows it, the edit store holds only the edit status', () => {
    app.catalogOpened(summary(1));
    const state: EditState = {
      summary: summary(2),
      dirty: [{ path: 'a.yaml', status: 'modified' }],
      canUndo: true,
      canRedo: false,
      undoLabel: 'Typing',
      revision: 3,
    };
    edits.editStateChanged(state);
    const edit = edits.useEdits.getState().edit;
    expect(edit).toEqual({
      dirty: [{ path: 'a.yaml', status: 'modified' }],
      canUndo: true,
      canRedo: false,
      undoLabel: 'Typing',
      revision: 3,
    });
    expect(edit).not.toHaveProperty('summary');
    // The summary switches only when show-generation says so.
    expect(app.useApp.getState().summary?.generation).toBe(1);
  });

  it('a failed open ends the load and keeps the catalog on screen', () => {
    app.catalogOpened(summary(4));
    app.openStarted('big folder', {
      phase: 'reading',
      filesRead: 1,
      filesTotal: 9,
      bytesRead: 10,
      bytesTotal: 90,
      currentFile: 'x.yaml',
    });
    expect(app.useApp.getState().loading?.label).toBe('big folder');
    app.openFailed('Could not open big folder: gone');
    const s = app.useApp.getState();
    expect(s.loading).toBeUndefined();
    expect(s.openError).toBe('Could not open big folder: gone');
    expect(s.summary?.generation).toBe(4);
    app.dismissOpenError();
    expect(app.useApp.getState().openError).toBeUndefined();
  });

  it('progress after the load ended is dropped (a late frame does not bring the card back)', () => {
    app.openCancelled();
    app.loadProgressed({
      phase: 'done',
      filesRead: 9,
      filesTotal: 9,
      bytesRead: 90,
      bytesTotal: 90,
      currentFile: '',
    });
    expect(app.useApp.getState().loading).toBeUndefined();
  });

  it('the problems filter changes one field at a time', () => {
    app.filterProblems({ severity: 'error' });
    app.filterProblems({ package: 'etcd' });
    expect(app.useApp.getState().problemsFilter).toEqual({ severity: 'error', package: 'etcd' });
  });

  it('a dialog opening closes the context menu under it; closing it leaves the notice', () => {
    ui.showMenu({ x: 1, y: 2, label: 'etcd.v1', items: [] });
    ui.openDialog({ kind: 'palette' });
    expect(ui.useUi.getState().menu).toBeUndefined();
    ui.dialogDone({ kind: 'ok', text: 'Done.' });
    expect(ui.useUi.getState().dialog).toBeUndefined();
    expect(ui.useUi.getState().notice?.text).toBe('Done.');
  });

  it("clearing a package's filters keeps the other packages' version windows", () => {
    filters.setWindow('etcd', 'stable', { min: '1.0.0' });
    filters.setWindow('etcd', 'fast', { max: '2.0.0' });
    filters.setWindow('prometheus', 'beta', { min: '0.5.0' });
    filters.showEdgeKind('skips', false);
    filters.clearFilters('etcd');
    const s = filters.useViewOptions.getState();
    expect(Object.keys(s.windows)).toEqual([filters.windowKey('prometheus', 'beta')]);
    expect(s.edgeKinds.skips).toBe(true);
  });
});
