/**
 * A real failure part-way through a write, nothing faked: one file is locked by another worker's
 * sync access handle, so Chromium refuses to open it for writing while the other file is written.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoFiles, readOpfs, shot } from './helpers';
import { openDemoFolder, setDefaultChannel } from './edit-helpers';

const AURORA = 'aurora-operator/catalog.yaml';
const AURORA_FAST = demoFiles()[AURORA]!.replace('defaultChannel: stable\n', 'defaultChannel: fast\n');
const BOREALIS = 'borealis-operator/catalog.json';
/** What the report says of a file another tab holds locked. */
const LOCKED =
  'the file is locked (open for writing in another tab or window); close it there and write again';
const BOREALIS_V1 = demoFiles()[BOREALIS]!.replace(
  '"defaultChannel": "stable-v2"',
  '"defaultChannel": "stable-v1"',
);

/**
 * Opens a sync access handle on an OPFS file from a dedicated worker: the exclusive lock another
 * tab writing the file would hold. Returns the function that closes it.
 */
async function lockOpfsFile(page: Page, path: string, dir = 'catalog'): Promise<() => Promise<void>> {
  await page.evaluate(
    async ({ dir, path }) => {
      const source = `
        let handle;
        onmessage = async (e) => {
          try {
            if (e.data.op === 'lock') {
              let d = await (await navigator.storage.getDirectory()).getDirectoryHandle(e.data.dir);
              const parts = e.data.path.split('/');
              const name = parts.pop();
              for (const p of parts) d = await d.getDirectoryHandle(p);
              handle = await (await d.getFileHandle(name)).createSyncAccessHandle();
            } else handle.close();
            postMessage('ok');
          } catch (err) {
            postMessage(String(err));
          }
        };`;
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      (window as unknown as { __locker: Worker }).__locker = worker;
      await new Promise<void>((resolve, reject) => {
        worker.onmessage = (e) => (e.data === 'ok' ? resolve() : reject(new Error(e.data)));
        worker.postMessage({ op: 'lock', dir, path });
      });
    },
    { dir, path },
  );
  return () =>
    page.evaluate(async () => {
      const worker = (window as unknown as { __locker: Worker }).__locker;
      await new Promise<void>((resolve) => {
        worker.onmessage = () => resolve();
        worker.postMessage({ op: 'release' });
      });
      worker.terminate();
    });
}

test('a file locked elsewhere: the rest is written, the report says which file was not and why, and it is written once free', async ({
  page,
}, info) => {
  await openDemoFolder(page);
  await setDefaultChannel(page, 'aurora-operator', 'fast');
  await setDefaultChannel(page, 'borealis-operator', 'stable-v1');
  await expect(page.getByRole('button', { name: /Review changes\s*2/ })).toBeVisible();

  // Files are written in path order: aurora first, then borealis, which is locked.
  const release = await lockOpfsFile(page, BOREALIS);
  await page.getByRole('button', { name: 'Write to folder' }).click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  const report = write.getByRole('alert');
  await expect(report).toContainText('Not everything was written: 1 of 2 files.');
  await expect(report).toContainText('Your edits are kept');
  await expect(report.getByRole('heading', { name: 'Written (1)', exact: true })).toBeVisible();
  await expect(report.getByRole('list').first()).toHaveText(AURORA);
  await expect(report.getByRole('heading', { name: 'Not written (1)' })).toBeVisible();
  await expect(report.getByRole('list').last()).toHaveText(`${BOREALIS} — ${LOCKED}`);
  await shot(page, '29-write-partly-failed', info);
  expect(await readOpfs(page, AURORA)).toBe(AURORA_FAST);
  expect(await readOpfs(page, BOREALIS)).toBe(demoFiles()[BOREALIS]);
  // Only the written file stopped being a change.
  await expect(page.getByRole('button', { name: /Review changes\s*1/ })).toBeAttached();

  // Writing again while the lock is held fails the same way, and does not touch the written file.
  await write.getByRole('button', { name: 'Write again' }).click();
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(report).toContainText('Nothing was written.');
  await expect(report.getByRole('list')).toHaveText(`${BOREALIS} — ${LOCKED}`);
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByRole('button', { name: /Review changes/ }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review.getByRole('listbox', { name: 'Changed files' }).getByRole('option')).toHaveText([
    new RegExp(BOREALIS.replace(/[./]/g, '\\$&')),
  ]);

  // Once the lock is gone, writing again writes the rest.
  await release();
  await review.getByRole('button', { name: 'Write to folder…' }).click();
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Done.');
  await expect(write.getByRole('status').getByRole('list')).toHaveText(BOREALIS);
  expect(await readOpfs(page, BOREALIS)).toBe(BOREALIS_V1);
  expect(await readOpfs(page, AURORA)).toBe(AURORA_FAST);
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
});
