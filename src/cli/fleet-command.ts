/**
 * `fbc-studio fleet validate DIR [-o text|json]` and `fbc-studio fleet render DIR [--clusters FILE]
 * [--diff A,B] [-o yaml|json]`: Fleet bundle directories beside OLM catalogs. A `fleet-clusters.yaml`
 * in DIR is used when --clusters is not given; --targets is `fleet apply --targets-file` (a GitRepo's
 * targets), --name what `fleet apply NAME DIR` derives the Bundle name from. Exit 0 when no finding is
 * an error, 1 when one is, 2 when the command cannot run (usage, a directory or file that cannot be read).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { stringify } from 'yaml';
import {
  CLUSTERS_FILE,
  diffClusters,
  openFleetBundle,
  readClusters,
  readTargetsFile,
  renderBundle,
  renderBundleYaml,
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
  /** What the Bundle's name derives from, as `fleet apply NAME DIR` takes NAME/DIR. */
  name?: string;
  /** `fleet apply --targets-file`. */
  targets?: string;
}

interface Parsed {
  dir: string;
  /** What the Bundle's name derives from, as `fleet apply NAME DIR` takes NAME/DIR. */
  name?: string;
  /** `fleet apply --targets-file`: a GitRepo's targets and restrictions. */
  targets?: ReturnType<typeof readTargetsFile>;
  output: string;
  clusters?: ClusterSet;
  diff?: [string, string];
}

/** The clusters and targets files read and `--diff` split; undefined once the error is written. */
function parse(dir: string, values: FleetOptions, io: Io): Parsed | undefined {
  const result: Parsed = {
    dir,
    output: values.output,
    ...(values.name !== undefined ? { name: values.name } : {}),
  };
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
  if (values.targets !== undefined) {
    try {
      result.targets = readTargetsFile(basename(values.targets), readFileSync(values.targets, 'utf8'));
    } catch (e) {
      io.err(
        `open ${values.targets}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (e as Error).message}\n`,
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

/** MD5 for the Bundle names Fleet derives from paths (names.HelmReleaseName); not used for security. */
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function open(p: Parsed) {
  const bundle = await openFleetBundle(new NodeFsSource(p.dir), {
    md5,
    ...(p.name ? { name: p.name } : {}),
    ...(p.targets ? { targetsFile: p.targets.targets } : {}),
  });
  const matrix = p.clusters ? targetMatrix(bundle, p.clusters) : undefined;
  const diagnostics = [
    ...(p.targets?.diagnostics ?? []),
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
  const rows = matrix ? matrixSummary(matrix) : null;
  if (p.output === 'json') {
    io.out(
      JSON.stringify({ bundle: bundleResource, matrix: rows, ...(diff ? { diff } : {}) }, null, 2) + '\n',
    );
  } else {
    // The Bundle as sigs.k8s.io/yaml writes it, then what each cluster gets, one document per file.
    io.out(renderBundleYaml(bundle));
    if (rows) {
      const brief = rows.map(({ resources, ...r }) => ({ ...r, resources: resources.map((x) => x.name) }));
      io.out(
        `---\n# Target matrix (FBC Studio, not a Fleet resource)\n${stringify({ matrix: brief }, { aliasDuplicateObjects: false })}`,
      );
      for (const r of rows)
        for (const f of r.resources) {
          const head = `---\n# ${r.cluster}${r.target ? ` (target ${r.target})` : ''}: ${f.name}\n`;
          io.out(
            f.encoding
              ? `${head}# ${f.encoding} content not shown\n`
              : `${head}${f.content.replace(/^---\n/, '')}${f.content.endsWith('\n') ? '' : '\n'}`,
          );
        }
    }
    if (diff)
      io.out(
        `---\n# Files of ${diff.a} against ${diff.b}\n${stringify({ diff }, { lineWidth: 0, aliasDuplicateObjects: false })}`,
      );
  }
  return passed ? 0 : 1;
}
