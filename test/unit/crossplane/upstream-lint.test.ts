/**
 * crossplane-runtime's package linter tests (pkg/xpkg/lint_test.go; the parser's table is in
 * upstream-parser.test.ts), re-created as packages of ours: each case is the object or stream the
 * upstream test feeds its function, placed in a package of the kind whose linter runs that function, and asserts
 * upstream's verdict and text. Cases that need a running Crossplane (PackageCrossplaneCompatible)
 * have no offline counterpart and are not here.
 */
import { describe, expect, it } from 'vitest';
import { openCrossplaneFolder } from '../../../src/core/crossplane';
import { MemorySource } from '../../../src/core/source/memory';

const doc = (apiVersion: string, kind: string) =>
  `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: test\n`;

const V1BETA1_CRD = doc('apiextensions.k8s.io/v1beta1', 'CustomResourceDefinition');
const V1_CRD = doc('apiextensions.k8s.io/v1', 'CustomResourceDefinition');
const PROVIDER = (v: string) => doc(`meta.pkg.crossplane.io/${v}`, 'Provider');
const CONFIGURATION = (v: string) => doc(`meta.pkg.crossplane.io/${v}`, 'Configuration');
const FUNCTION = (v: string) => doc(`meta.pkg.crossplane.io/${v}`, 'Function');
const XRD = doc('apiextensions.crossplane.io/v1', 'CompositeResourceDefinition');
const COMPOSITION = doc('apiextensions.crossplane.io/v1', 'Composition');
const MRD = doc('apiextensions.crossplane.io/v1alpha1', 'ManagedResourceDefinition');
const MRAP = doc('apiextensions.crossplane.io/v1alpha1', 'ManagedResourceActivationPolicy');
const OP = doc('ops.crossplane.io/v1alpha1', 'Operation');
const CRON_OP = doc('ops.crossplane.io/v1alpha1', 'CronOperation');
const WATCH_OP = doc('ops.crossplane.io/v1alpha1', 'WatchOperation');

const OR = 'object did not pass any of the linters with following errors: ';
const PROVIDER_OR =
  OR +
  'object is not a CRD, object is not an MRD, object is not an ValidatingWebhookConfiguration, ' +
  'object is not a MutatingWebhookConfiguration';
const CONFIGURATION_OR =
  OR +
  'object is not an XRD, object is not an ManagedResourceActivationPolicy, object is not a Composition, ' +
  'object is not an Operation, object is not a CronOperation, object is not a WatchOperation';

/**
 * The messages of the findings that mirror Crossplane; ours (a Composition with no XRD opened, …)
 * are warnings, never what upstream's verdict is about.
 */
async function messages(files: Record<string, string>): Promise<string[]> {
  const f = await openCrossplaneFolder(new MemorySource(files, 'pkg'));
  const ours = f.diagnostics.filter((d) => d.source === 'fbc-studio');
  expect(ours.filter((d) => d.severity === 'error')).toEqual([]);
  return f.diagnostics.filter((d) => d.source === 'crossplane').map((d) => d.message);
}

/** A package of one meta and one object, as upstream's linter sees it. */
const pkg = (meta: string, object: string) =>
  messages({ 'crossplane.yaml': meta, 'package/object.yaml': object });

describe('crossplane-runtime TestOneMeta', () => {
  it('Successful: a CRD and one Provider', async () => {
    expect(await pkg(PROVIDER('v1alpha1'), V1BETA1_CRD)).toEqual([]);
  });
  it('ErrNoMeta: only a CRD (a packaged stream without its meta)', async () => {
    expect(await messages({ 'package.yaml': V1BETA1_CRD })).toEqual(['not exactly one package meta type']);
  });
  it('ErrMultiMeta: two Providers', async () => {
    expect(await messages({ 'package.yaml': `${PROVIDER('v1alpha1')}---\n${PROVIDER('v1alpha1')}` })).toEqual(
      ['not exactly one package meta type'],
    );
  });
});

describe('crossplane-runtime TestIsProvider / TestIsConfiguration / TestIsFunction', () => {
  it.each([
    ['Provider v1alpha1', PROVIDER('v1alpha1'), 'Provider'],
    ['Provider v1', PROVIDER('v1'), 'Provider'],
    ['Configuration v1alpha1', CONFIGURATION('v1alpha1'), 'Configuration'],
    ['Configuration v1', CONFIGURATION('v1'), 'Configuration'],
    ['Function v1beta1', FUNCTION('v1beta1'), 'Function'],
    ['Function v1', FUNCTION('v1'), 'Function'],
  ])('%s is a package of its kind', async (_, meta, kind) => {
    const f = await openCrossplaneFolder(new MemorySource({ 'crossplane.yaml': meta }, 'pkg'));
    expect([f.packages[0]?.kind, f.diagnostics]).toEqual([kind, []]);
  });
  it('a Function was never v1alpha1: meta type is not a package', async () => {
    expect(await messages({ 'crossplane.yaml': FUNCTION('v1alpha1') })).toEqual([
      'meta type is not a package',
    ]);
  });
});

describe('crossplane-runtime TestPackageValidSemver', () => {
  const withConstraint = (c: string) => `${CONFIGURATION('v1')}spec:\n  crossplane:\n    version: "${c}"\n`;
  it('Valid: >v0.13.0', async () => {
    expect(await messages({ 'crossplane.yaml': withConstraint('>v0.13.0') })).toEqual([]);
  });
  it('ErrInvalidConstraints: >a0.13.0, wrapped as upstream wraps it', async () => {
    expect(await messages({ 'crossplane.yaml': withConstraint('>a0.13.0') })).toEqual([
      'package version constraints are poorly formatted: improper constraint: ">a0.13.0"',
    ]);
  });
});

describe('crossplane-runtime TestIsCRD, TestIsMRD (the Provider and Function linters)', () => {
  it.each([
    ['v1beta1 CRD in a Provider', PROVIDER('v1'), V1BETA1_CRD],
    ['v1 CRD in a Provider', PROVIDER('v1'), V1_CRD],
    ['v1 CRD in a Function', FUNCTION('v1'), V1_CRD],
    ['v1alpha1 MRD in a Provider', PROVIDER('v1'), MRD],
  ])('%s passes', async (_, meta, object) => {
    expect(await pkg(meta, object)).toEqual([]);
  });
  it('ErrNotCRD: a Function shipping an XRD is told "object is not a CRD" (its linter is IsCRD alone)', async () => {
    expect(await pkg(FUNCTION('v1beta1'), XRD)).toEqual(['object is not a CRD']);
  });
  it('ErrNotMRD: a Provider shipping a Composition fails every linter of its Or', async () => {
    expect(await pkg(PROVIDER('v1'), COMPOSITION)).toEqual([PROVIDER_OR]);
  });
});

describe('crossplane-runtime TestIsXRD … TestIsWatchOperation (the Configuration linter)', () => {
  it.each([
    ['XRD v1', XRD],
    ['XRD v2', doc('apiextensions.crossplane.io/v2', 'CompositeResourceDefinition')],
    ['Composition v1', COMPOSITION],
    ['ManagedResourceActivationPolicy v1alpha1', MRAP],
    ['Operation v1alpha1', OP],
    ['CronOperation v1alpha1', CRON_OP],
    ['WatchOperation v1alpha1', WATCH_OP],
  ])('%s passes in a Configuration', async (_, object) => {
    expect(await pkg(CONFIGURATION('v1'), object)).toEqual([]);
  });
  it('a bare Composition (no XRD anywhere) is no error, only our warning', async () => {
    const f = await openCrossplaneFolder(
      new MemorySource({ 'crossplane.yaml': CONFIGURATION('v1'), 'c.yaml': COMPOSITION }, 'pkg'),
    );
    expect(f.diagnostics.map((d) => [d.rule, d.severity, d.source])).toEqual([
      ['xp-composite-type-unknown', 'warning', 'fbc-studio'],
    ]);
  });
  it('ErrNot…: a v1beta1 CRD in a Configuration fails all six, in upstream order', async () => {
    expect(await pkg(CONFIGURATION('v1'), V1BETA1_CRD)).toEqual([CONFIGURATION_OR]);
  });
  it('an MRD belongs in a Provider, not a Configuration', async () => {
    expect(await pkg(CONFIGURATION('v1'), MRD)).toEqual([CONFIGURATION_OR]);
  });
});
