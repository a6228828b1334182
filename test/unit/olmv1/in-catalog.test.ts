/** The app's OLM v1 requests over the open catalog: a pasted ClusterExtension, a bundle's section. */
import { describe, expect, it } from 'vitest';
import { bundleOlmV1, previewInCatalog } from '../../../src/core/olmv1';
import { bundleName, catalogOf, genPackage, PKG } from './fixtures';

const CE = (catalogExtra: string) => `apiVersion: olm.operatorframework.io/v1
kind: ClusterExtension
metadata: { name: x }
spec:
  namespace: x
  source:
    sourceType: Catalog
    catalog:
      packageName: ${PKG}
${catalogExtra}`;

describe('previewInCatalog', () => {
  it('resolves a pasted ClusterExtension against the open catalog, with an installed version', async () => {
    const dc = await catalogOf(genPackage());
    expect(previewInCatalog(dc, CE('      channels: [beta]\n'), null).resolved?.bundle).toBe(
      bundleName(PKG, '1.0.2'),
    );
    expect(previewInCatalog(dc, CE(''), '0.1.0').resolved?.bundle).toBe(bundleName(PKG, '1.0.2'));
    expect(previewInCatalog(dc, CE(''), bundleName(PKG, '0.1.0')).resolved?.bundle).toBe(
      bundleName(PKG, '1.0.2'),
    );
  });

  it('says what is wrong with the YAML or the installed bundle', async () => {
    const dc = await catalogOf(genPackage());
    expect(previewInCatalog(dc, 'kind: Deployment\n', null).error).toBe(
      'ClusterExtension holds no ClusterExtension',
    );
    expect(previewInCatalog(dc, CE(''), '7.7.7').error).toContain('is neither a bundle nor a version');
  });
});

describe('bundleOlmV1', () => {
  it('writes a ClusterExtension the API server accepts for a package name with dots', async () => {
    const dotted = 'example.operator';
    const dc = await catalogOf(genPackage(dotted));
    const info = bundleOlmV1(dc, dotted, bundleName(dotted, '1.0.2'))!;
    expect(info.clusterExtension).toContain('namespace: "example-operator"');
    const p = previewInCatalog(dc, info.clusterExtension, null);
    expect(p.error).toBeNull();
    expect(p.resolved?.bundle).toBe(bundleName(dotted, '1.0.2'));
  });

  it('eligibility, no lifecycle, and a ClusterExtension that previews back to the bundle', async () => {
    const dc = await catalogOf(genPackage());
    const info = bundleOlmV1(dc, PKG, bundleName(PKG, '1.0.2'))!;
    expect(info.eligibility.eligible).toBeNull();
    expect(info.lifecycle).toBeNull();
    expect(previewInCatalog(dc, info.clusterExtension, null).resolved?.bundle).toBe(bundleName(PKG, '1.0.2'));
    expect(bundleOlmV1(dc, PKG, 'nope')).toBeNull();
    // In the channel the user looks at, when it holds the bundle.
    expect(bundleOlmV1(dc, PKG, bundleName(PKG, '1.0.2'), 'beta')!.clusterExtension).toContain('- "beta"');
    expect(bundleOlmV1(dc, PKG, bundleName(PKG, '1.0.2'), 'gamma')!.clusterExtension).toContain('- "alpha"');
  });
});
