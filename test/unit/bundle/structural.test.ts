/**
 * CRD structural schema warnings: the API server's field errors (which `operator-sdk bundle
 * validate` never shows), each at the line of the offending schema node, never changing the verdict.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { checkBundle, readBundleDir } from '../../../src/core/bundle';
import { MemorySource } from '../../../src/core/source/memory';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { bundleFiles, widgetCrd } from './bundle-fixture';

const CRD_FILE = 'manifests/widgets.acme.io.crd.yaml';
const ROOT = 'spec.versions[0].schema.openAPIV3Schema';

async function structural(crd: string) {
  const files = { ...bundleFiles({ version: '1.0.0', channels: 'stable' }), [CRD_FILE]: crd };
  const report = checkBundle(await readBundleDir(new MemorySource(files, 'op')));
  return {
    report,
    found: report.findings.filter((f) => f.rule.startsWith('bundle-crd-structural')),
  };
}

/** 1-based line of the fixture line that ends with `# <-` (the node the finding must point at). */
function marked(text: string): number {
  return text.split('\n').findIndex((l) => l.endsWith('# <-')) + 1;
}

describe('CRD structural schema warnings', () => {
  it.each([
    [
      'a property without a type',
      'bundle-crd-structural-type',
      ['type: object', 'properties:', '  spec: # <-', '    description: no type here'],
      `${ROOT}.properties[spec].type: Required value: must not be empty for specified object fields`,
    ],
    [
      'array items without a type',
      'bundle-crd-structural-type',
      [
        'type: object',
        'properties:',
        '  tags:',
        '    type: array',
        '    items: # <-',
        '      description: a tag',
      ],
      `${ROOT}.properties[tags].items.type: Required value: must not be empty for specified array items`,
    ],
    [
      'a root that is not an object',
      'bundle-crd-structural-type',
      ['type: string # <-'],
      `${ROOT}.type: Invalid value: "string": must be object at the root`,
    ],
    [
      'an array without items',
      'bundle-crd-structural-items',
      ['type: object', 'properties:', '  tags: # <-', '    type: array'],
      `${ROOT}.properties[tags].items: Required value: must be specified`,
    ],
    [
      'labels under the root metadata',
      'bundle-crd-structural-metadata',
      [
        'type: object',
        'properties:',
        '  metadata: # <-',
        '    type: object',
        '    properties:',
        '      labels: {type: object}',
      ],
      `${ROOT}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`,
    ],
    [
      'int-or-string that also preserves unknown fields',
      'bundle-crd-structural-extensions',
      [
        'type: object',
        'properties:',
        '  port:',
        '    x-kubernetes-int-or-string: true',
        '    x-kubernetes-preserve-unknown-fields: true # <-',
      ],
      `${ROOT}.properties[port].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true`,
    ],
    [
      'an embedded resource that is not an object',
      'bundle-crd-structural-extensions',
      [
        'type: object',
        'properties:',
        '  template:',
        '    type: string # <-',
        '    x-kubernetes-embedded-resource: true',
        '    x-kubernetes-preserve-unknown-fields: true',
      ],
      `${ROOT}.properties[template].type: Invalid value: "string": must be object if x-kubernetes-embedded-resource is true`,
    ],
    [
      'a type inside anyOf',
      'bundle-crd-structural-value-validation',
      [
        'type: object',
        'properties:',
        '  size:',
        '    type: string',
        '    anyOf:',
        '    - pattern: ^[0-9]+$',
        '    - type: string # <-',
      ],
      `${ROOT}.properties[size].anyOf[1].type: Forbidden: must be empty to be structural`,
    ],
    [
      'a root anyOf naming a field the schema does not have',
      'bundle-crd-structural-value-validation',
      [
        'type: object',
        'properties:',
        '  spec: {type: object}',
        'anyOf:',
        '- properties:',
        '    extra: {} # <-',
      ],
      `${ROOT}.properties[extra]: Required value: because it is defined in ${ROOT}.anyOf[0].properties[extra]`,
    ],
    [
      'additionalProperties: false beside properties',
      'bundle-crd-structural-additional-properties',
      [
        'type: object',
        'properties:',
        '  config:',
        '    type: object',
        '    properties:',
        '      name: {type: string}',
        '    additionalProperties: false # <-',
      ],
      `${ROOT}.properties[config].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
    ],
  ])('%s', async (_what, rule, schema, message) => {
    const crd = widgetCrd(schema);
    const { report, found } = await structural(crd);
    expect(found).toEqual([
      { rule, source: 'fbc-studio', severity: 'warning', message, file: CRD_FILE, line: marked(crd) },
    ]);
    // The API server's refusal is our warning: the bundle verdict stays operator-framework's.
    expect(report.passed).toBe(true);
  });

  it('says nothing about the shapes controller-gen writes', async () => {
    const { found } = await structural(
      widgetCrd([
        'type: object',
        'properties:',
        '  apiVersion: {type: string}',
        '  kind: {type: string}',
        '  metadata: {type: object}',
        '  spec:',
        '    type: object',
        '    properties:',
        '      port:',
        '        anyOf:',
        '        - type: integer',
        '        - type: string',
        '        x-kubernetes-int-or-string: true',
        '      labels:',
        '        type: object',
        '        additionalProperties: {type: string}',
        '      options:',
        '        type: object',
        '        properties: {a: {type: string}}',
        '        additionalProperties: true',
        '      template:',
        '        type: object',
        '        x-kubernetes-embedded-resource: true',
        '        x-kubernetes-preserve-unknown-fields: true',
        '      raw:',
        '        x-kubernetes-preserve-unknown-fields: true',
      ]),
    );
    expect(found).toEqual([]);
  });

  it('points into a JSON manifest too', async () => {
    const crd = [
      '{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",',
      ' "metadata": {"name": "widgets.acme.io"},',
      ' "spec": {"group": "acme.io", "names": {"kind": "Widget", "plural": "widgets"},',
      '  "scope": "Namespaced", "versions": [{"name": "v1", "served": true, "storage": true,',
      '   "schema": {"openAPIV3Schema": {"type": "object", "properties": {',
      '     "tags": {"type": "array"}}}}}]}}',
    ].join('\n');
    const { found } = await structural(crd);
    expect(found.map((f) => [f.message, f.line])).toEqual([
      [`${ROOT}.properties[tags].items: Required value: must be specified`, 6],
    ]);
  });
});

/** Every directory below `root` that has a manifests/ folder. */
function bundleDirs(root: string, out: string[] = []): string[] {
  if (existsSync(join(root, 'manifests'))) out.push(root);
  for (const d of readdirSync(root).sort()) {
    const p = join(root, d);
    if (d !== 'manifests' && d !== 'metadata' && statSync(p).isDirectory()) bundleDirs(p, out);
  }
  return out;
}

/** A bundle directory read into memory, so a test can change one file. */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const sub of ['manifests', 'metadata'])
    for (const f of readdirSync(join(dir, sub)))
      files[`${sub}/${f}`] = readFileSync(join(dir, sub, f), 'utf8');
  return files;
}

// The real bundles are in ../shared/corpus/bundles: skipped, printing why, where it is absent.
if (!hasShared) console.log(skipReason('CRD structural checks on the bundle corpus'));

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('CRD structural checks on the bundle corpus', () => {
  it('add no error to any corpus bundle (each was installed by real clusters)', async () => {
    const root = sharedPath('corpus/bundles');
    const dirs = bundleDirs(root);
    expect(dirs.length).toBeGreaterThan(100);
    const warnings: string[] = [];
    for (const d of dirs) {
      const { findings } = checkBundle(await readBundleDir(new NodeFsSource(d)));
      for (const f of findings.filter((x) => x.rule.startsWith('bundle-crd-structural'))) {
        expect(f.severity, f.message).toBe('warning');
        warnings.push(`${relative(root, d)}/${f.file}:${f.line} ${f.message}`);
      }
    }
    console.log(`structural warnings in ${dirs.length} corpus bundles: ${warnings.length}`);
    for (const w of warnings) console.log(w);
    expect(warnings).toEqual([]);
  });

  it('finds a type removed from a large real CRD, at its property', async () => {
    const dir = sharedPath('corpus/bundles/self-node-remediation/0.5.0');
    const files = filesOf(dir);
    const path = 'manifests/self-node-remediation.medik8s.io_selfnoderemediations.yaml';
    const lines = (files[path] as string).split('\n');
    const at = lines.findIndex((l) => /^\s+volumesInUse:$/.test(l));
    const indent = (lines[at] as string).search(/\S/);
    const typeLine = lines.findIndex((l, i) => i > at && l === `${' '.repeat(indent + 2)}type: array`);
    lines.splice(typeLine, 1);
    files[path] = lines.join('\n');
    const report = checkBundle(await readBundleDir(new MemorySource(files, 'snr')));
    const found = report.findings.filter((f) => f.rule.startsWith('bundle-crd-structural'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'bundle-crd-structural-type', file: path, line: at + 1 });
    expect(found[0]?.message).toMatch(
      /^spec\.versions\[0\]\.schema\.openAPIV3Schema\.properties\[\w+\]\..*\.properties\[volumesInUse\]\.type: Required value: must not be empty for specified object fields$/,
    );
    expect(report.passed).toBe(true);
  });
});
