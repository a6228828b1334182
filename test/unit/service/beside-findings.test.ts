/**
 * A folder that is a Crossplane package or a Fleet bundle opened in the app: the worker's service
 * does not report opm's verdict on it (its YAML is no catalog, so opm's errors would be false), but
 * the format's own findings, each at its file:line, and a summary that says what the folder is.
 */
import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';

const CROSSPLANE = `apiVersion: meta.pkg.crossplane.io/v1
kind: Configuration
metadata:
  name: config-db
spec:
  crossplane:
    version: ">=one.two"
`;

const FLEET = `defaultNamespace: web
targets:
  - name: everyone
    clusterSelector: {}
  - name: never
    clusterSelector: {matchLabels: {env: dev}}
`;

async function open(files: Record<string, string>) {
  const service = new CatalogService();
  const summary = await service.open(new MemorySource(files, 'folder'), { kind: 'files', readOnly: true });
  return { service, summary };
}

const where = (d: { location?: { file: string; start: { line: number } } }) =>
  `${d.location?.file}:${d.location?.start.line}`;

describe('a folder beside OLM in the catalog service', () => {
  it('a Crossplane package: its own finding at crossplane.yaml:7, no opm verdict', async () => {
    const { service, summary } = await open({ 'crossplane.yaml': CROSSPLANE });
    expect(summary).toMatchObject({ beside: 'crossplane', passed: false, opmMessage: null, errors: 1 });
    expect(summary.fileProblems).toEqual([]);
    const problems = service.getDiagnostics();
    expect(problems.map((d) => [d.source, d.rule, where(d)])).toEqual([
      ['crossplane', 'xp-crossplane-constraint', 'crossplane.yaml:7'],
    ]);
    expect(problems.some((d) => d.source === 'opm')).toBe(false);
    expect(service.getDiagnosticsSlice(0, 10).items).toEqual(problems);
  });

  it('a clean Crossplane package passes, though opm would fail the same files as a catalog', async () => {
    const files = { 'crossplane.yaml': CROSSPLANE.replace('">=one.two"', '">=v1.14.0"') };
    const { summary } = await open(files);
    expect(summary).toMatchObject({ beside: 'crossplane', passed: true, errors: 0, opmMessage: null });
    // The same text under another name is read as a catalog: opm's verdict is back.
    const { summary: asCatalog } = await open({ 'config.yaml': files['crossplane.yaml'] });
    expect(asCatalog.beside).toBeUndefined();
    expect(asCatalog.passed).toBe(false);
    expect(asCatalog.opmMessage).not.toBeNull();
  });

  it('a Fleet bundle: the shadowed target at fleet.yaml:5 as a warning, and edits keep it', async () => {
    const { service, summary } = await open({ 'fleet.yaml': FLEET, 'cm.yaml': 'kind: ConfigMap\n' });
    expect(summary).toMatchObject({ beside: 'fleet', passed: true, errors: 0, warnings: 1 });
    const [d] = service.getDiagnostics();
    // Fleet itself says nothing of it: the warning is ours.
    expect([d?.source, d?.severity, d?.rule, where(d!)]).toEqual([
      'fbc-studio',
      'warning',
      'fleet-target-shadowed',
      'fleet.yaml:5',
    ]);
    // An edit validates again: still no opm findings, the same problem (same id) stays.
    const edited = service.updateFile('fleet.yaml', FLEET + '# note\n');
    expect(edited.beside).toBe('fleet');
    expect(service.getDiagnostics()).toEqual([d]);
  });

  it('an OLM catalog opened after it has opm’s verdict again', async () => {
    const service = new CatalogService();
    await service.open(new MemorySource({ 'fleet.yaml': FLEET }, 'web'), { kind: 'files', readOnly: true });
    const summary = await service.open(
      new MemorySource({ 'index.yaml': 'schema: olm.package\nname: p\ndefaultChannel: stable\n' }, 'cat'),
      { kind: 'files', readOnly: true },
    );
    expect(summary.beside).toBeUndefined();
    expect(service.getDiagnostics().every((d) => d.source === 'opm' || d.source === 'fbc-studio')).toBe(true);
    expect(summary.passed).toBe(false);
  });
});
