/**
 * crossplane-runtime's package parser tests (pkg/xpkg/parser/parser_test.go at
 * 4e7ed235565d24a6f6ad255aeacb82f09973b875: TestParser, TestCleanYAML), re-created as folders of ours.
 * Upstream's test parser has apps/v1 Deployment as its meta scheme and v1beta1 CRDs as its object
 * scheme; here a Provider meta takes the Deployment's place (with the same shebang annotation, which
 * must not read as a comment) and the CRDs stay. A case whose upstream folder holds no meta gets an
 * empty crossplane.yaml: it marks the package folder and holds no document, as upstream's meta is nil.
 *
 * Left out, with why:
 * - NopBackend: a nil reader is a Go API state; no folder of ours has no reader.
 * - FsBackendError: upstream's error comes from reading directories as files when the backend is
 *   given no filters (its folder's files are all valid); our folder reader only ever lists files.
 * - TestLinter, TestOr (linter_test.go): they compose injected Go functions (pkgFail, objFail); the
 *   linters themselves and the Or text are ported in upstream-lint.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { openCrossplaneFolder } from '../../../src/core/crossplane';
import { MemorySource } from '../../../src/core/source/memory';

const CRD = `apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata:
  name: test`;
const WHITESPACE = `---\n${CRD}\n---\n\n---\n\n---\n${CRD}`;
/** deployBytes' role: the meta, its annotation a script starting with a shebang. */
const META = `apiVersion: meta.pkg.crossplane.io/v1
kind: Provider
metadata:
  name: test
  annotations:
    crossplane.io/managed: |
      #!/bin/bash some script
      some script
`;
const COMMENTED_OUT = `# apiVersion: apps/v1
# kind: Deployment
# metadata:
#   name: test`;
const MANIFEST_WITH_COMMENTS = `
apiVersion: apiextensions.k8s.io/v1beta1
# Some Comment
kind: CustomResourceDefinition
metadata:
  name: test`;
const ALL = `${CRD}\n---\n${META}`;

interface Parsed {
  meta: number;
  objects: string[];
  /** What reading found, the linter's one-meta verdict left out (upstream's parser has no linter). */
  errors: string[];
}

async function parse(files: Record<string, string>): Promise<Parsed> {
  const f = await openCrossplaneFolder(new MemorySource(files, 'pkg'));
  expect(f.packages).toHaveLength(1);
  const p = f.packages[0];
  return {
    meta: p?.meta ? 1 : 0,
    objects: (p?.objects ?? []).map((o) => (o.value as { kind: string }).kind),
    errors: f.diagnostics.filter((d) => d.rule !== 'xp-one-meta').map((d) => d.message),
  };
}

const crds = (n: number) => Array<string>(n).fill('CustomResourceDefinition');

describe('crossplane-runtime TestParser', () => {
  it('EchoBackendEmpty: should have empty output with empty input', async () => {
    expect(await parse({ 'package.yaml': '' })).toEqual({ meta: 0, objects: [], errors: [] });
  });
  it('EchoBackendError: should have error with invalid yaml', async () => {
    const p = await parse({ 'package.yaml': 'definitely not yaml' });
    expect([p.meta, p.objects]).toEqual([0, []]);
    expect(p.errors).toHaveLength(1);
  });
  it('EchoBackend: should parse input stream successfully', async () => {
    expect(await parse({ 'package.yaml': ALL })).toEqual({ meta: 1, objects: crds(1), errors: [] });
  });
  it('FsBackend: should parse filesystem successfully', async () => {
    const p = await parse({
      'crd.yaml': CRD,
      'whitespace.yaml': WHITESPACE,
      'crossplane.yaml': META,
      'some/nested/dir/crd.yaml': CRD,
      '.crossplane/bad.yaml': CRD,
    });
    expect(p).toEqual({ meta: 1, objects: crds(4), errors: [] });
  });
  it('FsBackendCommentedOut: should parse filesystem successfully even if all the files are commented out', async () => {
    const p = await parse({
      'crossplane.yaml': '',
      'commented.yaml': COMMENTED_OUT,
      '.crossplane/realmanifest.yaml': MANIFEST_WITH_COMMENTS,
    });
    expect(p).toEqual({ meta: 0, objects: [], errors: [] });
  });
  it('FsBackendWithComments: should parse filesystem successfully when some of the manifests contain comments', async () => {
    // Upstream reads .crossplane/ here (no SkipPath filter); our reader always skips hidden folders,
    // so the manifest with comments sits in a visible one.
    const p = await parse({
      'crossplane.yaml': '',
      'commented.yaml': COMMENTED_OUT,
      'crossplane/realmanifest.yaml': MANIFEST_WITH_COMMENTS,
    });
    expect(p).toEqual({ meta: 0, objects: crds(1), errors: [] });
  });
  it('FsBackendAll: should parse filesystem successfully with multiple objects in single file', async () => {
    expect(await parse({ 'all.yaml': ALL, 'crossplane.yaml': '' })).toEqual({
      meta: 1,
      objects: crds(1),
      errors: [],
    });
  });
  it('FsBackendSkip: should skip empty files and files without yaml extension', async () => {
    const p = await parse({ 'crossplane.yaml': '', 'empty.yaml': '', 'bad.yam': 'definitely not yaml' });
    expect(p).toEqual({ meta: 0, objects: [], errors: [] });
  });
  it('SkipNotYAML (its implementation): the extension is compared case and all', async () => {
    const p = await parse({ 'crossplane.yaml': META, 'crd.YAML': CRD, 'crd.yml': CRD, 'crd.Yml': CRD });
    expect(p).toEqual({ meta: 1, objects: crds(1), errors: [] });
  });
  it('an object outside the object scheme (a Deployment) stops the parse', async () => {
    const p = await parse({
      'crossplane.yaml': META,
      'deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: test\n',
    });
    expect(p.errors).toEqual(['no kind "Deployment" is registered for version "apps/v1"']);
  });
});

/**
 * isEmptyYAML decides which documents of a stream the parser skips: each input here is a document
 * of a packaged stream after its meta. Skipped means nothing is read and nothing is reported; read
 * means the document is decoded (none of these is in the object scheme, so it is reported).
 */
describe('crossplane-runtime TestCleanYAML', () => {
  const read = async (input: string) => (await parse({ 'package.yaml': `${META}---\n${input}` })).errors;
  const DEPLOYMENT = 'no kind "Deployment" is registered for version "apps/v1"';
  it.each([
    ['Empty', ''],
    ['EmptyLine', '\n'],
    ['WhitespaceOnly', '    \n\t '],
    ['OnlyYAMLSeparators', '---\n...'],
    ['CommentedOut', COMMENTED_OUT],
    ['CommentedOutExceptSeparator', `---\n${COMMENTED_OUT}`],
  ])('%s: skipped', async (_name, input) => {
    expect(await read(input)).toEqual([]);
  });
  it('YAMLWithWhitespaceLineAndNonEmptyLine: read', async () => {
    const errors = await read(' \nkey: value');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Object 'Kind' is missing in /);
  });
  it('NotFullyCommentedOut: read', async () => {
    expect(
      await read('---\n# some comment\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: test'),
    ).toEqual([DEPLOYMENT]);
  });
  it('ShebangAnnotation: read', async () => {
    const doc =
      '---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: test\n  annotations:\n' +
      '    someScriptWithAShebang: |\n      #!/bin/bash\n      some script';
    expect(await read(doc)).toEqual([DEPLOYMENT]);
  });
});
