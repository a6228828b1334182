import { expect, test, type Locator, type Page } from '@playwright/test';
import { bundleFiles } from '../unit/bundle/bundle-fixture';
import { smallRepository } from '../support/small-repository';
import { demoFiles, seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';
import { setDefaultChannel, stubPermissionPrompt } from './edit-helpers';

/**
 * Focus, measured on every dialog and docked panel the app opens: where it lands when it opens (a
 * control that does its work, never its close button or Cancel), and that it returns to what opened
 * it when it closes with Escape. Each landing is printed.
 */

async function focused(page: Page): Promise<{ inside: boolean; what: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    // A docked panel (an <aside> beside the graph) counts as the popup it is.
    const dialog = el?.closest('dialog, [role="dialog"], aside.docked-panel');
    const name =
      el?.getAttribute('aria-label') ||
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement
        ? (el.labels?.[0]?.textContent ?? el.getAttribute('placeholder') ?? '')
        : el?.textContent) ||
      '';
    return {
      inside: !!dialog,
      what: `${el?.tagName.toLowerCase() ?? 'none'} "${name.trim().replace(/\s+/g, ' ').slice(0, 40)}"`,
    };
  });
}

/**
 * Opens, then (once `lands`, where given, has the focus: a control rendered after the dialog's own
 * content loads) reads where focus is; Escape (`escapes` times: an editor inside leaves first) closes.
 */
async function check(
  page: Page,
  name: string,
  opener: Locator,
  open: () => Promise<void>,
  dialog: Locator,
  opts: { lands?: Locator; escapes?: number } = {},
) {
  await open();
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(page)).inside, `${name}: focus inside the dialog`).toBe(true);
  if (opts.lands) await expect(opts.lands, `${name}: focus on what it asks first`).toBeFocused();
  const landed = await focused(page);
  console.log(`${name}: focus lands on ${landed.what}`);
  expect(landed.what).not.toMatch(/"(×|Close|Cancel|Skip the tour|Close the .*)"$/);
  for (let i = 1; i < (opts.escapes ?? 1); i++) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener, `${name}: focus returns to its opener`).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
  await page.goto('/?pkg=aurora-operator&ch=fast');
  await waitForCatalog(page);
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
});

test('the palette, the help sheet, the tour, an action, Channel switch, Review and Download .zip', async ({
  page,
}) => {
  const actions = page.getByRole('button', { name: 'Actions', exact: true });
  await check(
    page,
    'Command palette',
    actions,
    () => actions.click(),
    page.getByRole('dialog', { name: 'Command palette' }),
  );

  const help = page.getByRole('button', { name: 'Keyboard shortcuts and tour' });
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.click();
  await expect(sheet).toBeVisible();
  // The sheet opens on its Close button on purpose (Enter leaves it): a sheet to read, no work to do.
  await expect(sheet.getByRole('button', { name: 'Close', exact: true }).last()).toBeFocused();
  console.log('Keyboard shortcuts: focus lands on button "Close" (a sheet to read)');
  await page.keyboard.press('Escape');
  await expect(help).toBeFocused();

  // The tour, started from the sheet (which it replaces): focus back on the help button after it.
  await help.click();
  await sheet.getByRole('button', { name: 'Take the tour again' }).click();
  const tour = page.getByRole('dialog', { name: /^Tour, step 1 of 4/ });
  await expect(tour).toBeVisible();
  await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();
  console.log('Tour: focus lands on button "Next"');
  await page.keyboard.press('Escape');
  await expect(tour).toHaveCount(0);
  await expect(help).toBeFocused();

  const channelActions = page.getByRole('button', { name: /^Channel actions/ });
  await check(
    page,
    'Action dialog',
    channelActions,
    async () => {
      await channelActions.click();
      await page.getByRole('menuitem', { name: /…$/ }).first().click();
    },
    page.getByRole('dialog'),
  );

  const switcher = page.getByRole('button', { name: 'Channel switch…' });
  await check(page, 'Channel switch', switcher, () => switcher.click(), page.getByRole('dialog'));

  // An edit, then Review and Download .zip.
  await channelActions.click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  const review = page.getByRole('button', { name: /Review changes/ });
  await expect(review).toBeEnabled();
  await check(
    page,
    'Review changes',
    review,
    () => review.click(),
    page.getByRole('dialog', { name: 'Review changes' }),
  );
  const zip = page.getByRole('button', { name: /Download( as)? \.zip/ });
  await check(
    page,
    'Download .zip',
    zip,
    () => zip.click(),
    page.getByRole('dialog', { name: 'Download .zip' }),
  );
});

/** A palette command, from the Actions button (which focus returns to once what it opened closes). */
async function fromPalette(page: Page, typed: string, option: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Actions', exact: true }).click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: /Type a command/ }).fill(typed);
  await palette.getByRole('option', { name: option }).click();
}

test('the docked panels: OLM v1 preview and Mirror plan', async ({ page }) => {
  const actions = page.getByRole('button', { name: 'Actions', exact: true });
  const olm = page.getByRole('complementary', { name: 'OLM v1 preview' });
  await check(page, 'OLM v1 preview', actions, () => fromPalette(page, 'ClusterExtension', /OLM v1/), olm, {
    lands: olm.getByRole('textbox', { name: 'ClusterExtension YAML' }),
  });

  // The ISC editor has the focus; the first Escape leaves the editor (as in the editor dock), the
  // second closes the panel.
  const mirror = page.getByRole('complementary', { name: 'Mirror plan' });
  await check(page, 'Mirror plan', actions, () => fromPalette(page, 'mirror', /Mirror plan/), mirror, {
    lands: mirror.getByTestId('isc-editor').getByRole('textbox'),
    escapes: 2,
  });
});

test('Add bundle and Write to folder, on a folder', async ({ page }) => {
  // The folder picker returns the OPFS folder named by window.__pick (the catalog, then the bundle).
  await page.addInitScript(() => {
    const w = window as unknown as { __pick?: string; showDirectoryPicker: () => Promise<unknown> };
    w.showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(w.__pick ?? 'catalog', { create: true });
  });
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, demoFiles());
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('catalog');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    bundleFiles({
      pkg: 'aurora-operator',
      version: '1.5.0',
      replaces: 'aurora-operator.v1.2.0',
      channels: 'stable',
    }),
    'bundle',
  );
  await page.evaluate(() => ((window as unknown as { __pick: string }).__pick = 'bundle'));
  const actions = page.getByRole('button', { name: 'Actions', exact: true });
  const add = page.getByRole('dialog', { name: 'Add bundle aurora-operator.v1.5.0' });
  await check(
    page,
    'Add bundle',
    actions,
    () => fromPalette(page, 'add bundle', /Add bundle from folder/),
    add,
    {
      lands: add.getByLabel(/Bundle image/),
    },
  );

  // Write access lapsed and refused: the dialog asks to try again.
  await page.evaluate(() => ((window as unknown as { __pick: string }).__pick = 'catalog'));
  await setDefaultChannel(page, 'aurora-operator', 'fast');
  await stubPermissionPrompt(page);
  const write = page.getByRole('button', { name: 'Write to folder' });
  const dialog = page.getByRole('dialog', { name: 'Write to folder' });
  await check(page, 'Write to folder', write, () => write.click(), dialog, {
    lands: dialog.getByRole('button', { name: 'Try again' }),
  });
});

test('the Versions matrix, in a repository', async ({ page }) => {
  await stubDirectoryPicker(page, 'small-repo');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, smallRepository(), 'small-repo');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toContainText('small-repo');
  await waitForCatalog(page);
  await page
    .getByRole('table', { name: 'Packages across OpenShift versions' })
    .getByRole('button', { name: /^alpha-operator in OpenShift 4\.18:/ })
    .click();
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  const opener = page.getByRole('button', { name: 'Versions matrix' });
  const dialog = page.getByRole('dialog', { name: 'Versions of alpha-operator' });
  // Opens on the first cell: the matrix is read and a cell picked, there is nothing to type.
  await check(page, 'Versions matrix', opener, () => opener.click(), dialog, {
    lands: dialog.getByRole('button', { name: /^stable/ }).first(),
  });
});
