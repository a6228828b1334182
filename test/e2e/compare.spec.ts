import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import git from 'isomorphic-git';
import { setDefaultChannel } from './edit-helpers';
import { stubDirectoryPicker, waitForCatalog } from './helpers';

/**
 * Compare against Git: a repository made here (two OpenShift versions' catalogs, committed), copied
 * byte for byte into an OPFS folder (the folder stand-in), a change on disk and an edit in the app,
 * then Compare against HEAD: the overlay, the impact and the Markdown.
 */

const bundle = (name: string, image?: string) => `---
schema: olm.bundle
package: etcd
name: ${name}
image: ${image ?? `quay.io/etcd/bundle:${name}`}
properties:
- type: olm.package
  value: {packageName: etcd, version: ${name.replace('etcd.v', '')}}
`;

const catalog = (entries: string, bundles: string) => `---
schema: olm.package
name: etcd
defaultChannel: fast
---
schema: olm.channel
package: etcd
name: stable
entries:
${entries}---
schema: olm.channel
package: etcd
name: fast
entries:
- name: etcd.v1.2.0
${bundles}`;

const COMMITTED = catalog(
  `- name: etcd.v1.0.0
- name: etcd.v1.1.0
  replaces: etcd.v1.0.0
- name: etcd.v1.2.0
  replaces: etcd.v1.1.0
`,
  ['etcd.v1.0.0', 'etcd.v1.1.0', 'etcd.v1.2.0'].map((n) => bundle(n)).join(''),
);

/** On disk, not committed: v1.0.0 pruned (and nothing replaces it any more), v1.1.0 re-tagged. */
const WORKING = catalog(
  `- name: etcd.v1.1.0
- name: etcd.v1.2.0
  replaces: etcd.v1.1.0
`,
  bundle('etcd.v1.1.0', 'quay.io/etcd/bundle:respin') + bundle('etcd.v1.2.0'),
);

/** The other OpenShift version: stable as the working tree has it, fast with one more entry. */
const OLDER_VERSION = WORKING.replace(
  'name: fast\nentries:\n- name: etcd.v1.2.0\n',
  'name: fast\nentries:\n- name: etcd.v1.1.0\n- name: etcd.v1.2.0\n  replaces: etcd.v1.1.0\n',
);

function filesUnder(root: string, at = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(join(root, at), { withFileTypes: true })) {
    const rel = at ? `${at}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(out, filesUnder(root, rel));
    else out[rel] = readFileSync(join(root, rel)).toString('base64');
  }
  return out;
}

async function makeRepository(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'fbc-compare-e2e-'));
  try {
    const write = (p: string, t: string) => {
      mkdirSync(dirname(join(dir, p)), { recursive: true });
      writeFileSync(join(dir, p), t);
    };
    write('v4.18/catalog/etcd/catalog.yaml', OLDER_VERSION);
    write('v4.19/catalog/etcd/catalog.yaml', COMMITTED);
    await git.init({ fs, dir, defaultBranch: 'main' });
    await git.add({ fs, dir, filepath: '.' });
    await git.commit({ fs, dir, message: 'etcd 1.2.0', author: { name: 't', email: 't@example.com' } });
    write('v4.19/catalog/etcd/catalog.yaml', WORKING);
    return filesUnder(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Binary-safe seeding (Git objects are zlib data): base64 in, bytes written. */
async function seedBinary(page: Page, files: Record<string, string>, root: string): Promise<void> {
  await page.evaluate(
    async ({ files, root }) => {
      const top = await (await navigator.storage.getDirectory()).getDirectoryHandle(root, { create: true });
      for (const [path, b64] of Object.entries(files)) {
        const parts = path.split('/');
        const name = parts.pop()!;
        let d = top;
        for (const p of parts) d = await d.getDirectoryHandle(p, { create: true });
        const w = await (await d.getFileHandle(name, { create: true })).createWritable();
        await w.write(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
        await w.close();
      }
    },
    { files, root },
  );
}

test('compare the working tree (a change on disk and an edit) against HEAD: overlay, impact, Markdown', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const files = await makeRepository();
  await stubDirectoryPicker(page, 'etcd-repo');
  await page.goto('/');
  await waitForCatalog(page);
  await seedBinary(page, files, 'etcd-repo');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('etcd-repo/v4.19/catalog');
  await waitForCatalog(page);
  // A pending edit counts as the working tree.
  await setDefaultChannel(page, 'etcd', 'stable');

  await page.getByRole('button', { name: 'Compare…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare' });
  const picker = dialog.getByRole('combobox', { name: 'Compare with' });
  await expect(picker.locator('option')).toHaveText([
    'HEAD — etcd 1.2.0',
    'branch main',
    /^[0-9a-f]{7} etcd 1\.2\.0$/,
    'v4.18/catalog',
  ]);
  await picker.selectOption({ label: 'HEAD — etcd 1.2.0' });
  await dialog.getByRole('button', { name: 'Compare', exact: true }).click();

  await expect(dialog.getByText(/v4\.19\/catalog at HEAD \([0-9a-f]{7}\)/)).toBeVisible();
  const impact = dialog.getByRole('region', { name: 'Impact' });
  await expect(impact.getByRole('listitem')).toHaveText([
    /^Re-tag etcd \/ etcd\.v1\.1\.0 OLM v0 \+ v1 etcd\.v1\.1\.0 now points at quay\.io\/etcd\/bundle:respin/,
    /^Removed \(pruned\) etcd \/ stable \/ etcd\.v1\.0\.0 .*pruned from the catalog; OLM v0 has no path/,
    /^Loses the path to the head etcd \/ stable \/ etcd\.v1\.0\.0 OLM v0 \+ v1 Users on etcd\.v1\.0\.0 can no longer reach the head of stable/,
  ]);
  const pkg = dialog.getByRole('region', { name: 'Package etcd' });
  await expect(pkg.getByText('Default channel: fast → stable')).toBeVisible();
  await expect(pkg.getByText('Re-tag: etcd.v1.1.0')).toBeVisible();
  await expect(pkg.getByRole('table', { name: 'Changed entries of stable' }).getByRole('row')).toHaveText([
    'EntryChange',
    'etcd.v1.0.0removed',
    'etcd.v1.1.0replaces etcd.v1.0.0 → (none)',
  ]);
  await expect(dialog.getByRole('list', { name: 'Legend' })).toContainText(
    'removed (diamond, dashed border)',
  );

  // The overlay: removed node and edge drawn differently from kept ones (shape and line style).
  const overlay = await page.evaluate(() => {
    const cy = (window as unknown as { __fbcCompareGraph: import('cytoscape').Core }).__fbcCompareGraph;
    return {
      nodes: cy
        .nodes()
        .map((n) => [n.data('label'), n.data('status'), n.style('shape'), n.style('border-style')]),
      edges: cy
        .edges()
        .map((e) => [
          e.source().data('label'),
          e.target().data('label'),
          e.data('status'),
          e.style('line-style'),
        ]),
    };
  });
  expect(overlay.nodes).toEqual([
    ['etcd.v1.1.0', 'changed', 'hexagon', 'dotted'],
    ['etcd.v1.2.0', 'same', 'round-rectangle', 'solid'],
    ['etcd.v1.0.0', 'removed', 'diamond', 'dashed'],
  ]);
  expect(overlay.edges).toEqual([
    ['etcd.v1.1.0', 'etcd.v1.2.0', 'same', 'solid'],
    ['etcd.v1.0.0', 'etcd.v1.1.0', 'removed', 'dashed'],
  ]);

  await dialog.getByRole('button', { name: 'Copy Markdown' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Markdown copied');
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toMatch(
    /^## Catalog diff: v4\.19\/catalog at HEAD \([0-9a-f]{7}\) → v4\.19\/catalog \(working tree\)/,
  );
  expect(markdown.indexOf('**Impact (3)**')).toBeLessThan(markdown.indexOf('### etcd (changed)'));
  expect(markdown).toContain('```mermaid');
  expect(markdown).toContain('| default channel |  | fast → stable |');
});

test('compare a second time against another target draws its overlay and entries; focus stays, Escape closes', async ({
  page,
}) => {
  const files = await makeRepository();
  await stubDirectoryPicker(page, 'etcd-repo');
  await page.goto('/');
  await waitForCatalog(page);
  await seedBinary(page, files, 'etcd-repo');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('etcd-repo/v4.19/catalog');
  await waitForCatalog(page);

  // In the dark theme, so the overlay's labels are checked against it too.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.getByRole('button', { name: 'Compare…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare' });
  const picker = dialog.getByRole('combobox', { name: 'Compare with' });
  const drawn = () =>
    page.evaluate(() => {
      const cy = (window as unknown as { __fbcCompareGraph?: import('cytoscape').Core }).__fbcCompareGraph;
      return cy && !cy.destroyed() ? cy.nodes().map((n) => `${n.data('label')}:${n.data('status')}`) : [];
    });
  // Against HEAD only stable changed; against the other version only fast did: the second run's
  // channel is not the first's.
  const runs = [
    {
      target: 'HEAD — etcd 1.2.0',
      side: 'at HEAD',
      channel: 'stable',
      rows: ['EntryChange', 'etcd.v1.0.0removed', /^etcd\.v1\.1\.0replaces/],
      nodes: ['etcd.v1.1.0:changed', 'etcd.v1.2.0:same', 'etcd.v1.0.0:removed'],
    },
    {
      target: 'v4.18/catalog',
      side: 'v4.18/catalog →',
      channel: 'fast',
      rows: ['EntryChange', 'etcd.v1.1.0removed', /^etcd\.v1\.2\.0replaces etcd\.v1\.1\.0 → \(none\)/],
      nodes: ['etcd.v1.2.0:changed', 'etcd.v1.1.0:removed'],
    },
  ];
  for (const r of runs) {
    await picker.selectOption({ label: r.target });
    await dialog.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(dialog.locator('.compare-sides')).toContainText(r.side);
    const entries = dialog.getByRole('table', { name: `Changed entries of ${r.channel}` }).getByRole('row');
    await expect(entries).toHaveText(r.rows);
    await expect.poll(drawn).toEqual(r.nodes);
    // Focus stays in the dialog, so the keyboard still works there.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // Labels in the dark theme's text colour (#e3e7ee), not the light theme's grey.
  const labelColour = await page.evaluate(() =>
    (window as unknown as { __fbcCompareGraph: import('cytoscape').Core }).__fbcCompareGraph
      .nodes()
      .first()
      .style('color'),
  );
  expect(labelColour).toBe('rgb(227,231,238)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
