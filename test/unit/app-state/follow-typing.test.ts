/** When typing refreshes the views at every keystroke, and when once typing pauses (show-generation.ts). */
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The store (imported by show-generation) reads the system theme when created; Node has neither.
vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
vi.stubGlobal('localStorage', { getItem: () => null, setItem() {} });

let viewsWaitForPause: typeof import('../../../src/app/state/show-generation').viewsWaitForPause;
beforeAll(async () => {
  ({ viewsWaitForPause } = await import('../../../src/app/state/show-generation'));
});

describe('views while typing', () => {
  it('follow every keystroke on a 200 MB index with an ordinary channel on screen', () => {
    // Measured (npm run bench:browser): re-validation 10–25 ms; the channel shown has 40 entries.
    expect(viewsWaitForPause(25, 40)).toBe(false);
    // No graph on screen (the overview).
    expect(viewsWaitForPause(25, 0)).toBe(false);
  });

  it('wait for a pause when the graph on screen is large, or re-validation is slower than typing', () => {
    // A 3,000-entry channel (test/e2e/edit-large.spec.ts) takes seconds to lay out and draw.
    expect(viewsWaitForPause(25, 3000)).toBe(true);
    // One 2 MB file of 3,000 bundles re-validates in ~300 ms per keystroke.
    expect(viewsWaitForPause(300, 0)).toBe(true);
  });
});
