import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { shot, waitForCatalog } from './helpers';

/**
 * The Mirror plan over the demo catalog: an ImageSetConfiguration typed in its editor is planned as
 * oc-mirror v2 filters (as the user types), the kept bundles are highlighted on the channel graph
 * and the dropped ones dimmed, oc-mirror's stop message shows, a running version's upgrade is
 * answered, the suggested change applies to the text, a misspelled key is marked by the schema, the
 * ISC downloads, and it is still there after a reload.
 */

interface Cy {
  nodes(selector: string): { map<T>(f: (n: { id(): string }) => T): T[] };
}

const marked = (page: Page, cls: string) =>
  page.evaluate((c) => {
    const cy = (window as unknown as { __fbcGraph?: Cy }).__fbcGraph;
    return cy
      ? cy
          .nodes(`.${c}`)
          .map((n) => n.id())
          .sort()
      : [];
  }, cls);

const isc = (pkg: string, channel: string, min: string, extra = '') => `kind: ImageSetConfiguration
apiVersion: mirror.openshift.io/v2alpha1
mirror:
  operators:
    - catalog: registry.example.com/demo:latest
      packages:
        - name: ${pkg}
${extra}          channels:
            - name: ${channel}
              minVersion: ${min}
`;

const editorText = (page: Page) => page.evaluate(() => window.__fbcIscEditor?.getModel()?.getValue() ?? '');

/**
 * Pastes the whole ISC over the editor's text, as a user pasting it does (Monaco's own paste
 * command: typed key by key, its auto-indent would re-indent every line).
 */
async function typeIsc(page: Page, text: string): Promise<void> {
  await page.getByTestId('isc-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((t) => window.__fbcIscEditor?.trigger('keyboard', 'paste', { text: t }), text);
  await expect.poll(() => editorText(page)).toBe(text);
}

async function openMirrorPlan(page: Page) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('mirror');
  await palette.getByRole('option', { name: /Mirror plan/ }).click();
  const panel = page.getByRole('complementary', { name: 'Mirror plan' });
  await expect(panel.getByTestId('isc-editor').locator('.view-lines')).toBeVisible();
  return panel;
}

test('type an ImageSetConfiguration: kept bundles on the graph, the stop message, reachability and its fix', async ({
  page,
}) => {
  await page.goto('/');
  await waitForCatalog(page);
  const panel = await openMirrorPlan(page);

  // Two bundles of aurora's stable channel kept: highlighted there, the third dimmed.
  await typeIsc(page, isc('aurora-operator', 'stable', '1.1.0'));
  const kept = panel.getByRole('region', { name: 'Kept by the mirror' });
  await expect(kept).toContainText('stable: aurora-operator.v1.1.0, aurora-operator.v1.2.0');
  await expect(panel.getByTestId('mirror-validate')).toHaveText(
    'opm validate of the filtered catalog: passes',
  );
  await kept.getByRole('button', { name: 'Show channel stable of aurora-operator on the graph' }).click();
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  await expect
    .poll(() => marked(page, 'mirror-kept'))
    .toEqual(['aurora-operator.v1.1.0', 'aurora-operator.v1.2.0']);
  expect(await marked(page, 'mirror-dropped')).toEqual(['aurora-operator.v1.0.0']);
  await expect(page.getByRole('complementary', { name: 'Graph legend' })).toContainText(
    'kept by the mirror plan',
  );
  await shot(page, 'mirror-plan', test.info());
  // The whole package's graph: what any of its channels keeps.
  await page.getByRole('button', { name: 'Whole package' }).click();
  await expect
    .poll(() => marked(page, 'mirror-dropped'))
    .toEqual(['aurora-operator.v1.0.0', 'aurora-operator.v1.3.0', 'aurora-operator.v1.4.0-rc.1']);
  expect(await marked(page, 'mirror-kept')).toEqual(['aurora-operator.v1.1.0', 'aurora-operator.v1.2.0']);
  await page.getByRole('button', { name: 'Whole package' }).click();

  // A minVersion above the head: oc-mirror's own message, and nothing is marked kept.
  await typeIsc(page, isc('aurora-operator', 'stable', '1.5.0'));
  await expect(panel.getByTestId('mirror-stop')).toHaveText(
    'oc-mirror stops: failed to filter catalog: package "aurora-operator" channel "stable" has version range ">=1.5.0" that results in an empty channel',
  );
  await expect.poll(() => marked(page, 'mirror-kept')).toEqual([]);

  // A cluster on borealis 1.0.0 cannot reach a mirror that keeps 1.1.0 only; the suggestion fixes it.
  await typeIsc(
    page,
    isc('borealis-operator', 'stable-v1', '1.1.0', '          defaultChannel: stable-v1\n'),
  );
  await panel.getByRole('button', { name: 'Add a running version' }).click();
  await panel
    .getByRole('textbox', { name: 'Running version 1 (package@version)' })
    .fill('borealis-operator@1.0.0');
  const reach = panel.getByTestId('mirror-reach');
  await expect(reach).toContainText(
    'borealis-operator@1.0.0 in stable-v1: OLM v0 stops at borealis-operator.v1.0.0: No entry of channel stable-v1 replaces or skips borealis-operator.v1.0.0',
  );
  await expect(panel.getByTestId('mirror-suggestion')).toContainText(
    'path: /mirror/operators/0/packages/0/channels/0/minVersion',
  );
  await panel.getByRole('button', { name: 'Apply to the ImageSetConfiguration' }).click();
  await expect.poll(() => editorText(page)).toContain('              minVersion: 1.0.0\n');
  await expect(reach).toContainText(
    'OLM v0 reaches the head: borealis-operator.v1.0.0 → borealis-operator.v1.0.1 → borealis-operator.v1.1.0',
  );
  await expect(panel.getByTestId('mirror-suggestion')).toHaveCount(0);

  // Export: the ISC as typed, as a .yaml download.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export .yaml' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('imageset-config.yaml');
  expect(readFileSync((await file.path())!, 'utf8')).toBe(await editorText(page));

  // Kept across a reload, with the running versions.
  const typed = await editorText(page);
  // The draft is saved after a pause in typing: reload once it is (browser/isc-draft.ts).
  await expect.poll(() => savedIscText(page)).toBe(typed);
  await page.reload();
  await waitForCatalog(page);
  const again = await openMirrorPlan(page);
  await expect.poll(() => editorText(page)).toBe(typed);
  await expect(again.getByRole('textbox', { name: 'Running version 1 (package@version)' })).toHaveValue(
    'borealis-operator@1.0.0',
  );
});

test('a misspelled key is marked in the editor by the ISC schema, and oc-mirror refuses it', async ({
  page,
}) => {
  await page.goto('/');
  await waitForCatalog(page);
  const panel = await openMirrorPlan(page);
  // Keyboard: the editor has the focus on open, and Escape leaves it for the next control.
  await expect.poll(() => page.evaluate(() => window.__fbcIscEditor?.hasTextFocus() ?? false)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel.getByRole('button', { name: 'Add a running version' })).toBeFocused();
  await typeIsc(page, isc('aurora-operator', 'stable', '1.1.0').replace('minVersion', 'minVersoin'));
  await expect(panel.getByTestId('mirror-stop')).toHaveText(
    'oc-mirror stops: decode ImageSetConfiguration: json: unknown field "minVersoin"',
  );
  await expect
    .poll(() =>
      page.evaluate(() => {
        const m = window.__fbcIscEditor?.getModel();
        return m
          ? (window.__fbcMonaco?.editor.getModelMarkers({ resource: m.uri }) ?? []).map(
              (x) => `${x.startLineNumber}: ${x.message}`,
            )
          : [];
      }),
    )
    .toContainEqual(expect.stringMatching(/^10: .*minVersoin/));
});

/** The ISC text kept in IndexedDB, read without creating the database when the app has not yet. */
function savedIscText(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'fbc-studio-mirror')) return undefined;
    return new Promise<string | undefined>((resolve) => {
      const open = indexedDB.open('fbc-studio-mirror');
      open.onerror = () => resolve(undefined);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('isc');
        tx.oncomplete = tx.onabort = () => db.close();
        const get = tx.objectStore('isc').get('isc');
        get.onsuccess = () => resolve((get.result as { text?: string } | undefined)?.text);
        get.onerror = () => resolve(undefined);
      };
    });
  });
}
