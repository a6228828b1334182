/**
 * The konflux pack on fragments of ours: per check one violating case and one near miss, with the
 * task's words and the place. Versions come from the catalog's path (v4.NN/…).
 */
import { describe, expect, it } from 'vitest';
import { DIGEST, fragment, packLines } from './fixtures';

const CSV = ['olm.csv.metadata'];
const BO = ['olm.bundle.object'];
const at = (version: string) => `${version}/catalog/foo/catalog.yaml`;

async function konflux(version: string, text: string, opts = {}): Promise<string[]> {
  return packLines({ [at(version)]: text }, 'konflux', opts);
}

describe('konflux pack: bundle metadata form by OpenShift version (validate-fbc 0.3)', () => {
  it('4.17 refuses olm.bundle.object, at the property; the same fragment in csv.metadata passes', async () => {
    expect(await konflux('v4.17', fragment([{ version: '1.0.0', props: [...CSV, ...BO] }]))).toEqual([
      `error konflux-bundle-object-refused ${at('v4.17')}:24:5 olm.bundle.object bundle properties are not permitted in a FBC fragment for OCP version 4.17. Fragments must move to olm.csv.metadata bundle metadata.`,
    ]);
    expect(await konflux('v4.17', fragment([{ version: '1.0.0', props: CSV }]))).toEqual([]);
  });

  it('every 5.x wants olm.csv.metadata, as 0.3 compares the major first', async () => {
    expect(await konflux('v5.0', fragment([{ version: '1.0.0', props: BO }]))).toEqual([
      `error konflux-bundle-object-refused ${at('v5.0')}:21:5 olm.bundle.object bundle properties are not permitted in a FBC fragment for OCP version 5.0. Fragments must move to olm.csv.metadata bundle metadata.`,
      `error konflux-csv-metadata-missing ${at('v5.0')}:17:3 every olm.bundle object in the fragment must have a corresponding olm.csv.metadata bundle property`,
    ]);
  });

  it('4.16 refuses olm.csv.metadata and wants olm.bundle.object on every bundle', async () => {
    expect(await konflux('v4.16', fragment([{ version: '1.0.0', props: CSV }]))).toEqual([
      `error konflux-csv-metadata-refused ${at('v4.16')}:21:5 olm.csv.metadata bundle properties are not permitted in a FBC fragment for OCP version 4.16. Fragments must only use olm.bundle.object bundle metadata.`,
      `error konflux-bundle-object-missing ${at('v4.16')}:17:3 every olm.bundle object in the fragment must have at least one olm.bundle.object bundle property`,
    ]);
    expect(await konflux('v4.16', fragment([{ version: '1.0.0', props: BO }]))).toEqual([]);
  });

  it('counts properties as the task does: a bundle lacking the form passes beside one with two, and we warn', async () => {
    const text = fragment([
      { version: '1.0.0', props: [...BO, ...BO] },
      { version: '1.1.0', props: [] },
    ]);
    expect(await konflux('v4.16', text)).toEqual([
      `warning konflux-metadata-hidden ${at('v4.16')}:35:3 bundle foo.v1.1.0 has no olm.bundle.object property`,
    ]);
  });

  it('4.17: two csv.metadata on one bundle fail the count, though every bundle has one', async () => {
    const text = fragment([
      { version: '1.0.0', props: [...CSV, ...CSV] },
      { version: '1.1.0', props: CSV },
    ]);
    expect(await konflux('v4.17', text)).toEqual([
      `error konflux-csv-metadata-missing ${at('v4.17')}:19:3 every olm.bundle object in the fragment must have a corresponding olm.csv.metadata bundle property`,
    ]);
  });

  it('without an OpenShift version the form is not judged, and says so; --ocp-version gives one', async () => {
    const files = { 'catalog/foo/catalog.yaml': fragment([{ version: '1.0.0', props: BO }]) };
    expect(await packLines(files, 'konflux')).toEqual([
      'warning konflux-ocp-version-unknown catalog/foo/catalog.yaml:1:1 unable to assess bundle metadata alignment with OCP version: no OpenShift version for catalog (pass --ocp-version)',
    ]);
    expect(await packLines(files, 'konflux', { ocpVersion: '4.14' })).toEqual([]);
    expect(await packLines(files, 'konflux', { ocpVersion: '4.18' })).toHaveLength(2);
  });
});

describe('konflux pack: images, packages, folder structure, opm', () => {
  it('a tag instead of a digest, and a registry outside registry.redhat.io, at the image', async () => {
    const text = fragment([{ version: '1.0.0', props: CSV, image: 'quay.io/acme/foo-bundle:v1.0.0' }]);
    expect(await konflux('v4.18', text)).toEqual([
      `error konflux-not-digest-pinned ${at('v4.18')}:15:8 The following olm.bundle image references are not digest-pinned: quay.io/acme/foo-bundle:v1.0.0`,
      `error konflux-untrusted-registry ${at('v4.18')}:15:8 The following olm.bundle image references are not from registry.redhat.io or registry.stage.redhat.io: quay.io/acme/foo-bundle:v1.0.0`,
    ]);
  });

  it('near misses: registry.stage.redhat.io by digest passes, so does tag+digest; a 63-digit digest does not', async () => {
    const stage = `registry.stage.redhat.io/acme/foo-bundle@sha256:${DIGEST}`;
    expect(await konflux('v4.18', fragment([{ version: '1.0.0', props: CSV, image: stage }]))).toEqual([]);
    const tagged = `registry.redhat.io/acme/foo-bundle:v1@sha256:${DIGEST}`;
    expect(await konflux('v4.18', fragment([{ version: '1.0.0', props: CSV, image: tagged }]))).toEqual([]);
    const short = `registry.redhat.io/acme/foo-bundle@sha256:${DIGEST.slice(1)}`;
    // opm refuses it too (its own verdict, referred to by the pack).
    expect(await konflux('v4.18', fragment([{ version: '1.0.0', props: CSV, image: short }]))).toEqual([
      `error konflux-opm-validate ${at('v4.18')}:1:1 opm validate check failed.`,
      `error konflux-not-digest-pinned ${at('v4.18')}:15:8 The following olm.bundle image references are not digest-pinned: ${short}`,
    ]);
  });

  it('catalog files directly in the catalog folder: no package directory for /configs', async () => {
    const files = { 'v4.18/catalog/catalog.yaml': fragment([{ version: '1.0.0', props: CSV }]) };
    expect(await packLines(files, 'konflux')).toEqual([
      "error konflux-package-dirs v4.18/catalog/catalog.yaml:1:1 No package subdirectories found inside 'v4.18/catalog'. At least one is required.",
    ]);
    // Near miss: the folder is named for its package, so it is the package directory under /configs.
    const named = { 'catalog/v4.18/foo/catalog.yaml': fragment([{ version: '1.0.0', props: CSV }]) };
    expect(await packLines(named, 'konflux')).toEqual([]);
  });

  it('no olm.package, and opm failing, are the pack’s own failures beside opm’s verdict', async () => {
    const text = fragment([{ version: '1.0.0', props: CSV }]).replace(
      /---\nschema: olm.package\nname: foo\ndefaultChannel: stable\n/,
      '',
    );
    expect(await konflux('v4.18', text)).toEqual([
      `error konflux-opm-validate ${at('v4.18')}:1:1 opm validate check failed.`,
      `error konflux-no-package ${at('v4.18')}:1:1 There are no olm package entries defined in this FBC fragment.`,
    ]);
  });
});
