/**
 * An action on a catalog whose semver template an older opm rendered (each channel linked on its
 * own, opm v1.37.0–v1.60.x) renders it again with that linking: the catalog changes by what the
 * action does, not by every edge a current opm would link differently.
 */
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { openRepository } from '../../../src/core/repository';
import {
  performViaTemplate,
  templateRouteFor,
  withTemplate,
} from '../../../src/core/repository/template-route';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { CatalogBundleResolver } from '../../../src/core/template/bundle-resolver';
import { writeTree } from '../../support/cli-run';

const TEMPLATE = [
  'schema: olm.semver',
  'generateMinorChannels: true',
  'stable:',
  '  bundles:',
  '    - image: quay.io/acme/foo-bundle:v0.1.0',
  '    - image: quay.io/acme/foo-bundle:v0.2.0',
  '    - image: quay.io/acme/foo-bundle:v0.2.1',
  '',
].join('\n');

const bundle = (version: string) => ({
  schema: 'olm.bundle',
  name: `foo.v${version}`,
  package: 'foo',
  image: `quay.io/acme/foo-bundle:v${version}`,
  properties: [{ type: 'olm.package', value: { packageName: 'foo', version } }],
});

/** As opm v1.37–v1.60 renders TEMPLATE: no edge from stable-v0.2 to stable-v0.1. */
const CATALOG = [
  { schema: 'olm.package', name: 'foo', defaultChannel: 'stable-v0.2' },
  { schema: 'olm.channel', name: 'stable-v0.1', package: 'foo', entries: [{ name: 'foo.v0.1.0' }] },
  {
    schema: 'olm.channel',
    name: 'stable-v0.2',
    package: 'foo',
    entries: [{ name: 'foo.v0.2.0' }, { name: 'foo.v0.2.1', skips: ['foo.v0.2.0'] }],
  },
  bundle('0.1.0'),
  bundle('0.2.0'),
  bundle('0.2.1'),
];

describe('re-rendering a catalog an older opm rendered from its semver template', () => {
  it('keeps that opm linking: removing a bundle adds no edge between minor channels', async () => {
    const root = writeTree({
      'v4.18/catalog-template.yaml': TEMPLATE,
      'v4.18/catalog/foo/catalog.json': CATALOG.map((b) => JSON.stringify(b, null, 4)).join('\n') + '\n',
    });
    const service = new CatalogService();
    const { repository } = await openRepository(service, new NodeFsSource(root), {
      kind: 'files',
      readOnly: true,
    });
    const id = 'v4.18/catalog';
    const session = service.session(id)!;
    const resolver = new CatalogBundleResolver([{ name: id, dc: session.editContext().dc }]);
    const route = templateRouteFor(
      repository,
      id,
      session.listFiles().map((f) => f.path),
      resolver,
    )!;
    expect(route.semverLinking).toBe('channel');
    const target = withTemplate(session, route, TEMPLATE);
    const r = performViaTemplate(target, route, 'removeBundle', { package: 'foo', bundle: 'foo.v0.2.0' });
    expect(r.error).toBeUndefined();
    const after = r.changes.find((c) => c.path === route.catalogFile)?.after ?? '';
    // A current opm would make foo.v0.2.1 replace foo.v0.1.0 in another channel.
    expect(after).not.toContain('"replaces"');
    expect(after).toContain('"name": "foo.v0.2.1"');
    expect(after).not.toContain('foo.v0.2.0');
  });
});
