import { expect, test } from '@playwright/test';
import { packages, seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';

/**
 * A catalog is untrusted: nothing in it may make the browser reach another origin. The app ships a
 * Content-Security-Policy; this opens a catalog whose description and icon point at a remote host
 * and checks, on the network, that no request leaves for it, and that the policy (not luck) is what
 * stops a remote load.
 */
const REMOTE = 'example.invalid';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><image href="http://${REMOTE}/svg.png" width="8" height="8"/></svg>`;

const hostile = {
  'hostile/index.yaml': [
    'schema: olm.package',
    'name: hostile',
    'defaultChannel: stable',
    'description: |',
    `  ![remote](http://${REMOTE}/desc.png) <img src="http://${REMOTE}/img.png"> [link](http://${REMOTE}/)`,
    'icon:',
    `  base64data: ${Buffer.from(svg).toString('base64')}`,
    '  mediatype: image/svg+xml',
    '---',
    'schema: olm.channel',
    'package: hostile',
    'name: stable',
    'entries:',
    '  - name: hostile.v1.0.0',
    '---',
    'schema: olm.bundle',
    'package: hostile',
    'name: hostile.v1.0.0',
    `image: ${REMOTE}/hostile/bundle:v1.0.0`,
    'properties:',
    '  - {type: olm.package, value: {packageName: hostile, version: 1.0.0}}',
    '',
  ].join('\n'),
};

test('a catalog pointing at a remote host makes no request to it; the CSP blocks remote loads', async ({
  page,
}) => {
  // Every request for the remote host, and how it ended (a CSP refusal never reaches the network).
  const remote: string[] = [];
  const reached: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).hostname.endsWith(REMOTE)) remote.push(r.url());
  });
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    if (new URL(r.url()).hostname.endsWith(REMOTE) && !/CSP|blocked/i.test(why))
      reached.push(`${r.url()} ${why}`);
  });
  page.on('response', (r) => {
    if (new URL(r.url()).hostname.endsWith(REMOTE)) reached.push(r.url());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await stubDirectoryPicker(page, 'hostile');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, hostile, 'hostile');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await waitForCatalog(page);
  await packages(page)
    .getByRole('option', { name: /hostile/ })
    .click();
  await expect(page.getByRole('heading', { name: 'hostile' })).toBeVisible();
  // The description is shown (an image as its alt text, a link as its text), nothing of it loaded.
  await expect(page.locator('#package-description')).toHaveText('remote link');

  // Opening and showing the catalog asked for nothing remote.
  expect(remote).toEqual([]);
  // The app itself breaks no rule of its own policy.
  const own = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(own).toEqual([]);

  // Whatever renders catalog text one day, a remote image or fetch is refused by the policy.
  const fetched = await page.evaluate(async (host) => {
    const img = document.createElement('img');
    const settled = new Promise((resolve) => img.addEventListener('error', resolve, { once: true }));
    img.src = `http://${host}/probe.png`;
    document.body.append(img);
    await settled;
    img.remove();
    return fetch(`http://${host}/probe.json`).then(
      () => 'fetched',
      () => 'refused',
    );
  }, REMOTE);
  // Violation events are queued as tasks: polled until both arrive, however busy the machine.
  // (Reported once per policy: the preview server sends the header and the page has the meta.)
  await expect
    .poll(async () => [
      ...new Set(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ])
    .toEqual([`img-src http://${REMOTE}/probe.png`, `connect-src http://${REMOTE}/probe.json`]);
  expect(fetched).toBe('refused');
  expect(reached).toEqual([]);
});

test('the policy is served with the page', async ({ page }) => {
  const response = await page.goto('/');
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  const policy = meta ?? response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("connect-src 'self'");
  expect(policy).not.toMatch(/unsafe-eval|https?:/);
});
