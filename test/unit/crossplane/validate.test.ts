/**
 * Crossplane packages as a user opens them: each check fires on a package written to break it, at
 * the line and column of the offending field, with Crossplane's text where Crossplane has one; a
 * clean package has no findings.
 */
import { describe, expect, it } from 'vitest';
import { openCrossplaneFolder } from '../../../src/core/crossplane';
import { MemorySource } from '../../../src/core/source/memory';

const XRD = `apiVersion: apiextensions.crossplane.io/v1
kind: CompositeResourceDefinition
metadata:
  name: xdbs.example.org
spec:
  group: example.org
  names: { kind: XDatabase, plural: xdbs }
  versions:
    - name: v1alpha1
      served: true
      referenceable: true
`;

const COMPOSITION = (
  kind = 'XDatabase',
  fn = 'crossplane-contrib-function-patch-and-transform',
) => `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: xdbs
spec:
  compositeTypeRef:
    apiVersion: example.org/v1alpha1
    kind: ${kind}
  mode: Pipeline
  pipeline:
    - step: pt
      functionRef:
        name: ${fn}
      input:
        apiVersion: pt.fn.crossplane.io/v1beta1
        kind: Resources
        resources:
          - name: bucket
            base:
              apiVersion: s3.aws.upbound.io/v1beta1
              kind: Bucket
`;

const CONFIG = (deps = '', extraSpec = '') => `apiVersion: meta.pkg.crossplane.io/v1
kind: Configuration
metadata:
  name: config-db
spec:
${extraSpec}  dependsOn:
    - function: xpkg.upbound.io/crossplane-contrib/function-patch-and-transform
      version: ">=v0.8.0"
${deps}`;

const CACHE_DEP = '    - configuration: xpkg.upbound.io/acme/configuration-cache\n      version: v1.0.0\n';

async function open(files: Record<string, string>) {
  return openCrossplaneFolder(new MemorySource(files, 'pkg'));
}

function where(d: { location?: { file: string; start: { line: number; column: number } } }): string {
  return `${d.location?.file}:${d.location?.start.line}:${d.location?.start.column}`;
}

describe('Crossplane package checks', () => {
  it('a Configuration with its XRD, Composition and function dependency is clean', async () => {
    const f = await open({
      'crossplane.yaml': CONFIG(),
      'apis/xrd.yaml': XRD,
      'apis/composition.yaml': COMPOSITION(),
    });
    expect(f.packages.map((p) => [p.kind, p.name, p.objects.length])).toEqual([
      ['Configuration', 'config-db', 2],
    ]);
    expect(f.diagnostics).toEqual([]);
  });

  it('tells Provider, Configuration and Function apart, and reads a packaged package.yaml stream', async () => {
    const f = await open({
      'p/crossplane.yaml':
        'apiVersion: meta.pkg.crossplane.io/v1\nkind: Provider\nmetadata: {name: provider-x}\n',
      'f/package/crossplane.yaml':
        'apiVersion: meta.pkg.crossplane.io/v1beta1\nkind: Function\nmetadata: {name: fn-x}\n',
      'out/package.yaml': `${XRD}---\n${CONFIG().replace('config-db', 'packaged')}`,
    });
    expect(f.packages.map((p) => [p.metaFile, p.format, p.kind, p.name])).toEqual([
      ['f/package/crossplane.yaml', 'crossplane', 'Function', 'fn-x'],
      ['p/crossplane.yaml', 'crossplane', 'Provider', 'provider-x'],
      ['out/package.yaml', 'packaged', 'Configuration', 'packaged'],
    ]);
  });

  it('flags a second meta document: not exactly one package meta type', async () => {
    const f = await open({
      'crossplane.yaml': CONFIG(),
      'apis/other.yaml': 'apiVersion: meta.pkg.crossplane.io/v1\nkind: Provider\nmetadata: {name: x}\n',
    });
    const d = f.diagnostics.find((x) => x.rule === 'xp-one-meta');
    expect(d?.message).toBe('not exactly one package meta type');
    expect(where(d!)).toBe('apis/other.yaml:1:1');
  });

  it('flags a meta kind that is no package, and a document without kind', async () => {
    const f = await open({
      'crossplane.yaml': 'apiVersion: meta.pkg.crossplane.io/v1\nkind: Stack\nmetadata: {name: x}\n',
      'apis/bad.yaml': 'apiVersion: v1\nmetadata: {name: y}\n',
    });
    expect(f.diagnostics.map((d) => [d.rule, where(d)])).toEqual([
      ['xp-type-meta', 'apis/bad.yaml:1:1'],
      ['xp-meta-kind', 'crossplane.yaml:2:7'],
    ]);
    // The document as the parser's YAMLReader cut it from the folder's stream (`\n...\n` ends a file).
    expect(f.diagnostics[0]?.message).toBe(
      "Object 'Kind' is missing in 'apiVersion: v1\nmetadata: {name: y}\n\n...\n\n'",
    );
    expect(f.diagnostics[1]?.message).toBe('meta type is not a package');
  });

  it("words a document whose type it cannot read as apimachinery's serializer does", async () => {
    const f = await open({
      'crossplane.yaml': 'apiVersion: meta.pkg.crossplane.io/v1\nkind: Provider\nmetadata: {name: x}\n',
      'apis/a.yaml': '- just\n- a list\n',
      'apis/b.yaml': 'apiVersion: v1\nkind: 5\n',
      'apis/c.yaml': 'apiVersion: a/b/c\nkind: Thing\n',
      'apis/d.yaml': 'kind: Thing\napiVersion: example.org/\n',
      'apis/e.yaml': 'apiVersion: v1\nkind: ConfigMap\n--- oops\n',
    });
    expect(f.diagnostics.map((d) => [d.rule, where(d), d.message])).toEqual([
      [
        'xp-type-meta',
        'apis/a.yaml:1:1',
        'couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
      ],
      [
        'xp-type-meta',
        'apis/b.yaml:1:1',
        "couldn't get version/kind; json parse error: json: cannot unmarshal number into Go struct field .kind of type string",
      ],
      ['xp-type-meta', 'apis/c.yaml:1:1', 'unexpected GroupVersion string: a/b/c'],
      [
        'xp-type-meta',
        'apis/d.yaml:1:1',
        "Object 'apiVersion' is missing in 'kind: Thing\napiVersion: example.org/\n\n...\n\n'",
      ],
      ['xp-yaml-syntax', 'apis/e.yaml:3:1', 'invalid Yaml document separator: oops'],
    ]);
  });

  it("rejects an object the package kind may not ship, with the linter's text", async () => {
    const f = await open({
      'crossplane.yaml': CONFIG(),
      'apis/xrd.yaml': XRD,
      'apis/composition.yaml': COMPOSITION(),
      'apis/cm.yaml':
        'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: c}\n',
    });
    const d = f.diagnostics.find((x) => x.rule === 'xp-object-kind');
    expect(d?.message).toBe(
      'object did not pass any of the linters with following errors: object is not an XRD, ' +
        'object is not an ManagedResourceActivationPolicy, object is not a Composition, object is not an Operation, ' +
        'object is not a CronOperation, object is not a WatchOperation',
    );
    expect(where(d!)).toBe('apis/cm.yaml:2:7');
    // A Provider may ship CRDs but not Compositions.
    const p = await open({
      'crossplane.yaml': 'apiVersion: meta.pkg.crossplane.io/v1\nkind: Provider\nmetadata: {name: p}\n',
      'crds/comp.yaml': COMPOSITION(),
    });
    expect(p.diagnostics.find((x) => x.rule === 'xp-object-kind')?.message).toContain('object is not a CRD');
  });

  it('leaves examples/ and hidden folders out of the package', async () => {
    const f = await open({
      'crossplane.yaml': CONFIG(),
      'apis/xrd.yaml': XRD,
      'apis/composition.yaml': COMPOSITION(),
      'examples/claim.yaml': 'apiVersion: example.org/v1alpha1\nkind: Database\nmetadata: {name: db}\n',
      '.github/workflows/ci.yaml': 'on: push\n',
    });
    expect(f.diagnostics).toEqual([]);
  });

  it('flags a crossplane.version that is no semver constraint, with the Masterminds text', async () => {
    const f = await open({ 'crossplane.yaml': CONFIG('', '  crossplane:\n    version: ">=one.two"\n') });
    const d = f.diagnostics.find((x) => x.rule === 'xp-crossplane-constraint');
    expect(d?.message).toBe(
      'package version constraints are poorly formatted: improper constraint: ">=one.two"',
    );
    expect(where(d!)).toBe('crossplane.yaml:7:14');
  });

  it('flags a dependency with no package, one with a bad version, and one listed twice', async () => {
    const f = await open({
      'crossplane.yaml': CONFIG(
        '    - version: v1.0.0\n' +
          '    - provider: xpkg.upbound.io/upbound/provider-aws-s3\n      version: "latest"\n' +
          '    - function: xpkg.upbound.io/crossplane-contrib/function-patch-and-transform\n      version: v0.8.2\n',
      ),
    });
    expect(f.diagnostics.map((d) => [d.rule, where(d), d.message])).toEqual([
      [
        'xp-dependency-package',
        'crossplane.yaml:9:7',
        'dependency names no package: give one of provider, configuration, function or package',
      ],
      [
        'xp-dependency-version',
        'crossplane.yaml:11:16',
        'version constraint on dependency is invalid: improper constraint: "latest"',
      ],
      [
        'xp-dependency-duplicate',
        'crossplane.yaml:12:7',
        'xpkg.upbound.io/crossplane-contrib/function-patch-and-transform is already listed as dependency 1',
      ],
    ]);
  });

  it('accepts a digest pin and the Crossplane v2 apiVersion/kind/package form', async () => {
    const f = await open({
      'crossplane.yaml': CONFIG(
        `    - apiVersion: pkg.crossplane.io/v1\n      kind: Provider\n      package: xpkg.upbound.io/upbound/provider-aws-s3\n      version: sha256:${'a'.repeat(64)}\n`,
      ),
    });
    expect(f.diagnostics).toEqual([]);
    expect(f.packages[0]?.dependsOn.map((d) => [d.kind, d.package])).toEqual([
      ['Function', 'xpkg.upbound.io/crossplane-contrib/function-patch-and-transform'],
      ['Provider', 'xpkg.upbound.io/upbound/provider-aws-s3'],
    ]);
    // A reference written with its tag or digest is the same package as without.
    const tagged = await open({
      'a/crossplane.yaml': CONFIG().replace('config-db', 'a'),
      'b/crossplane.yaml': CONFIG()
        .replace('config-db', 'b')
        .replace('function-patch-and-transform\n', `function-patch-and-transform@sha256:${'b'.repeat(64)}\n`),
    });
    expect(new Set(tagged.packages.flatMap((p) => p.dependsOn.map((d) => d.package))).size).toBe(1);
  });

  it('warns (ours, not an error) of a Composition for an XRD defined nowhere; says "may come from" when a Configuration dependency is not opened', async () => {
    const files = {
      'crossplane.yaml': CONFIG(),
      'apis/xrd.yaml': XRD,
      'apis/composition.yaml': COMPOSITION('XCache'),
    };
    const alone = await open(files);
    const d = alone.diagnostics.find((x) => x.rule === 'xp-composite-type-unknown');
    expect(d?.message).toBe(
      'Composition xdbs composes XCache.example.org/v1alpha1, which no XRD in the folder defines',
    );
    expect(where(d!)).toBe('apis/composition.yaml:7:5');
    expect([d?.severity, d?.source]).toEqual(['warning', 'fbc-studio']);
    expect(alone.diagnostics.some((x) => x.severity === 'error')).toBe(false);
    const withDep = await open({
      ...files,
      'crossplane.yaml': CONFIG(CACHE_DEP),
    });
    expect(withDep.diagnostics.map((x) => [x.rule, x.severity])).toEqual([
      ['xp-composite-type-unresolved', 'info'],
    ]);
    // Opened beside it, the dependency's XRD resolves the reference.
    const both = await open({
      'db/crossplane.yaml': CONFIG(CACHE_DEP),
      'db/apis/xrd.yaml': XRD,
      'db/apis/composition.yaml': COMPOSITION('XCache'),
      'cache/crossplane.yaml':
        'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata: {name: configuration-cache}\n',
      'cache/apis/xrd.yaml': XRD.replace(/XDatabase/g, 'XCache'),
    });
    expect(both.diagnostics).toEqual([]);
  });

  it('warns about a pipeline function no dependency installs', async () => {
    const f = await open({
      'crossplane.yaml': CONFIG(),
      'apis/xrd.yaml': XRD,
      'apis/composition.yaml': COMPOSITION('XDatabase', 'function-go-templating'),
    });
    const d = f.diagnostics.find((x) => x.rule === 'xp-function-unknown');
    expect(d?.severity).toBe('warning');
    expect(where(d!)).toBe('apis/composition.yaml:13:15');
  });

  it('flags constraints on one dependency that together leave no version, at every entry, with the resolver text', async () => {
    const f = await open({
      'a/crossplane.yaml': CONFIG().replace('config-db', 'a'),
      'b/crossplane.yaml': CONFIG().replace('config-db', 'b').replace('">=v0.8.0"', '"<0.9.0"'),
      'c/crossplane.yaml': CONFIG().replace('config-db', 'c').replace('">=v0.8.0"', '"~0.7.0 || >=0.9.0"'),
    });
    // Each pair meets; all three do not: the resolver needs one version for every parent.
    const conflicts = f.diagnostics.filter((d) => d.rule === 'xp-dependency-conflict');
    expect(conflicts.map(where)).toEqual([
      'a/crossplane.yaml:8:16',
      'b/crossplane.yaml:8:16',
      'c/crossplane.yaml:8:16',
    ]);
    expect(conflicts[0]?.message).toBe(
      'dependency (xpkg.upbound.io/crossplane-contrib/function-patch-and-transform) does not have a valid version to ' +
        'upgrade that satisfies all constraints. If there is a valid version that requires downgrade, manual ' +
        'intervention is required. Constraints: [>=v0.8.0 <0.9.0 ~0.7.0 || >=0.9.0]',
    );
  });

  it('never sets two versions of one package against each other, but each against the others', async () => {
    const v1 = CONFIG().replace('">=v0.8.0"', '"~0.7.0"');
    const v2 = CONFIG().replace('">=v0.8.0"', '">=v0.9.0"');
    const history = await open({ 'v1/crossplane.yaml': v1, 'v2/crossplane.yaml': v2 });
    expect(history.diagnostics).toEqual([]);
    const withOther = await open({
      'v1/crossplane.yaml': v1,
      'v2/crossplane.yaml': v2,
      'other/crossplane.yaml': CONFIG().replace('config-db', 'other').replace('">=v0.8.0"', '"^0.9.1"'),
    });
    // config-db v1 (~0.7.0) with other (^0.9.1) leaves no version; config-db v2 (>=v0.9.0) does.
    expect(withOther.diagnostics.map((d) => [d.rule, d.location?.file])).toEqual([
      ['xp-dependency-conflict', 'other/crossplane.yaml'],
      ['xp-dependency-conflict', 'v1/crossplane.yaml'],
    ]);
  });

  it('flags one dependency pinned to two digests, or to a digest and a version', async () => {
    const pin = (name: string, version: string) =>
      CONFIG().replace('config-db', name).replace('">=v0.8.0"', version);
    const two = await open({
      'a/crossplane.yaml': pin('a', `sha256:${'a'.repeat(64)}`),
      'b/crossplane.yaml': pin('b', `sha256:${'b'.repeat(64)}`),
    });
    expect(two.diagnostics[0]?.message).toBe(
      `a dependency package has different digests in parent constraints ([sha256:${'a'.repeat(64)} sha256:${'b'.repeat(64)}])`,
    );
    const mixed = await open({
      'a/crossplane.yaml': pin('a', `sha256:${'a'.repeat(64)}`),
      'b/crossplane.yaml': pin('b', 'v0.8.0'),
    });
    expect(mixed.diagnostics.map((d) => d.rule)).toEqual(['xp-dependency-digests', 'xp-dependency-digests']);
    expect(mixed.diagnostics[0]?.message).toMatch(
      /^a dependency package has different types of parent constraints \(\[sha256:a+ v0\.8\.0\]\)$/,
    );
  });

  it('flags packages that depend on each other in a cycle, as the DAG sort does', async () => {
    const meta = (name: string, dep: string) =>
      `apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: ${name}\nspec:\n  dependsOn:\n    - configuration: xpkg.upbound.io/acme/${dep}\n      version: ">=v1.0.0"\n`;
    const f = await open({
      'a/crossplane.yaml': meta('configuration-a', 'configuration-b'),
      'b/crossplane.yaml': meta('configuration-b', 'configuration-a'),
    });
    expect(f.diagnostics.map((d) => [d.rule, where(d), d.message])).toEqual([
      [
        'xp-dependency-cycle',
        'b/crossplane.yaml:7:7',
        'cannot sort DAG: detected cycle on: xpkg.upbound.io/acme/configuration-a',
      ],
    ]);
  });

  it('reports a file that does not parse, at its position, and keeps reading the others', async () => {
    const f = await open({
      'crossplane.yaml': CONFIG(),
      'apis/xrd.yaml': XRD,
      'apis/composition.yaml': 'kind: [\n',
    });
    expect(f.diagnostics.map((d) => d.rule)).toContain('xp-yaml-syntax');
    expect(f.diagnostics.find((d) => d.rule === 'xp-yaml-syntax')?.location?.file).toBe(
      'apis/composition.yaml',
    );
  });
});
