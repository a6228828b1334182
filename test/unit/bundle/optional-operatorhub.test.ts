/**
 * operator-sdk's optional validator `operatorhub` as `validate-bundle --select-optional` runs it, its
 * operator-framework/api tests ported (pkg/validation/internal/operatorhub_test.go): each case
 * re-created in a bundle written here, asserting upstream's verdict and text.
 */
import { describe, expect, it } from 'vitest';
import { checkManifests, csv, ETCD_CRD, ETCD_EXAMPLE, type Obj } from './api-fixture';
import { only } from './optional-fixture';
import type { CustomCategories } from '../../../src/core/bundle';

const HUB_SPEC = {
  provider: { name: 'CoreOS, Inc' },
  maintainers: [{ name: 'etcd Community', email: 'etcd-dev@googlegroups.com' }],
  links: [{ name: 'Blog', url: 'https://coreos.com/etcd' }],
  icon: [{ base64data: 'iVBORw0KGgo=', mediatype: 'image/png' }],
};
const hub = async (patch: { metadata?: Obj; spec?: Obj }, values: Record<string, string> = {}) =>
  (
    await checkManifests(
      {
        'csv.yaml': csv({ metadata: patch.metadata, spec: { ...HUB_SPEC, ...patch.spec } }),
        'crd.yaml': ETCD_CRD,
      },
      {},
      { selectOptional: 'name=operatorhub', optionalValues: values },
    )
  ).findings;

describe('operatorhub_test.go', () => {
  it('registryv1 bundle/valid bundle', async () => {
    const fs = await hub({
      metadata: {
        annotations: {
          'alm-examples': JSON.stringify([ETCD_EXAMPLE]),
          capabilities: 'Basic Install',
          categories: 'Database',
        },
      },
    });
    expect(only('bundle-hub', fs, 'error')).toEqual([]);
    // Upstream's validator always adds its own deprecation warning.
    expect(only('bundle-hub', fs, 'warning')).toEqual([
      'The "operatorhub" validator is deprecated; for equivalent validation use "operatorhub/v2", "standardcapabilities" and "standardcategories" validators',
    ]);
  });

  it('registryv1 bundle/invald bundle operatorhubio', async () => {
    const fs = await hub({
      metadata: {
        annotations: {
          'alm-examples': JSON.stringify([ETCD_EXAMPLE]),
          capabilities: 'Installs and stuff',
          categories: 'Magic',
        },
      },
      spec: {
        provider: { name: '' },
        maintainers: [
          { name: 'etcd Community', email: 'invalidemail' },
          { email: 'etcd-dev@googlegroups.com' },
        ],
        links: [
          { name: 'Blog', url: 'https//coreos.com/operators/etcd/docs/latest/' },
          { url: 'https://coreos.com/etcd' },
        ],
        icon: [
          { base64data: 'iVBORw0KGgo=', mediatype: 'image/png' },
          { base64data: 'iVBORw0KGgo=', mediatype: 'image/png' },
        ],
        version: '0.0.0',
      },
    });
    const n = '(etcdoperator.v0.9.4) ';
    expect(only('bundle-hub', fs, 'error').sort()).toEqual(
      [
        `${n}csv.Spec.Provider.Name not specified`,
        `${n}csv.Spec.Maintainers elements should contain both name and email`,
        `${n}csv.Spec.Maintainers email invalidemail is invalid: mail: missing '@' or angle-addr`,
        `${n}csv.Spec.Links elements should contain both name and url`,
        `${n}csv.Spec.Links url https//coreos.com/operators/etcd/docs/latest/ is invalid: parse "https//coreos.com/operators/etcd/docs/latest/": invalid URI for request`,
        `${n}csv.Metadata.Annotations.Capabilities "Installs and stuff" is not a valid capabilities level`,
        `${n}csv.Spec.Icon should only have one element`,
        `${n}csv.Metadata.Annotations["categories"] value "Magic" is not in the set of standard categories`,
        `${n}csv.Spec.Version must be set`,
      ].sort(),
    );
  });

  // TestCustomCategories: OPERATOR_BUNDLE_CATEGORIES names a JSON file whose categories replace the standard ones.
  it.each([
    [
      'valid bundle custom categories',
      'Cloud Pak,This/Or & That',
      { categories: ['Cloud Pak', 'Registry', 'MyCoolThing', 'This/Or & That'] },
      [],
    ],
    ['valid bundle standard categories', 'Database', undefined, []],
    [
      'a standard category is not a custom one',
      'Database',
      { categories: ['Cloud Pak'] },
      ['csv.Metadata.Annotations["categories"] value "Database" is not in the set of custom categories'],
    ],
  ] as [string, string, CustomCategories | undefined, string[]][])(
    'TestCustomCategories: %s',
    async (_n, categories, custom, errors) => {
      const o = csv({
        metadata: { annotations: { 'alm-examples': JSON.stringify([ETCD_EXAMPLE]), categories } },
        spec: HUB_SPEC,
      });
      const fs = (
        await checkManifests(
          { 'csv.yaml': o, 'crd.yaml': ETCD_CRD },
          {},
          { selectOptional: 'name=operatorhub', ...(custom ? { customCategories: custom } : {}) },
        )
      ).findings;
      expect(only('bundle-hub', fs, 'error')).toEqual(errors.map((e) => `(etcdoperator.v0.9.4) ${e}`));
    },
  );

  it.each([
    ['should warn when the icon is not set', undefined, 'warning', 'csv.Spec.Icon not specified'],
    [
      'should fail when data is missing',
      [{ mediatype: 'image/png' }],
      'error',
      'csv.Spec.Icon elements should contain both data and mediatype',
    ],
    [
      'should fail when the mediatype is invalid',
      [{ base64data: 'iVBORw0KGgo=', mediatype: 'invalid' }],
      'error',
      'csv.Spec.Icon invalid does not have a valid mediatype',
    ],
  ])('checkSpecIcon: %s', async (_n, icon, severity, text) => {
    const o = csv({ spec: { ...HUB_SPEC, icon } });
    if (icon === undefined) delete (o.spec as Obj).icon;
    const fs = (
      await checkManifests(
        { 'csv.yaml': o, 'crd.yaml': ETCD_CRD },
        {},
        { selectOptional: 'name=operatorhub' },
      )
    ).findings;
    expect(
      fs.filter((f) => f.rule.startsWith('bundle-hub-icon')).map((f) => [f.severity, f.message]),
    ).toEqual([[severity, `(etcdoperator.v0.9.4) ${text}`]]);
  });

  it.each([
    [
      'should warn when minKubeVersion is not informed',
      '',
      'bundle-hub-min-kube-version-missing',
      /^\(etcdoperator\.v0\.9\.4\) csv\.Spec\.minKubeVersion is not informed\./,
    ],
    [
      'should fail when minKubeVersion is invalid',
      'alpha1',
      'bundle-hub-min-kube-version',
      /^\(etcdoperator\.v0\.9\.4\) csv\.Spec\.MinKubeVersion has an invalid value: alpha1$/,
    ],
  ])('checkSpecMinKubeVersion: %s', async (_n, minKubeVersion, rule, text) => {
    const fs = await hub({ spec: { minKubeVersion } });
    const found = fs.filter((f) => f.rule.startsWith('bundle-hub-min-kube'));
    expect(found.map((f) => f.rule)).toEqual([rule]);
    expect(found[0]?.message).toMatch(text);
  });
});
