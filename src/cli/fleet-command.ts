/**
 * `fbc-studio fleet validate DIR [-o text|json]` and `fbc-studio fleet render DIR [--clusters FILE]
 * [--diff A,B] [-o yaml|json]`: Fleet bundle directories beside OLM catalogs. A `fleet-clusters.yaml`
 * in DIR is used when --clusters is not given. Exit 0 when no finding is an error, 1 when one is,
 * 2 when the command cannot run (usage, a directory or file that cannot be read).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { stringify } from 'yaml';
import {
  CLUSTERS_FILE,
  diffClusters,
  openFleetBundle,
  readClusters,
  renderBundle,
  matrixSummary,
  targetMatrix,
  type ClusterSet,
} from '../core/fleet';
import type { Io } from './command-args';
import { FindingsText } from './findings-text';
import { NodeFsSource } from './node-source';
import { plainDiagnostic } from './report/from-diagnostics';

export interface FleetOptions {
  output: string;
  clusters?: string;
  diff?: string;
}

interface Parsed {
  dir: string;
  output: string;
  clusters?: ClusterSet;
  diff?: [string, string];
}

/** The clusters file read and `--diff` split; undefined once the error is written. */
function parse(dir: string, values: FleetOptions, io: Io): Parsed | undefined {
  const result: Parsed = { dir, output: values.output };
  const file =
    values.clusters ?? (existsSync(join(dir, CLUSTERS_FILE)) ? join(dir, CLUSTERS_FILE) : undefined);
  if (file !== undefined) {
    try {
      result.clusters = readClusters(basename(file), readFileSync(file, 'utf8'));
    } catch (e) {
      io.err(
        `open ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (e as Error).message}\n`,
      );
      return undefined;
    }
  }
  if (values.diff !== undefined) {
    const pair = values.diff.split(',');
    if (pair.length !== 2 || !result.clusters) {
      io.err(`--diff takes two cluster names, a,b, and needs clusters (--clusters or ${CLUSTERS_FILE})\n`);
      return undefined;
    }
    result.diff = pair as [string, string];
  }
  return result;
}

async function open(p: Parsed) {
  const bundle = await openFleetBundle(new NodeFsSource(p.dir));
  const matrix = p.clusters ? targetMatrix(bundle, p.clusters) : undefined;
  const diagnostics = [
    ...bundle.diagnostics,
    ...(p.clusters?.diagnostics ?? []),
    ...(matrix?.diagnostics ?? []),
  ];
  return { bundle, matrix, diagnostics, passed: !diagnostics.some((d) => d.severity === 'error') };
}

export async function fleetValidate(dir: string, o: FleetOptions, io: Io): Promise<number> {
  const p = parse(dir, o, io);
  if (!p) return 2;
  const { bundle, matrix, diagnostics, passed } = await open(p);
  if (p.output === 'json') {
    const report = {
      passed,
      descriptor: bundle.descriptorFile ?? null,
      name: bundle.name,
      resources: bundle.resources.map((r) => r.name),
      overlays: bundle.overlays.map((o) => o.name),
      targets: bundle.targets.map((t) => t.name),
      ...(matrix ? { matrix: matrixSummary(matrix) } : {}),
      diagnostics: diagnostics.map(plainDiagnostic),
    };
    io.out(JSON.stringify(report, null, 2) + '\n');
    return passed ? 0 : 1;
  }
  io.out(
    `${bundle.descriptorFile ?? '(no fleet.yaml)'}: bundle ${bundle.name}, ${bundle.resources.length} resources, ` +
      `${bundle.overlays.length} overlays, ${bundle.targets.length} targets\n`,
  );
  for (const r of matrix?.rows ?? []) {
    io.out(
      `  ${r.cluster} → ${r.target ?? '(no target: not deployed)'}${r.overlays.length ? ` [${r.overlays.join(', ')}]` : ''}\n`,
    );
  }
  const text = new FindingsText(diagnostics, io.color?.err ?? false);
  io.err(text.lines(diagnostics, '  ') + text.end());
  io.out(passed ? 'passed\n' : 'failed\n');
  return passed ? 0 : 1;
}

export async function fleetRender(dir: string, o: FleetOptions, io: Io): Promise<number> {
  const p = parse(dir, o, io);
  if (!p) return 2;
  const { bundle, matrix, diagnostics, passed } = await open(p);
  io.err(new FindingsText(diagnostics, io.color?.err ?? false).lines(diagnostics));
  let diff;
  if (p.diff && matrix) {
    const [a, b] = p.diff.map((n) => matrix.rows.find((r) => r.cluster === n));
    if (!a || !b) {
      io.err(`--diff: no cluster named ${!a ? p.diff[0] : p.diff[1]}\n`);
      return 2;
    }
    diff = { a: a.cluster, b: b.cluster, files: diffClusters(a, b) };
  }
  const bundleResource = renderBundle(bundle);
  if (p.output === 'json') {
    const out = matrix
      ? { bundle: bundleResource, matrix: matrixSummary(matrix), ...(diff ? { diff } : {}) }
      : bundleResource;
    io.out(JSON.stringify(out, null, 2) + '\n');
  } else {
    io.out(stringify(bundleResource, { lineWidth: 0 }));
    if (matrix)
      io.out(
        `---\n# Target matrix (FBC Studio, not a Fleet resource)\n${stringify({ matrix: matrixSummary(matrix) })}`,
      );
    if (diff) io.out(`---\n# Files of ${diff.a} against ${diff.b}\n${stringify({ diff })}`);
  }
  return passed ? 0 : 1;
}
