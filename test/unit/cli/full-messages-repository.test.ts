/**
 * A repository whose catalog quotes a 50 KB package name: every CLI path that prints findings
 * caps their messages (about 2 KB, "… N more bytes") — repository-mode `validate` (text, json),
 * the CI formats of `validate` and `workspace`, `workspace` itself, `validate-changed` — and
 * `--full-messages` prints them whole. The repository is generated in a temp folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { renderReport, type CiFormat, type Report } from '../../../src/cli/report';
import { catalogJson } from '../workspace/fixtures';

const HUGE = 'x'.repeat(50_000);
const root = mkdtempSync(join(tmpdir(), 'fbc-huge-repo-'));
for (const [p, text] of Object.entries({
  'v4.18/catalog/foo/catalog.json': catalogJson(),
  'v4.19/catalog/foo/catalog.json': catalogJson(),
  'v4.19/catalog/bar/catalog.json': JSON.stringify({ schema: 'olm.package', name: HUGE }) + '\n',
})) {
  mkdirSync(dirname(join(root, p)), { recursive: true });
  writeFileSync(join(root, p), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<string> {
  let all = '';
  await main(argv, { out: (s) => (all += s), err: (s) => (all += s) });
  return all;
}

/** Capped: the huge name never whole, the cut said; whole with --full-messages. (Booleans: a diff of 50 KB helps nobody.) */
function expectCapped(text: string): void {
  expect(text.includes(HUGE)).toBe(false);
  expect(/… \d+ more bytes/.test(text)).toBe(true);
}
function expectWhole(text: string): void {
  expect(text.includes(HUGE)).toBe(true);
  expect(text.includes('more bytes')).toBe(false);
}

describe('validate on a repository with a 50 KB package name', () => {
  it('text: opm’s message and each finding capped; --full-messages whole', async () => {
    const out = await run('validate', root);
    expectCapped(out);
    expect(out.length).toBeLessThan(20_000);
    expect(out).toMatch(
      /v4\.19\/catalog\/bar\/catalog\.json:1:32 +error +\[R19\] +invalid package name "xxx/,
    );
    expectWhole(await run('validate', root, '--full-messages'));
  });

  it('-o json: the error and each finding, names included, capped; --full-messages whole', async () => {
    const out = await run('validate', root, '-o', 'json');
    expectCapped(out);
    const report = JSON.parse(out) as {
      catalogs: { error?: { message: string }; diagnostics: { message: string; package?: string }[] }[];
    };
    const bad = report.catalogs.find((c) => c.error)!;
    expect(bad.error!.message.length).toBeLessThan(2100);
    expect(bad.diagnostics.every((d) => d.message.length < 2100 && (d.package ?? '').length < 2100)).toBe(
      true,
    );
    expectWhole(await run('validate', root, '-o', 'json', '--full-messages'));
  });

  for (const format of ['github', 'sarif', 'junit']) {
    it(`-o ${format} (validate and workspace): capped; --full-messages whole`, async () => {
      for (const command of ['validate', 'workspace']) {
        expectCapped(await run(command, root, '-o', format));
        expectWhole(await run(command, root, '-o', format, '--full-messages'));
      }
    });
  }
});

describe('workspace and validate-changed with a 50 KB package name', () => {
  it('workspace text and json: the package name capped; --full-messages whole', async () => {
    for (const o of [[], ['-o', 'json']]) {
      const out = await run('workspace', root, ...o);
      expectCapped(out);
      expect(out.length).toBeLessThan(10_000);
      expectWhole(await run('workspace', root, ...o, '--full-messages'));
    }
  });

  it('validate-changed: capped; --full-messages whole', async () => {
    const changed = async (...args: string[]) => {
      let all = '';
      const code = await main(['validate-changed', ...args, 'v4.19/catalog/bar/catalog.json'], {
        out: (s) => (all += s),
        err: (s) => (all += s),
        cwd: root,
      });
      expect(code).toBe(1);
      return all;
    };
    const out = await changed();
    expectCapped(out);
    expect(out).toMatch(/ error +\[R19\] /);
    expectWhole(await changed('--full-messages'));
  });
});

describe('renderReport (diff and validate-bundle print through it too)', () => {
  const report: Report = {
    command: 'validate-bundle',
    catalogs: [{ name: 'b', files: ['b/manifests/csv.yaml'] }],
    findings: [
      {
        ruleId: 'R19',
        severity: 'error',
        message: `bad "${HUGE}"`,
        file: 'b/manifests/csv.yaml',
        line: 3,
        ours: false,
      },
    ],
  };
  for (const format of ['github', 'sarif', 'junit'] as CiFormat[]) {
    it(`${format}: the message capped by default, whole when asked`, () => {
      expectCapped(renderReport(format, report));
      expectWhole(renderReport(format, report, 'error', true));
    });
  }
});
