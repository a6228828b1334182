/**
 * The first keystroke after a file opens in the editor, on the demo catalog, in the built app in
 * headless Chromium: each run is a fresh browser context (a cold catalog worker, as for a user who
 * just opened the app), opens aurora-operator/catalog.yaml from the Files list, waits `--pause` ms,
 * then types one character that breaks `defaultChannel` and times keydown → the problems panel shows
 * the new finding. The keystroke is then undone and a second one timed the same way (what typing
 * costs once everything is warm). Prints every run, then the median and the maximum, and the median
 * of first − second per run (paired, so it varies less with the machine's load than either).
 * `--pause 0` types as soon as the file's text is in the editor (it then competes with the editor's
 * own start-up); 1000 is closer to a person clicking into the text first.
 *
 *   node --import tsx bench/first-keystroke.bench.ts [--runs 7] [--pause 0,1000] [--no-build]
 *   node --import tsx bench/first-keystroke.bench.ts --apps /tmp/before,/tmp/after
 *       compares apps built elsewhere (`npx vite build --outDir …`), runs interleaved
 */
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { appOutDir, buildApp, serveBench } from './browser-serve';
import { chromiumLaunchOptions } from './graph-serve';
import { editorCursor, openFromFiles } from '../test/e2e/edit-helpers';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const runs = Number(opt('runs', '7'));
const pauses = opt('pause', '0,1000').split(',').map(Number);

const FILE = 'aurora-operator/catalog.yaml';
/** The finding `defaultChannel: stablex` produces (the channel does not exist). */
const FINDING = 'channel must contain at least one bundle';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const f0 = (n: number) => `${n.toFixed(0).padStart(4)} ms`;

/** Arms the watch: keydown time, and when the problems panel first contains (or lacks) `text`. */
async function watch(page: Page, text: string, present: boolean): Promise<() => Promise<number>> {
  await page.evaluate(
    ([t, want]) => {
      const w = window as unknown as { __key: number; __seen: number; __obs?: MutationObserver };
      w.__key = 0;
      w.__seen = 0;
      w.__obs?.disconnect();
      addEventListener('keydown', () => (w.__key ||= performance.now()), { capture: true, once: true });
      const region = document.querySelector('[aria-label="Problems"]')!;
      w.__obs = new MutationObserver(() => {
        if (!w.__seen && w.__key && (region.textContent ?? '').includes(t as string) === want)
          w.__seen = performance.now();
      });
      w.__obs.observe(region, { subtree: true, childList: true, characterData: true });
    },
    [text, present] as const,
  );
  return async () => {
    await page.waitForFunction(() => (window as unknown as { __seen: number }).__seen > 0, undefined, {
      timeout: 15_000,
    });
    return page.evaluate(() => {
      const w = window as unknown as { __key: number; __seen: number };
      return w.__seen - w.__key;
    });
  };
}

async function oneRun(page: Page, url: string, pause: number): Promise<{ first: number; second: number }> {
  await page.goto(`${url}/?pkg=aurora-operator&ch=stable`);
  const problems = page.getByRole('region', { name: 'Problems' });
  await problems.getByText(/^opm validate: (passed|failed)$/).waitFor();
  await openFromFiles(page, 'catalog.yaml');
  await page.waitForFunction(
    (p) =>
      (
        window as unknown as {
          __fbcMonaco?: { editor: { getModels(): { uri: { path: string }; getValue(): string }[] } };
          __fbcEditor?: { getModel(): unknown };
        }
      ).__fbcMonaco?.editor
        .getModels()
        .find((m) => m.uri.path === `/${p}`)
        ?.getValue()
        .includes('defaultChannel: stable'),
    FILE,
  );
  if (pause) await page.waitForTimeout(pause);
  let seen = await watch(page, FINDING, true);
  await editorCursor(page, 7, 23);
  await page.keyboard.type('x');
  const first = await seen();
  seen = await watch(page, FINDING, false);
  await page.keyboard.press('Backspace');
  await seen();
  await page.waitForTimeout(300);
  seen = await watch(page, FINDING, true);
  await page.keyboard.type('x');
  const second = await seen();
  return { first, second };
}

async function main(): Promise<void> {
  // Interleaved runs, so that the machine's load hits the compared apps alike.
  const apps = args.includes('--apps') ? opt('apps', '').split(',') : [appOutDir];
  if (!args.includes('--apps') && !args.includes('--no-build')) await buildApp();
  const servers = await Promise.all(
    apps.map((dir) => serveBench({ appDir: dir, probeDir: dir, catalogs: new Map() })),
  );
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(
      `first keystroke → problems panel (demo catalog, ${FILE}), load average ${loadavg()[0]!.toFixed(1)}`,
    );
    for (const pause of pauses) {
      const firsts = apps.map((): number[] => []);
      const seconds = apps.map((): number[] => []);
      for (let i = 0; i < runs; i++) {
        for (const [a, server] of servers.entries()) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
          const page = await context.newPage();
          const r = await oneRun(page, server.url, pause);
          await context.close();
          firsts[a]!.push(r.first);
          seconds[a]!.push(r.second);
          console.log(
            `  ${apps[a]} · pause ${pause} ms · run ${i + 1}: first ${f0(r.first)} · second ${f0(r.second)}`,
          );
        }
      }
      for (const [a, dir] of apps.entries()) {
        const f = firsts[a]!;
        const s = seconds[a]!;
        console.log(
          `${dir} · pause ${pause} ms: first keystroke median ${f0(median(f))}, max ${f0(Math.max(...f))} · ` +
            `second median ${f0(median(s))}, max ${f0(Math.max(...s))} · ` +
            `first − second median ${f0(median(f.map((x, i) => x - s[i]!)))}`,
        );
      }
    }
    console.log(`load average ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
}

await main();
