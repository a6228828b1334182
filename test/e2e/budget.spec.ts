import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { waitForCatalog } from './helpers';

// The budget: initial JS (before the editor is opened) at most 300 kB gzip, measured on a
// package view, so the worker and the lazily loaded graph chunk count too. Raised to 302 kB when the
// repository configuration, the served folder of `fbc-studio open`, accepted findings, OLM v1, the
// policy packs and the readable graph landed together (measured 300.8 kB; each feature's own code
// loads lazily, what is left is the wiring the first view needs). Raised to 303 kB when the Mirror
// plan, the repository overview, compare against any folder, the slide export, template image pulls
// and per-edit policy packs landed together (measured 302.7 kB: +0.6 kB in the app's entry, +0.3 kB
// in the worker, +0.6 kB in the graph chunk for the Mirror plan's marks, and Rolldown's runtime now
// in a file of its own, 0.5 kB). Raised to 303.5 kB for the catalog worker's bundle-object check
// through the browser's own base64 decoder and Go decoding that keeps a blob instead of copying it
// (+0.35 kB in the worker; issue #32: the 200 MB JSON open went from ~850 to ~700 ms). Raised to
// 303.7 kB when two of our own warnings stopped being wrong on real catalogs (+0.19 kB in the worker,
// measured 303.67 kB): skips-only names the older entries an entry's skips leave out and is quiet when
// there are none (all 36 on the corpus were heads skipping every older entry), skiprange-covers-nothing
// looks in the package's other channels (149 of 242 on the corpus matched a channel-per-minor
// layout's previous channel). Raised to 303.75 kB when opm v1.71+'s substitutes checks (a substitute
// must be above its base: declcfg's VersionRelease) and Go decoding's fill of a struct with absent
// fields (most channel entries) landed (+0.035 kB in the worker, measured 303.71 kB). Raised to 303.8 kB
// when Fleet's helm values templates landed (+0.046 kB in the worker: %v of a Go int, and six Go helpers
// the worker already has — goFormatV, goJsonIndent, isGoSpace… — exported to the text/template and sprig
// chunks, which load only with a Fleet bundle). Paying it back is tracked work.
test('initial JavaScript stays within 300 kB gzip', async ({ page }) => {
  // Skipped against the dev server only: its unbundled modules say nothing about the production budget.
  test.skip(process.env.E2E_MODE === 'dev', 'the budget applies to the production build');
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    const url = res.url();
    if (!/\.(m?js|tsx?)(\?|$)/.test(url)) return;
    const body = await res.body().catch(() => undefined);
    if (body) scripts.set(url, gzipSync(body, { level: 9 }).byteLength);
  });
  await page.goto('/?pkg=aurora-operator&ch=fast&bundle=aurora-operator.v1.3.0');
  await waitForCatalog(page);
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  console.log(
    `initial JS, gzip: ${(total / 1000).toFixed(1)} kB in ${scripts.size} files\n` +
      [...scripts]
        .map(([u, n]) => `  ${(n / 1000).toFixed(1).padStart(6)} kB  ${new URL(u).pathname}`)
        .join('\n'),
  );
  expect(scripts.size).toBeGreaterThanOrEqual(3); // app, worker, graph
  expect(total).toBeLessThanOrEqual(303_800);
});
