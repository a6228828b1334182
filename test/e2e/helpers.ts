/**
 * E2E helpers. The OS folder picker cannot be driven under automation (Playwright intercepts it),
 * so showDirectoryPicker is stubbed to return a directory of the origin-private file system (OPFS):
 * a real FileSystemDirectoryHandle, readable and writable like a folder on disk.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const sharedDir = resolve(repoRoot, '../shared');
export const hasShared = existsSync(resolve(sharedDir, 'corpus/fbc'));
export const sharedSkipReason = `${sharedDir} not found (it holds the corpus of real catalogs; CI provides it)`;

/** Makes showDirectoryPicker resolve to OPFS directory `dir` (created if needed). Call before goto. */
export async function stubDirectoryPicker(page: Page, dir = 'catalog'): Promise<void> {
  await page.addInitScript((name) => {
    (
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true });
  }, dir);
}

/** Writes files (path → text) into OPFS directory `dir`. OPFS is per origin: call after goto. */
export async function seedOpfs(page: Page, files: Record<string, string>, dir = 'catalog'): Promise<void> {
  // Sent in batches: one page.evaluate per file would be slow for a few hundred files.
  const entries = Object.entries(files);
  for (let i = 0; i < entries.length; i += 50) {
    await page.evaluate(
      async ({ dir, batch }) => {
        const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(dir, { create: true });
        for (const [path, text] of batch) {
          const parts = path.split('/');
          const name = parts.pop()!;
          let d = root;
          for (const p of parts) d = await d.getDirectoryHandle(p, { create: true });
          const w = await (await d.getFileHandle(name, { create: true })).createWritable();
          await w.write(text);
          await w.close();
        }
      },
      { dir, batch: entries.slice(i, i + 50) },
    );
  }
}

/**
 * Opens OPFS folder `name`, seeded with `files`, as a user does: "Open folder" with the picker stubbed
 * to it; resolves once the catalog named `shown` (default `name`; a RegExp for part of it) is loaded.
 */
export async function openSeededFolder(
  page: Page,
  name: string,
  files: Record<string, string>,
  shown: string | RegExp = name,
): Promise<void> {
  await stubDirectoryPicker(page, name);
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, files, name);
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText(shown);
  await waitForCatalog(page);
}

/** Reads one OPFS file back (what the app wrote). */
export async function readOpfs(page: Page, path: string, dir = 'catalog'): Promise<string> {
  return page.evaluate(
    async ({ dir, path }) => {
      let d = await (await navigator.storage.getDirectory()).getDirectoryHandle(dir);
      const parts = path.split('/');
      const name = parts.pop()!;
      for (const p of parts) d = await d.getDirectoryHandle(p);
      return (await (await d.getFileHandle(name)).getFile()).text();
    },
    { dir, path },
  );
}

/** Every file under `abs` (a folder on disk) as path → text, paths relative to it. */
export function readTree(abs: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(abs, p).split('\\').join('/')] = readFileSync(p, 'utf8');
    }
  };
  walk(abs);
  return out;
}

export const corpusPath = (...parts: string[]) => resolve(sharedDir, 'corpus', ...parts);

/** The shipped demo catalog's files (public/demo, without its manifest). */
export function demoFiles(): Record<string, string> {
  const files = readTree(resolve(repoRoot, 'public/demo'));
  delete files['manifest.json'];
  return files;
}

/** Saves a screenshot of the main views to test-results/screenshots/<name>.png. */
export async function shot(page: Page, name: string, info?: TestInfo): Promise<void> {
  const dir = resolve(repoRoot, 'test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  // Let the graph finish its layout first, when one is on screen.
  if (await page.locator('#channel-panel').count()) {
    await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  }
  await page.screenshot({ path, fullPage: false });
  if (info) await info.attach(name, { path, contentType: 'image/png' });
}

/** Waits for the catalog to finish loading (the progress card is gone, a verdict is shown). */
export async function waitForCatalog(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Loading catalog' })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Problems' }).getByText(/^opm validate: (passed|failed)$/),
  ).toBeVisible();
}

export const packages = (page: Page) => page.getByRole('navigation', { name: 'Packages' });
export const problems = (page: Page) => page.getByRole('region', { name: 'Problems' });
export const packageOptions = (page: Page) => packages(page).getByRole('option');
/** The problem rows (the filter <select>s have options too). */
export const problemRows = (page: Page) =>
  problems(page).getByRole('listbox', { name: 'Problems' }).getByRole('option');
