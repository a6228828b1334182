/**
 * A handle for tests and benchmarks (bench/browser.bench.ts), set only under automation
 * (navigator.webdriver) or in the dev server, like window.__fbcGraph: the app's state and the same
 * edit paths the UI uses, so a benchmark times the real paths rather than a copy of them.
 */
import type { CatalogSummary } from '../../core/service/views';
import { useApp, type AppState } from './store';

export interface FbcStudioHook {
  state(): AppState;
  /** What opening the editor does first: the editing code loaded on both sides of the worker. */
  prepareEditing(): Promise<void>;
  /**
   * An edit as the editor makes it (typing that replaces the file's text): the worker re-validates
   * and records it in the edit history, then the new summary is shown.
   */
  updateFile(path: string, text: string): Promise<CatalogSummary>;
}

declare global {
  interface Window {
    __fbcStudio?: FbcStudioHook;
  }
}

if (typeof window !== 'undefined' && (import.meta.env.DEV || navigator.webdriver)) {
  window.__fbcStudio = {
    state: () => useApp.getState(),
    async prepareEditing() {
      const { loadEditCore } = await import('../editor/edit-client');
      await loadEditCore();
    },
    async updateFile(path, text) {
      const { typeText } = await import('../editor/edit-client');
      return (await typeText(path, text)).summary;
    },
  };
}
