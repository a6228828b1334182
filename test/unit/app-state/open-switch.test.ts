/**
 * Opening a catalog over another (src/app/opening/open-catalog.ts): the page takes the old catalog's
 * views down in the task that gets the worker's reply and builds the new one's in the next, so that
 * neither task holds the page for the whole switch; the load overlay stays until the new catalog is
 * on screen, and a newer open started in between keeps its overlay.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogSummary } from '../../../src/core/service/views';
import type { OpenReply } from '../../../src/protocol/catalog-protocol';

// The store reads the system theme when it is created; Node has no matchMedia or storage.
vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
vi.stubGlobal('localStorage', { getItem: () => null, setItem() {} });
// Progress repaints once per frame; no frame comes here.
vi.stubGlobal('requestAnimationFrame', () => 0);
vi.stubGlobal('cancelAnimationFrame', () => undefined);
vi.stubGlobal('location', { search: '', origin: 'http://localhost' });

/** Each open's reply, resolved by the test (the worker's load). */
const replies: ((r: OpenReply) => void)[] = [];
vi.mock('../../../src/worker/client', () => ({
  openInWorker: () => new Promise<OpenReply>((resolve) => replies.push(resolve)),
  isAbort: () => false,
  catalogClient: () => ({ getPackageList: async () => [] }),
}));
// Navigation and drafts are other modules' business (the URL, IndexedDB): not part of this.
vi.mock('../../../src/app/state/url', () => ({ currentView: () => ({}), navigate: () => undefined }));
vi.mock('../../../src/app/drafts/drafts', () => ({ onCatalogOpened: async () => undefined }));

let openSpec: typeof import('../../../src/app/opening/open-catalog').openSpec;
let useApp: typeof import('../../../src/app/state/store').useApp;
beforeAll(async () => {
  ({ openSpec } = await import('../../../src/app/opening/open-catalog'));
  ({ useApp } = await import('../../../src/app/state/store'));
});

const summary = (name: string, generation: number) =>
  ({ generation, name, kind: 'files' }) as unknown as CatalogSummary;
const spec = { kind: 'demo', baseUrl: 'http://localhost/demo/' } as const;

/** What the screen is given, in order, with a mark where one task gives way to the next. */
function record(): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const stop = useApp.subscribe((s, prev) => {
    if (s.summary === prev.summary && s.loading === prev.loading) return;
    seen.push(`${s.summary?.name ?? 'none'}${s.loading ? ` (loading ${s.loading.label})` : ''}`);
    // A timer set now runs once this task and its microtasks are done.
    setTimeout(() => seen.push('-- next task'), 0);
  });
  return { seen, stop };
}

let stopRecording: (() => void) | undefined;
afterEach(() => stopRecording?.());

/** Opens catalog `name` (generation `generation`), the worker replying once asked; what the screen was given. */
async function openRecorded(name: string, generation: number): Promise<string[]> {
  const asked = replies.length;
  const opening = openSpec(spec, name);
  await vi.waitFor(() => expect(replies).toHaveLength(asked + 1));
  const r = record();
  stopRecording = r.stop;
  replies[asked]!({ summary: summary(name, generation), repository: null });
  expect(await opening).toBe(true);
  // The timers the recording set run before this one.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return r.seen;
}

describe('opening a catalog over another', () => {
  it('the first catalog goes on screen in the task that gets it (nothing to take down)', async () => {
    expect((await openRecorded('a', 1))[0]).toBe('a');
  });

  it('takes the old views down in one task and builds the new ones in the next, the load shown until then', async () => {
    expect((await openRecorded('b', 2)).slice(0, 3)).toEqual(['none (loading b)', '-- next task', 'b']);
    expect(useApp.getState().loading).toBeUndefined();
  });

  it('a newer open started between the two tasks keeps its overlay; the catalog that arrived is shown', async () => {
    const opening = openSpec(spec, 'c');
    await vi.waitFor(() => expect(replies).toHaveLength(3));
    let newer: Promise<boolean> | undefined;
    let clicked = false;
    const stop = useApp.subscribe((s) => {
      // The user opens another catalog while the old views are down.
      if (s.summary !== undefined || clicked) return;
      clicked = true;
      newer = openSpec(spec, 'd');
    });
    replies[2]!({ summary: summary('c', 3), repository: null });
    expect(await opening).toBe(true);
    stop();
    expect(useApp.getState().summary?.name).toBe('c');
    expect(useApp.getState().loading?.label).toBe('d');
    await vi.waitFor(() => expect(replies).toHaveLength(4));
    replies[3]!({ summary: summary('d', 4), repository: null });
    expect(await newer).toBe(true);
    expect(useApp.getState().summary?.name).toBe('d');
    expect(useApp.getState().loading).toBeUndefined();
  });
});
