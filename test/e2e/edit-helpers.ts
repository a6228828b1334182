/** Helpers for the editing e2e tests (graph context menus, Monaco, the OPFS folder). */
import { expect, type Page } from '@playwright/test';
import { demoFiles, seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';

interface Cy {
  getElementById(id: string): { renderedPosition(): { x: number; y: number }; empty(): boolean };
  container(): HTMLElement;
}

/** Opens the demo catalog's files from an OPFS folder (writable, like a real folder). */
export async function openDemoFolder(page: Page, extra: Record<string, string> = {}): Promise<void> {
  await stubDirectoryPicker(page, 'catalog');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, { ...demoFiles(), ...extra });
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('catalog');
  await waitForCatalog(page);
}

/** Where a graph node is on the page. */
export async function nodePoint(page: Page, id: string): Promise<{ x: number; y: number }> {
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  return page.evaluate((nodeId) => {
    const cy = (window as unknown as { __fbcGraph: Cy }).__fbcGraph;
    const n = cy.getElementById(nodeId);
    if (n.empty()) throw new Error(`no node ${nodeId}`);
    const p = n.renderedPosition();
    const r = cy.container().getBoundingClientRect();
    return { x: r.left + p.x, y: r.top + p.y };
  }, id);
}

/**
 * Right-clicks a graph node and picks a menu item. A bundle's menu is named after it: a click that
 * landed elsewhere (the view still panning to a selected bundle) closes that menu and clicks again
 * where the node is now.
 */
export async function nodeMenu(page: Page, id: string, item: string | RegExp): Promise<void> {
  const menu = page.getByRole('menu');
  await expect
    .poll(
      async () => {
        const p = await nodePoint(page, id);
        await page.mouse.click(p.x, p.y, { button: 'right' });
        await expect(menu).toBeVisible();
        if ((await menu.getAttribute('aria-label')) === id) return true;
        await page.keyboard.press('Escape');
        await expect(menu).toHaveCount(0);
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await menu.getByRole('menuitem', { name: item }).click();
}

/** The text of an open Monaco model. */
export function monacoText(page: Page, path: string): Promise<string | undefined> {
  return page.evaluate((p) => {
    const m = (
      window as unknown as {
        __fbcMonaco?: { editor: { getModels(): { uri: { path: string }; getValue(): string }[] } };
      }
    ).__fbcMonaco;
    return m?.editor
      .getModels()
      .find((x) => x.uri.path === `/${p}`)
      ?.getValue();
  }, path);
}

/** Monaco markers of a file: owner, severity (8 error, 4 warning), line and message. */
export function monacoMarkers(
  page: Page,
  path: string,
): Promise<
  { owner: string; severity: number; line: number; column: number; endColumn: number; message: string }[]
> {
  return page.evaluate((p) => {
    const m = (
      window as unknown as {
        __fbcMonaco: {
          Uri: { parse(s: string): unknown };
          editor: {
            getModelMarkers(f: { resource: unknown }): {
              owner: string;
              severity: number;
              startLineNumber: number;
              startColumn: number;
              endColumn: number;
              message: string;
            }[];
          };
        };
      }
    ).__fbcMonaco;
    return m.editor.getModelMarkers({ resource: m.Uri.parse(`file:///${p}`) }).map((x) => ({
      owner: x.owner,
      severity: x.severity,
      line: x.startLineNumber,
      column: x.startColumn,
      endColumn: x.endColumn,
      message: x.message,
    }));
  }, path);
}

export const editor = (page: Page) => page.getByRole('region', { name: 'Editor' });

/** Shows a view without reloading the page (a reload would reopen the demo). */
export async function goTo(page: Page, search: string): Promise<void> {
  await page.evaluate((s) => {
    history.pushState(null, '', s);
    dispatchEvent(new PopStateEvent('popstate'));
  }, search);
}

/** Makes `channel` the default channel of `pkg` (the one-click channel action). */
export async function setDefaultChannel(page: Page, pkg: string, channel: string): Promise<void> {
  await goTo(page, `/?pkg=${pkg}&ch=${channel}`);
  await page.getByRole('button', { name: 'Channel actions ▾' }).click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`${channel}.*default`) })).toBeVisible();
}

/** Opens a catalog file in the editor from the sidebar's Files list (the first one of that name). */
export async function openFromFiles(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Files/ }).click();
  await page.getByRole('list', { name: 'Catalog files' }).getByRole('button', { name }).first().click();
}

/** Puts the editor's cursor at a position (1-based) and focuses it. */
export async function editorCursor(page: Page, line: number, column: number): Promise<void> {
  await page.evaluate(
    ([l, c]) => {
      const ed = (
        window as unknown as {
          __fbcEditor: { setPosition(p: { lineNumber: number; column: number }): void; focus(): void };
        }
      ).__fbcEditor;
      ed.setPosition({ lineNumber: l!, column: c! });
      ed.focus();
    },
    [line, column],
  );
}

/** Records when the problems panel first shows `text` after the last keystroke; returns the delay in ms. */
export async function watchProblems(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((t) => {
    const w = window as unknown as { __lastKey: number; __seen: number };
    w.__lastKey = 0;
    w.__seen = 0;
    document.addEventListener('keydown', () => (w.__lastKey = performance.now()), true);
    const region = document.querySelector('[aria-label="Problems"]')!;
    new MutationObserver(() => {
      if (!w.__seen && region.textContent?.includes(t)) w.__seen = performance.now();
    }).observe(region, { subtree: true, childList: true, characterData: true });
  }, text);
  return async () => {
    await page.waitForFunction(() => (window as unknown as { __seen: number }).__seen > 0);
    return page.evaluate(() => {
      const w = window as unknown as { __lastKey: number; __seen: number };
      return w.__seen - w.__lastKey;
    });
  };
}

/** Where a position (1-based) of the editor is on the page, after scrolling it into view. */
export async function editorPoint(
  page: Page,
  line: number,
  column: number,
): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([l, c]) => {
      const ed = (
        window as unknown as {
          __fbcEditor: {
            revealPositionInCenter(p: { lineNumber: number; column: number }): void;
            getScrolledVisiblePosition(p: {
              lineNumber: number;
              column: number;
            }): { top: number; left: number; height: number } | null;
            getDomNode(): HTMLElement;
          };
        }
      ).__fbcEditor;
      const p = { lineNumber: l!, column: c! };
      ed.revealPositionInCenter(p);
      const at = ed.getScrolledVisiblePosition(p)!;
      const box = ed.getDomNode().getBoundingClientRect();
      return { x: box.left + at.left + 2, y: box.top + at.top + at.height / 2 };
    },
    [line, column],
  );
}

/** The URIs of Monaco's models under `root` (e.g. the hidden JSON-stream shadows), and the markers on them. */
export function hiddenModels(page: Page, root: string): Promise<{ models: string[]; markers: string[] }> {
  return page.evaluate((r) => {
    const m = (
      window as unknown as {
        __fbcMonaco: {
          editor: {
            getModels(): { uri: { path: string } }[];
            getModelMarkers(f: object): { resource: { path: string }; message: string }[];
          };
        };
      }
    ).__fbcMonaco;
    return {
      models: m.editor
        .getModels()
        .map((x) => x.uri.path)
        .filter((p) => p.startsWith(r)),
      markers: m.editor
        .getModelMarkers({})
        .filter((x) => x.resource.path.startsWith(r))
        .map((x) => `${x.resource.path}: ${x.message}`),
    };
  }, root);
}

/**
 * The browser's permission prompt for the folder: queryPermission says write access has lapsed
 * ('prompt'), and requestPermission answers `window.__perm.answer`, recording each request with
 * whether it came with a user activation (without one, a real browser refuses to prompt).
 */
export async function stubPermissionPrompt(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Perm = { answer: PermissionState; requests: string[] };
    const w = window as unknown as { __perm: Perm };
    w.__perm = { answer: 'denied', requests: [] };
    const proto = FileSystemHandle.prototype as unknown as Record<
      'queryPermission' | 'requestPermission',
      (this: FileSystemHandle, d: { mode: string }) => Promise<PermissionState>
    >;
    proto.queryPermission = async () => 'prompt';
    proto.requestPermission = async function (d) {
      w.__perm.requests.push(`${this.name} ${d.mode} activation=${navigator.userActivation.isActive}`);
      return w.__perm.answer;
    };
  });
}
