import { replaceFileText } from '../state/queries';

/**
 * Under automation only (like window.__fbcGraph): lets e2e tests send an edit to the worker the way
 * any editing UI does (service.updateFile, then the new summary), to check the impact panel on its own.
 */
declare global {
  interface Window {
    __fbcPathsTest?: { updateFile(path: string, text: string): Promise<void> };
  }
}

if (typeof navigator !== 'undefined' && navigator.webdriver) {
  window.__fbcPathsTest = {
    async updateFile(path, text) {
      const summary = await replaceFileText(path, text);
      // Loaded here, not with the view: it is editing code (show-generation.ts).
      const { showGeneration } = await import('../state/show-generation');
      await showGeneration(summary);
    },
  };
}
