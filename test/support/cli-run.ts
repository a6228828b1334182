/**
 * What the CLI tests of images, registries and templates share: one run of `fbc-studio` with its
 * output captured, a folder written from a map of files, `workspace`'s findings of some rules, the
 * smallest valid catalog of one bundle
 * (package `op`, the image `quay.io/acme/op-bundle:v1.0.0`), written by us, and its basic template
 * with one more bundle.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { main } from '../../src/cli/main';
import { tempDir } from './temp-dir';

export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** A temporary folder holding `files` (path → text), removed after the test file (temp-dir.ts). */
export function writeTree(files: Record<string, string>): string {
  const dir = tempDir('fbc-tree-');
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

export interface RuleFinding {
  rule: string;
  severity: string;
  message: string;
}

/** The findings of `rules` that `workspace DIR -o json` reports (a run that does not exit 0 throws). */
export async function workspaceFindings(dir: string, rules: readonly string[]): Promise<RuleFinding[]> {
  const r = await runCli(['workspace', dir, '-o', 'json']);
  if (r.code !== 0) throw new Error(`workspace exited ${r.code}: ${r.err}`);
  return (JSON.parse(r.out) as { findings: RuleFinding[] }).findings
    .filter((f) => rules.includes(f.rule))
    .map(({ rule, severity, message }) => ({ rule, severity, message }));
}

/** A catalog of package `op` with one bundle, op.v1.0.0, on channel `stable` (YAML, as opm writes it). */
export const ONE_BUNDLE_CATALOG = `---
schema: olm.package
name: op
defaultChannel: stable
---
schema: olm.channel
package: op
name: stable
entries:
  - name: op.v1.0.0
---
schema: olm.bundle
name: op.v1.0.0
package: op
image: quay.io/acme/op-bundle:v1.0.0
properties:
  - type: olm.package
    value: {packageName: op, version: 1.0.0}
`;

/** The basic template of ONE_BUNDLE_CATALOG with `added` (op.v1.1.0, replacing op.v1.0.0) after it. */
export const templateAdding = (added: string): string => `schema: olm.template.basic
entries:
  - schema: olm.package
    name: op
    defaultChannel: stable
  - schema: olm.channel
    package: op
    name: stable
    entries:
      - name: op.v1.0.0
      - name: op.v1.1.0
        replaces: op.v1.0.0
  - schema: olm.bundle
    image: quay.io/acme/op-bundle:v1.0.0
  - schema: olm.bundle
    image: ${added}
`;
