/**
 * A basic template whose package icon is an empty placeholder the pipeline fills in around opm (as
 * openshift/trustee-fbc's render.sh does with icon.png): the catalog's icon is not drift. Any other
 * icon difference still is.
 */
import { describe, expect, it } from 'vitest';
import { performViaTemplate } from '../../../src/core/repository/template-route';
import { workspaceFindings, writeTree } from '../../support/cli-run';
import { routeOf } from '../../support/template-route';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function repository(templateIcon: object, catalogIcon: object): string {
  const pkg = (icon: object) => ({ schema: 'olm.package', name: 'foo', defaultChannel: 'stable', icon });
  const channel = {
    schema: 'olm.channel',
    package: 'foo',
    name: 'stable',
    entries: [{ name: 'foo.v0.1.0' }],
  };
  const bundle = {
    schema: 'olm.bundle',
    name: 'foo.v0.1.0',
    package: 'foo',
    image: 'quay.io/acme/foo-bundle:v0.1.0',
    properties: [{ type: 'olm.package', value: { packageName: 'foo', version: '0.1.0' } }],
  };
  const template = {
    schema: 'olm.template.basic',
    entries: [pkg(templateIcon), channel, { schema: 'olm.bundle', image: bundle.image }],
  };
  return writeTree({
    'v4.16/catalog-template.yaml': JSON.stringify(template, null, 2),
    'v4.16/catalog/foo/catalog.json': [pkg(catalogIcon), channel, bundle]
      .map((b) => JSON.stringify(b))
      .join('\n'),
  });
}

async function drift(root: string): Promise<string[]> {
  return (await workspaceFindings(root, ['template-drift'])).map((f) => f.message);
}

describe('a package icon the template leaves empty', () => {
  it('filled in by the pipeline: not drift', async () => {
    const empty = { base64data: '', mediatype: 'image/png' };
    expect(await drift(repository(empty, { base64data: PNG, mediatype: 'image/png' }))).toEqual([]);
  });

  it('filled in with another media type, or a template icon that differs: drift', async () => {
    const other = await drift(
      repository({ base64data: '', mediatype: 'image/png' }, { base64data: PNG, mediatype: 'image/svg+xml' }),
    );
    expect(other).toHaveLength(1);
    expect(other[0]).toContain('package metadata [as the template writes it]: foo: icon');
    const changed = await drift(
      repository({ base64data: 'AAAA', mediatype: 'image/png' }, { base64data: PNG, mediatype: 'image/png' }),
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('foo: icon');
  });
});

describe('an action on a catalog whose template leaves the icon to the pipeline', () => {
  it('renders it again with the icon the catalog has', async () => {
    const empty = { base64data: '', mediatype: 'image/png' };
    const root = repository(empty, { base64data: PNG, mediatype: 'image/png' });
    const { route, target } = await routeOf(root, 'v4.16/catalog');
    expect(route.keepIcon).toBe(true);
    const r = performViaTemplate(target, route, 'createChannel', {
      package: 'foo',
      channel: 'fast',
      bundles: ['foo.v0.1.0'],
    });
    expect(r.error).toBeUndefined();
    const after = r.changes.find((c) => c.path === route.catalogFile)?.after ?? '';
    expect(after).toContain('"fast"');
    expect(after).toContain(`"base64data": "${PNG}"`);
  });
});
