/**
 * An action on a catalog whose semver template an older opm rendered renders it again as that opm
 * did: with its linking (each channel on its own, opm v1.37.0–v1.60.x) and its package blob (no
 * icon or description, before v1.65.0). The catalog changes by what the action does, not by what a
 * current opm would write differently.
 */
import { describe, expect, it } from 'vitest';
import { performViaTemplate, type TemplateRoute } from '../../../src/core/repository/template-route';
import { CURRENT, OLDER, repository } from '../../support/semver-repository';
import { routeOf } from '../../support/template-route';

/** The route of the repository's v4.18 catalog, and `removeBundle` of foo.v0.2.0 performed through it. */
async function removeThroughTemplate(root: string): Promise<{ route: TemplateRoute; after: string }> {
  const { route, target } = await routeOf(root, 'v4.18/catalog');
  const r = performViaTemplate(target, route, 'removeBundle', { package: 'foo', bundle: 'foo.v0.2.0' });
  expect(r.error).toBeUndefined();
  const after = r.changes.find((c) => c.path === route.catalogFile)?.after ?? '';
  expect(after).toContain('"name": "foo.v0.2.1"');
  expect(after).not.toContain('foo.v0.2.0');
  return { route, after };
}

describe('re-rendering a catalog an older opm rendered from its semver template', () => {
  it('keeps that opm linking: removing a bundle adds no edge between minor channels', async () => {
    const { route, after } = await removeThroughTemplate(repository(OLDER));
    expect(route.semverLinking).toBe('channel');
    // A current opm would make foo.v0.2.1 replace foo.v0.1.0 in another channel.
    expect(after).not.toContain('"replaces"');
  });

  it('keeps that opm package blob: no icon or description copied from the head CSV', async () => {
    const plain = { schema: 'olm.package', name: 'foo', defaultChannel: 'stable-v0.2' };
    const { route, after } = await removeThroughTemplate(repository(CURRENT, [], plain));
    expect(route.packageAsBefore).toBe(true);
    expect(after).not.toContain('"icon"');
    expect(after).not.toContain('"description"');
  });
});
