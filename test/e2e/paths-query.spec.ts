import { expect, test } from '@playwright/test';
import { shot, waitForCatalog } from './helpers';
import { edgeStyle, entriesRow, graphReady, ids, pathsPanel, timelineSteps } from './paths-helpers';

// Reviewers and speakers work on bigger screens than the default 1280×720; the graph gets room.
test.use({ viewport: { width: 1600, height: 1000 } });

const C = (v: string) => `cirrus-operator.v${v}`;
const A = (v: string) => `aurora-operator.v${v}`;

test('select a bundle, show its upgrade path: v0 and v1 differ, both timelines, highlighted nodes', async ({
  page,
}, info) => {
  await page.goto('/?pkg=cirrus-operator&ch=alpha');
  await waitForCatalog(page);
  await graphReady(page);

  // Pick the installed bundle in the Entries table: the form follows the selection.
  await entriesRow(page, C('0.1.0')).click();
  const installed = pathsPanel(page).getByLabel('Installed');
  await expect(installed).toHaveValue(C('0.1.0'));
  await pathsPanel(page).getByRole('button', { name: 'Show upgrade path' }).click();

  await expect(page.getByTestId('path-difference')).toHaveText(
    `OLM v0 and v1 differ. From ${C('0.1.0')}, OLM v1 moves to ${C('0.2.0')} but OLM v0 cannot, because ` +
      `${C('0.2.0')} is skipped by ${C('0.3.0')}.`,
  );
  await expect.poll(() => timelineSteps(page, 'path-timeline-v0')).toEqual([C('0.1.0')]);
  await expect(page.getByTestId('path-timeline-v0')).toContainText(
    `Stops here. No upgrade from ${C('0.1.0')}: ${C('0.2.0')} (skipped by ${C('0.3.0')}) would qualify`,
  );
  await expect
    .poll(() => timelineSteps(page, 'path-timeline-v1'))
    .toEqual([C('0.1.0'), C('0.2.0'), C('0.3.0')]);
  await expect(page.getByTestId('path-timeline-v1')).toContainText(`${C('0.2.0')} replaces ${C('0.1.0')}`);

  // OLM v0 is highlighted first: only the installed bundle, no path edges.
  await expect.poll(() => ids(page, 'node.hl')).toEqual([C('0.1.0')]);
  expect(await ids(page, 'edge.path-edge')).toEqual([]);
  // Highlight the OLM v1 path: three bundles, and the edges between consecutive hops.
  await pathsPanel(page).getByRole('radio', { name: 'OLM v1' }).click();
  await expect.poll(() => ids(page, 'node.hl')).toEqual([C('0.1.0'), C('0.2.0'), C('0.3.0')]);
  expect(await ids(page, 'edge.path-edge')).toEqual([
    `e:replaces:${C('0.1.0')}->${C('0.2.0')}`,
    `e:replaces:${C('0.2.0')}->${C('0.3.0')}`,
    `e:skips:${C('0.2.0')}->${C('0.3.0')}`,
  ]);
  await shot(page, 'paths-timeline-differ', info);
});

test('a typed version in another channel: the path is shown on that channel; v0 and v1 agree', async ({
  page,
}, info) => {
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);
  await graphReady(page);
  await pathsPanel(page).getByLabel('Installed').fill('1.1.0');
  await pathsPanel(page).getByLabel('Channel').selectOption('fast');
  await pathsPanel(page).getByRole('button', { name: 'Show upgrade path' }).click();
  // The app moves to the channel the answer is about.
  await expect(page).toHaveURL(/ch=fast/);
  await graphReady(page);
  const timeline = page.getByTestId('path-timeline');
  await expect(timeline).toContainText('OLM v0 and v1 agree');
  await expect.poll(() => timelineSteps(page, 'path-timeline')).toEqual([A('1.1.0'), A('1.3.0')]);
  await expect(timeline).toContainText(`${A('1.3.0')} skips ${A('1.1.0')} and is nearest the head`);
  await expect(timeline.locator('li.head')).toHaveText(
    new RegExp(`${A('1.3.0').replace(/\./g, '\\.')}.*HEAD`),
  );
  await expect.poll(() => ids(page, 'node.hl')).toEqual([A('1.1.0'), A('1.3.0')]);
  expect(await ids(page, 'edge.path-edge')).toEqual([
    `e:skipRange:${A('1.1.0')}->${A('1.3.0')}`,
    `e:skips:${A('1.1.0')}->${A('1.3.0')}`,
  ]);
  await shot(page, 'paths-timeline-agree', info);

  // A version no bundle has, and text that is not a version.
  await pathsPanel(page).getByLabel('Installed').fill('1.x');
  await pathsPanel(page).getByRole('button', { name: 'Show upgrade path' }).click();
  await expect(pathsPanel(page).getByRole('alert')).toHaveText(
    '1.x is not a version (expected semver such as 1.2.0)',
  );
  await expect.poll(() => ids(page, 'node.hl')).toEqual([]);
});

test('who can reach this bundle: every bundle whose users end up here, highlighted', async ({ page }) => {
  await page.goto(`/?pkg=cirrus-operator&ch=alpha&bundle=${C('0.2.0')}`);
  await waitForCatalog(page);
  await graphReady(page);
  await pathsPanel(page).getByRole('button', { name: 'Who can reach it?' }).click();
  await expect(page.getByTestId('who-v0')).toContainText('OLM v0: 0 bundles');
  await expect(page.getByTestId('who-v1')).toContainText(`OLM v1: 1 bundle${C('0.1.0')}`);
  await expect.poll(() => ids(page, 'node.hl')).toEqual([C('0.2.0')]);
  await pathsPanel(page).getByRole('radio', { name: 'OLM v1' }).click();
  await expect.poll(() => ids(page, 'node.hl')).toEqual([C('0.1.0'), C('0.2.0')]);

  // The head of aurora stable: both semantics bring everyone there.
  await page.goto(`/?pkg=aurora-operator&ch=stable&bundle=${A('1.2.0')}`);
  await waitForCatalog(page);
  await graphReady(page);
  await pathsPanel(page).getByRole('button', { name: 'Who can reach it?' }).click();
  await expect(page.getByTestId('who-both')).toContainText('OLM v0 and v1: 2 bundles');
  await expect.poll(() => ids(page, 'node.hl')).toEqual([A('1.0.0'), A('1.1.0'), A('1.2.0')]);
});

test('the OLM v0 semantics switch: ignored edges turn red and dashed, with a tooltip saying why', async ({
  page,
}, info) => {
  await page.goto('/?pkg=cirrus-operator&ch=alpha');
  await waitForCatalog(page);
  await graphReady(page);
  const ignored = `e:replaces:${C('0.1.0')}->${C('0.2.0')}`;
  const plain = await edgeStyle(page, ignored);
  expect(plain.classes).toEqual([]);
  expect(plain.lineStyle).toBe('solid');
  expect(await ids(page, 'node.v0skipped')).toEqual([]);

  const toggle = page.getByRole('switch', { name: 'OLM v0 semantics' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await edgeStyle(page, ignored)).classes).toEqual(['v0ignored']);
  const red = await edgeStyle(page, ignored);
  expect(red.lineStyle).toBe('dashed');
  expect(red.color).not.toBe(plain.color);
  // Only that edge: the head's own edges are followed by OLM v0.
  expect(await ids(page, 'edge.v0ignored')).toEqual([ignored]);
  expect(await ids(page, 'node.v0skipped')).toEqual([C('0.2.0')]);
  await expect(page.getByRole('complementary', { name: 'Graph legend' })).toContainText('ignored by OLM v0');

  // Hovering the red edge says why OLM v0 ignores it.
  const at = await page.evaluate((id) => {
    const cy = (window as unknown as { __fbcGraph: import('./paths-helpers').Cy }).__fbcGraph;
    return cy.getElementById(id).renderedMidpoint();
  }, ignored);
  const box = (await page.locator('.fbc-graph-canvas').boundingBox())!;
  await page.mouse.move(box.x + at.x, box.y + at.y);
  await expect(page.getByRole('tooltip')).toHaveText(
    `${C('0.2.0')} is skipped by ${C('0.3.0')}, so OLM v0 never upgrades to it`,
  );
  await shot(page, 'paths-v0-semantics', info);

  // The switch holds across channels and views.
  await page.getByRole('tab', { name: /stable/ }).click();
  await graphReady(page);
  await expect(page.getByRole('switch', { name: 'OLM v0 semantics' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await toggle.click();
  await page.getByRole('tab', { name: /alpha/ }).click();
  await graphReady(page);
  await expect.poll(async () => (await edgeStyle(page, ignored)).classes).toEqual([]);
});
