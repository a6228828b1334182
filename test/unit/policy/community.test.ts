/**
 * The community pack on catalogs of ours laid out as community-operators-prod does
 * (catalogs/v4.NN/<package>/catalog.yaml): the pipeline's verdict and words, what its quirk hides.
 */
import { describe, expect, it } from 'vitest';
import { DIGEST, fragment, packLines } from './fixtures';

const BO = ['olm.bundle.object'];
const CSV = ['olm.csv.metadata'];
const at = (v: string) => `catalogs/${v}/foo/catalog.yaml`;

describe('community pack: olm.bundle.object in catalogs for 4.17 and later', () => {
  it('fails when the first bundle has it, at its property; 4.16 may have it', async () => {
    const text = fragment([{ version: '1.0.0', props: BO }]);
    expect(await packLines({ [at('v4.17')]: text }, 'community')).toEqual([
      `error community-bundle-object ${at('v4.17')}:21:5 Bundle object found in OperatorCatalog(v4.17/foo) catalog uses 'olm.bundle.object'. This is not allowed for catalogs with version \`>= 4.17\`. Render catalog again with latest [Makefile](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/#generate-catalogs-using-templates) using \`make catalogs\`. Bundle object is not supported in FBC.`,
    ]);
    expect(await packLines({ [at('v4.16')]: text }, 'community')).toEqual([]);
  });

  it('looks at the first bundle only, as the pipeline does: a later one is our warning', async () => {
    const text = fragment([
      { version: '1.0.0', props: CSV },
      { version: '1.1.0', props: BO },
    ]);
    expect(await packLines({ [at('v4.18')]: text }, 'community')).toEqual([
      `warning community-bundle-object-hidden ${at('v4.18')}:36:5 bundle foo.v1.1.0 uses olm.bundle.object in v4.18/foo, a catalog for 4.18; the pipeline checks only the first bundle`,
    ]);
  });
});

describe('community pack: the operator catalog is its folder, as operator-repo reads it', () => {
  it('a catalog folder not named vX.Y is not checked for olm.bundle.object, whatever the version', async () => {
    const text = fragment([{ version: '1.0.0', props: BO }]);
    expect(await packLines({ [at('4.18')]: text }, 'community', { ocpVersion: '4.18' })).toEqual([]);
    expect(await packLines({ [at('v5.0')]: text }, 'community')).toHaveLength(1);
  });

  it('names the folder, not the package its blobs say', async () => {
    const text = fragment([{ version: '1.0.0', props: BO }], 'stable', 'bar');
    expect((await packLines({ [at('v4.17')]: text }, 'community')).join('\n')).toContain(
      'Bundle object found in OperatorCatalog(v4.17/foo) catalog',
    );
  });
});

describe('community pack: the pipeline reads catalog.yaml, catalog.yml or catalog.json only', () => {
  const quay = `quay.io/acme/foo-bundle@sha256:${DIGEST}`;
  const other = 'catalogs/v4.18/foo/bundles.yaml';
  // catalog.yaml holds the package, its channel and 1.0.0; bundles.yaml (read first by opm) holds 1.1.0.
  const [head = '', tail = ''] = fragment([
    { version: '1.0.0', props: CSV },
    { version: '1.1.0', props: BO, image: quay },
  ]).split(/(?=---\nschema: olm.bundle\npackage: foo\nname: foo.v1.1.0)/);

  it('a bundle in another file of the folder: the pipeline passes, our warnings say why', async () => {
    const lines = await packLines({ [at('v4.18')]: head, [other]: tail }, 'community', {
      allowedRegistries: ['registry.redhat.io/'],
    });
    expect(lines).toEqual([
      `warning community-bundle-registry-hidden ${other}:5:8 bundle foo.v1.1.0 in v4.18/foo has image ${quay} from none of the allowed registries (registry.redhat.io/); the pipeline reads only catalog.yaml, catalog.yml or catalog.json`,
      `warning community-bundle-object-hidden ${other}:11:5 bundle foo.v1.1.0 uses olm.bundle.object in v4.18/foo, a catalog for 4.18; the pipeline reads only catalog.yaml, catalog.yml or catalog.json`,
    ]);
  });

  it('near miss: the same bundles in catalog.yaml fail', async () => {
    const lines = await packLines({ [at('v4.18')]: head + tail }, 'community', {
      allowedRegistries: ['registry.redhat.io/'],
    });
    expect(lines.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'error community-bundle-registry',
      'warning community-bundle-object-hidden',
    ]);
  });
});

describe('community pack: bundle registries from config.yaml', () => {
  const quay = `quay.io/acme/foo-bundle@sha256:${DIGEST}`;
  const text = fragment([{ version: '1.0.0', props: CSV, image: quay }]);

  it('an image under none of the allowed prefixes fails, listing them, at the image', async () => {
    expect(
      await packLines({ [at('v4.18')]: text }, 'community', { allowedRegistries: ['quay.io/other/'] }),
    ).toEqual([
      `error community-bundle-registry ${at('v4.18')}:15:8 Invalid bundle image(s) found in OperatorCatalog(v4.18/foo): ${quay}. Only these registries are allowed for bundle images: quay.io/other/.`,
    ]);
  });

  it('a matching prefix passes; no list set checks nothing', async () => {
    expect(
      await packLines({ [at('v4.18')]: text }, 'community', { allowedRegistries: ['quay.io/acme/'] }),
    ).toEqual([]);
    expect(await packLines({ [at('v4.18')]: text }, 'community')).toEqual([]);
  });
});
