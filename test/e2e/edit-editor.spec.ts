import { expect, test } from '@playwright/test';
import { problems, shot, waitForCatalog } from './helpers';
import {
  editor,
  editorCursor,
  monacoMarkers,
  monacoText,
  openFromFiles,
  watchProblems,
} from './edit-helpers';

const AURORA = 'aurora-operator/catalog.yaml';
const DANGLING = 'channel must contain at least one bundle';

test('typing an error shows it as a Monaco marker and in the problems panel; the quick fix and undo/redo work', async ({
  page,
}, info) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!/^(https?:\/\/(localhost|127\.0\.0\.1)[:/]|data:|blob:)/.test(r.url())) external.push(r.url());
  });
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);

  // Open the file from the file tree: Monaco loads lazily, with YAML highlighting.
  await openFromFiles(page, 'catalog.yaml');
  await expect(editor(page).getByRole('tab', { name: 'catalog.yaml' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect.poll(() => monacoText(page, AURORA)).toContain('defaultChannel: stable');
  await expect(editor(page).locator('.mtk1, .mtk5, .mtk6').first()).toBeVisible();

  // Break it: defaultChannel names a channel that does not exist. Measured twice: the first
  // keystroke also warms the worker's edit path; the second is what typing costs from then on.
  const delays: number[] = [];
  for (const round of [1, 2]) {
    const seen = await watchProblems(page, DANGLING);
    await editorCursor(page, 7, 23);
    await page.keyboard.type('x');
    delays.push(await seen());
    if (round === 1) {
      await page.keyboard.press('Backspace');
      await expect(problems(page).getByRole('option', { name: new RegExp(DANGLING) })).toHaveCount(0);
    }
  }
  console.log(
    `keystroke → problems panel updated (demo catalog): first ${delays[0]!.toFixed(0)} ms, then ${delays[1]!.toFixed(0)} ms`,
  );
  expect(delays[1]).toBeLessThan(200);

  await expect(problems(page).getByRole('option', { name: new RegExp(DANGLING) })).toContainText(
    'aurora-operator › stablex',
  );
  await expect
    .poll(() => monacoMarkers(page, AURORA))
    .toContainEqual({ owner: 'fbc', severity: 8, line: 7, column: 17, endColumn: 24, message: DANGLING });
  await expect(editor(page).locator('.squiggly-error').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeEnabled();
  await shot(page, '22-edit-editor-marker', info);

  // The quick fix (Ctrl+.) sets defaultChannel to an existing channel.
  await editorCursor(page, 7, 19);
  await page.keyboard.press('Control+.');
  const fix = page.locator('.action-widget').getByText('Set defaultChannel to "stable"');
  await expect(fix).toBeVisible();
  await shot(page, '23-edit-quick-fix', info);
  await fix.click();
  await expect.poll(() => monacoText(page, AURORA)).toContain('defaultChannel: stable\n');
  await expect(problems(page).getByRole('option', { name: new RegExp(DANGLING) })).toHaveCount(0);

  // Undo goes back through the action, then the typing (one step); redo forward again.
  await editorCursor(page, 1, 1);
  await page.keyboard.press('Control+z');
  await expect.poll(() => monacoText(page, AURORA)).toContain('defaultChannel: stablex\n');
  await page.keyboard.press('Control+z');
  await expect.poll(() => monacoText(page, AURORA)).toContain('defaultChannel: stable\n');
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => monacoText(page, AURORA)).toContain('defaultChannel: stablex\n');
  await expect(problems(page).getByRole('option', { name: new RegExp(DANGLING) })).toHaveCount(1);

  // The project's FBC schema, through monaco-yaml: a misspelt key is flagged, keys are completed.
  await page.evaluate(() => {
    const ed = (
      window as unknown as {
        __fbcEditor: { executeEdits(s: string, e: { range: unknown; text: string }[]): void };
        __fbcMonaco: { Range: new (a: number, b: number, c: number, d: number) => unknown };
      }
    ).__fbcEditor;
    const { Range } = (
      window as unknown as {
        __fbcMonaco: { Range: new (a: number, b: number, c: number, d: number) => unknown };
      }
    ).__fbcMonaco;
    ed.executeEdits('test', [{ range: new Range(8, 1, 8, 1), text: 'defaultChanel: fast\n' }]);
  });
  await expect
    .poll(async () =>
      (await monacoMarkers(page, AURORA)).filter((m) => m.owner === 'yaml').map((m) => m.message),
    )
    .toContainEqual(expect.stringContaining('Property defaultChanel is not allowed'));
  await editorCursor(page, 9, 1);
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget')).toContainText('properties');
  await page.keyboard.press('Escape');
  expect(external).toEqual([]);
});

test('actions and typing share one history: an action shows up in the open editor and undoes from the toolbar', async ({
  page,
}, info) => {
  await page.goto('/?pkg=cirrus-operator&ch=alpha');
  await waitForCatalog(page);
  const path = 'cirrus-operator/channels/alpha.yaml';
  await openFromFiles(page, 'alpha.yaml');
  await expect.poll(() => monacoText(page, path)).toContain('skips:');

  // The stranded-bundle error has a quick fix in the problems' marker; here, use the palette instead.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('remove skips');
  await shot(page, '26-edit-palette', info);
  await palette.getByRole('option', { name: /Remove skips edge/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove skips edge' });
  await dialog.getByLabel('Bundle', { exact: true }).selectOption('cirrus-operator.v0.3.0');
  await dialog.getByLabel('Skipped bundle').selectOption('cirrus-operator.v0.2.0');
  await shot(page, '27-edit-action-dialog', info);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => monacoText(page, path)).not.toContain('skips:');
  await expect(problems(page).getByText('opm validate: passed')).toBeVisible();

  // Typing after the action, then undo twice from the toolbar: typing first, then the action.
  await editorCursor(page, 1, 1);
  await page.keyboard.type('# reviewed\n');
  await expect.poll(() => monacoText(page, path)).toMatch(/^# reviewed\n/);
  await page.getByRole('button', { name: /^Undo Typing/ }).click();
  await expect.poll(() => monacoText(page, path)).toMatch(/^schema: olm.channel/);
  await page.getByRole('button', { name: /^Undo Remove skips edge/ }).click();
  await expect.poll(() => monacoText(page, path)).toContain('skips:');
  await expect(problems(page).getByText('opm validate: failed')).toBeVisible();
});
