/**
 * rancher/fleet's bundle reader tests, re-created as folders of ours: internal/bundlereader
 * (loaddirectory_test.go TestGetContent's .fleetignore cases, validate_fleetyaml_test.go,
 * read_test.go) — each asserts upstream's verdict and, where it has one, its text.
 */
import { describe, expect, it } from 'vitest';
import { openFleetBundle } from '../../../src/core/fleet';
import { goMatch, readBundleFiles } from '../../../src/core/fleet/read-files';
import { MemorySource } from '../../../src/core/source/memory';

/** GetContent's file names and contents for a folder, with the test's ignoreApplyConfigs. */
async function content(files: Record<string, string>): Promise<Record<string, string>> {
  const { files: read } = await readBundleFiles(
    new MemorySource(files, 'root'),
    new Set(['fleet.yaml', 'chart/myvalues.yaml']),
  );
  return Object.fromEntries(read.map((f) => [f.name, new TextDecoder().decode(f.bytes)]));
}

describe('Fleet TestGetContent: which files a folder gives', () => {
  it('no .fleetignore: everything but fleet.yaml and the values file', async () => {
    expect(
      await content({ 'fleet.yaml': 'foo', 'chart/myvalues.yaml': 'bar', 'something.yaml': 'foo' }),
    ).toEqual({ 'something.yaml': 'foo' });
  });
  it('empty .fleetignore (itself hidden, so never a resource)', async () => {
    expect(await content({ 'fleet.yaml': 'foo', 'something.yaml': 'foo', '.fleetignore': '' })).toEqual({
      'something.yaml': 'foo',
    });
  });
  it('ignore lines with leading # unless escaped', async () => {
    expect(
      await content({
        'something.yaml': 'foo',
        '#something_else.yaml': 'bar',
        '.fleetignore': '#something.yaml\n\\#something_else.yaml',
      }),
    ).toEqual({ 'something.yaml': 'foo' });
  });
  it('simple .fleetignore', async () => {
    expect(
      await content({
        'something.yaml': 'foo',
        'something_else.yaml': 'bar',
        '.fleetignore': 'not_here.txt\nsomething.yaml',
      }),
    ).toEqual({ 'something_else.yaml': 'bar' });
  });
  it('glob syntax', async () => {
    expect(await content({ 'something.yaml': 'foo', '.fleetignore': 'something*' })).toEqual({});
  });
  it('ignore trailing spaces unless escaped', async () => {
    expect(
      await content({
        'something.yaml ': 'foo',
        'something_else.yaml  ': 'bar',
        '.fleetignore': 'something_else.yaml\\ \\ \nsomething.yaml ',
      }),
    ).toEqual({ 'something.yaml ': 'foo' });
  });
  it('ignore directories', async () => {
    expect(
      await content({ 'something.yaml': 'foo', '.fleetignore': 'subdir', 'subdir/in_dir.yaml': 'baz' }),
    ).toEqual({ 'something.yaml': 'foo' });
  });
  it('ignore file multiple levels below .fleetignore', async () => {
    expect(
      await content({
        'something.yaml': 'foo',
        '.fleetignore': 'in_dir.yaml',
        'subdir/subsubdir/in_dir.yaml': 'bar',
      }),
    ).toEqual({ 'something.yaml': 'foo' });
  });
  it('.fleetignore files in neighbour dirs do not interfere with one another', async () => {
    expect(
      await content({
        'something.yaml': 'foo',
        'subdir1/in_dir.yaml': 'from dir 1',
        'subdir1/.fleetignore': 'in_dir.yaml',
        'subdir2/in_dir.yaml': 'from dir 2',
      }),
    ).toEqual({ 'something.yaml': 'foo', 'subdir2/in_dir.yaml': 'from dir 2' });
  });
  it("entries from parent directories' .fleetignore files are added in lower directories", async () => {
    expect(
      await content({
        'something.yaml': 'foo',
        '.fleetignore': 'ignore-always.yaml',
        'foo/ignore-always.yaml': 'will be ignored',
        'foo/something.yaml': 'something',
        'bar/.fleetignore': 'something.yaml',
        'bar/something.yaml': 'something',
        'bar/something2.yaml': 'something2',
        'bar/ignore-always.yaml': 'will be ignored',
      }),
    ).toEqual({
      'something.yaml': 'foo',
      'foo/something.yaml': 'something',
      'bar/something2.yaml': 'something2',
    });
  });
  it('root .fleetignore contains folder/* entries: every folder of that name, at any depth', async () => {
    expect(
      await content({
        'something.yaml': 'foo',
        '.fleetignore': 'foo/*\n',
        'foo/ignore-always.yaml': 'x',
        'foo/something.yaml': 'x',
        'bar/something.yaml': 'something',
        'bar/something2.yaml': 'something2',
        'bar/foo/ignore.yaml': 'x',
        'bar/foo/ignore2.yaml': 'x',
        'bar/foo/something.yaml': 'x',
      }),
    ).toEqual({
      'something.yaml': 'foo',
      'bar/something.yaml': 'something',
      'bar/something2.yaml': 'something2',
    });
  });
  it('non root .fleetignore contains folder/* entries: only below it', async () => {
    expect(
      await content({
        'something.yaml': 'foo',
        'foo/something1.yaml': 'something1',
        'foo/something2.yaml': 'something2',
        'bar/something.yaml': 'something',
        'bar/something2.yaml': 'something2',
        'bar/.fleetignore': 'foo/*',
        'bar/foo/ignore.yaml': 'x',
        'bar/foo/something.yaml': 'x',
      }),
    ).toEqual({
      'something.yaml': 'foo',
      'foo/something1.yaml': 'something1',
      'foo/something2.yaml': 'something2',
      'bar/something.yaml': 'something',
      'bar/something2.yaml': 'something2',
    });
  });
  it('.fleetignore folder/* entry does not apply to files', async () => {
    expect(
      await content({
        'something.yaml': 'foo',
        '.fleetignore': 'foo/*',
        foo: 'everybody was a kung-foo fighting',
        'bar/something.yaml': 'something',
        'bar/something2.yaml': 'something2',
        'bar/.fleetignore': 'foo/*',
        'bar/foo/ignore.yaml': 'x',
      }),
    ).toEqual({
      'something.yaml': 'foo',
      foo: 'everybody was a kung-foo fighting',
      'bar/something.yaml': 'something',
      'bar/something2.yaml': 'something2',
    });
  });
  it("matches as Go's filepath.Match does", () => {
    expect(goMatch('a[b-d]?.yaml', 'ac1.yaml')).toBe(true);
    expect(goMatch('a[^b-d]*', 'ab')).toBe(false);
    expect(goMatch('\\*.yaml', '*.yaml')).toBe(true);
    expect(goMatch('[]a]', 'a')).toBe(false);
  });
});

/** The findings of a folder whose fleet.yaml is this text. */
async function findings(fleetYaml: string): Promise<string[]> {
  const b = await openFleetBundle(
    new MemorySource({ 'fleet.yaml': fleetYaml, 'cm.yaml': 'kind: ConfigMap\n' }, 'x'),
  );
  return b.diagnostics.filter((d) => d.source === 'fleet').map((d) => d.message);
}

const dep = (states: string[]) =>
  `dependsOn:\n- name: my-dependency\n  acceptedStates: [${states.map((s) => JSON.stringify(s)).join(', ')}]\n`;

describe('Fleet TestValidateFleetYAML', () => {
  it.each([
    [[]],
    [['Ready']],
    [['Ready', 'Modified']],
    [['Ready', 'NotReady', 'WaitApplied', 'ErrApplied', 'OutOfSync', 'Pending', 'Modified']],
  ])('ValidAcceptedStates %j', async (states) => {
    expect(await findings(dep(states))).toEqual([]);
  });
  it.each([
    [['InvalidState'], 'dependsOn[0].acceptedStates[0]: invalid state "InvalidState"'],
    [['ready'], 'dependsOn[0].acceptedStates[0]: invalid state "ready"'],
    [['Ready', 'Foo', 'Modified'], 'dependsOn[0].acceptedStates[1]: invalid state "Foo"'],
    [[''], 'dependsOn[0].acceptedStates[0]: invalid state ""'],
  ])('InvalidAcceptedStates %j', async (states, text) => {
    const [m] = await findings(dep(states));
    expect(m).toBe(
      `${text}, valid values are: [Ready NotReady Pending OutOfSync Modified WaitApplied ErrApplied]`,
    );
  });
  it('MissingNameAndSelector', async () => {
    expect(await findings('dependsOn:\n- acceptedStates: [Ready]\n')).toEqual([
      "dependsOn[0]: must specify either 'name' or 'selector'",
    ]);
  });
  it('ValidWithSelector', async () => {
    expect(
      await findings(
        'dependsOn:\n- selector:\n    matchLabels: {app: database}\n  acceptedStates: [Ready, Modified]\n',
      ),
    ).toEqual([]);
  });
});

describe('Fleet TestBundleFromDir_TargetCustomizationModePropagate', () => {
  it.each([
    ['targetCustomizationMode: AllMatches', 'AllMatches'],
    ['targetCustomizationMode: FirstMatch', 'FirstMatch'],
    ['namespace: test', undefined],
  ])('%s', async (yaml, mode) => {
    const b = await openFleetBundle(new MemorySource({ 'fleet.yaml': yaml, 'cm.yaml': 'x: 1\n' }, 'test'));
    expect((b.bundle?.spec as Record<string, unknown>).targetCustomizationMode).toBe(mode);
  });
});
