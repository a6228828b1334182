/**
 * `render-bundle`'s properties that opm derives from the CSV (operator-registry v1.73.0
 * pkg/registry/parse.go derivedProperties and registry_to_model.go ObjectsAndPropertiesFromBundle):
 * the `olm.properties` annotation's list (real operators declare olm.maxOpenShiftVersion so), the
 * release beside the package's version (spec.release, a string or a number), every property once.
 * On bundles written here, after upstream's TestDerivedProperties cases (OpaqueFromCSVAnnotations,
 * BadCSVAnnotationsIgnored, PackageFromAnnotations, RemoveDuplicates) and GetRelease's.
 */
import { describe, expect, it } from 'vitest';
import { BundleRenderError, readBundleDir, renderBundle } from '../../../src/core/bundle';
import { MemorySource } from '../../../src/core/source/memory';
import { bundleFiles, type FixtureBundle } from './bundle-fixture';

const CSV = 'manifests/op.clusterserviceversion.yaml';

async function render(b: FixtureBundle, annotation?: string) {
  const files = bundleFiles(b);
  const csvPath = Object.keys(files).find((p) => p.includes('clusterserviceversion')) ?? CSV;
  if (annotation !== undefined) {
    files[csvPath] = (files[csvPath] as string).replace(
      /^( {2}name: .*\n)/m,
      `$1  annotations:\n    olm.properties: '${annotation}'\n`,
    );
  }
  const dir = await readBundleDir(new MemorySource(files, 'op'));
  return renderBundle(dir, 'quay.io/acme/op-bundle:v1', 'none').properties.filter(
    (p) => p.type !== 'olm.bundle.object',
  );
}

const MAX_OCP = '[{"type": "olm.maxOpenShiftVersion", "value": "4.8"}]';

describe("properties opm derives from the CSV's olm.properties annotation", () => {
  it("OpaqueFromCSVAnnotations: each listed property is the bundle's, in the sorted list", async () => {
    expect(await render({ version: '1.0.0' }, MAX_OCP)).toEqual([
      { type: 'olm.gvk', value: { group: 'acme.io', kind: 'Widget', version: 'v1' } },
      { type: 'olm.maxOpenShiftVersion', value: '4.8' },
      { type: 'olm.package', value: { packageName: 'op', version: '1.0.0' } },
    ]);
  });

  it('BadCSVAnnotationsIgnored: an annotation that does not decode adds nothing', async () => {
    expect((await render({ version: '1.0.0' }, 'bad')).map((p) => p.type)).toEqual([
      'olm.gvk',
      'olm.package',
    ]);
    expect((await render({ version: '1.0.0' }, '{"type": "x"}')).map((p) => p.type)).toEqual([
      'olm.gvk',
      'olm.package',
    ]);
  });

  it('RemoveDuplicates: a property listed twice (or as a CRD gives it) is written once', async () => {
    const twice =
      '[{"type": "olm.maxOpenShiftVersion", "value": "4.8"}, {"type": "olm.maxOpenShiftVersion", "value": "4.8"}, {"type": "olm.gvk", "value": {"group": "acme.io", "kind": "Widget", "version": "v1"}}]';
    expect((await render({ version: '1.0.0' }, twice)).map((p) => p.type)).toEqual([
      'olm.gvk',
      'olm.maxOpenShiftVersion',
      'olm.package',
    ]);
  });

  it('an olm.package in the annotation is the one kept: the last of the list wins', async () => {
    const pkg = '[{"type": "olm.package", "value": {"packageName": "other", "version": "9.9.9"}}]';
    expect((await render({ version: '1.0.0' }, pkg)).find((p) => p.type === 'olm.package')?.value).toEqual({
      packageName: 'other',
      version: '9.9.9',
    });
  });
});

describe("the package property's release (csv.GetRelease)", () => {
  it.each([
    ['"2"', '2'],
    ['3', '3'],
    ['1.5', '1.5'],
  ])('spec.release %s is release %j', async (yaml, release) => {
    const props = await render({ version: '1.0.0', specLines: [`  release: ${yaml}`] });
    expect(props.find((p) => p.type === 'olm.package')?.value).toEqual({
      packageName: 'op',
      version: '1.0.0',
      release,
    });
  });

  it('with no package in the annotations, the same release fails where ObjectsAndPropertiesFromBundle reads it', async () => {
    const files = bundleFiles({ version: '1.0.0', specLines: ['  release: true'] });
    for (const path of Object.keys(files))
      if (path.endsWith('annotations.yaml'))
        files[path] = (files[path] as string).replace(
          /^ {2}operators\.operatorframework\.io\.bundle\.package\.v1: .*\n/m,
          '',
        );
    const dir = await readBundleDir(new MemorySource(files, 'op'));
    expect(() => renderBundle(dir, 'quay.io/acme/op-bundle:v1', 'none')).toThrow(
      new BundleRenderError('get release: release field must be a string or number'),
    );
  });

  it("a release that is no string or number fails the render, in parse.go's words", async () => {
    await expect(render({ version: '1.0.0', specLines: ['  release: true'] })).rejects.toThrow(
      new BundleRenderError('failed to derive properties: release field must be a string or number'),
    );
  });
});
