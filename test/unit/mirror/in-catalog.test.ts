/**
 * The app's Mirror plan over the open catalog: what the graph highlights, which ISC entry the open
 * catalog stands for, and the suggestion applied to the text as typed (comments kept).
 */
import { describe, expect, it } from 'vitest';
import { applyIscPatch } from '../../../src/core/mirror/apply-patch';
import { NOT_OPEN, planInCatalog } from '../../../src/core/mirror/in-catalog';
import { loadSpec, type PkgSpec } from './fixtures';

const lighthouse: PkgSpec[] = [
  {
    name: 'lighthouse',
    defaultChannel: 'stable',
    bundles: { 'lighthouse.v1.0.0': '1.0.0', 'lighthouse.v1.1.0': '1.1.0', 'lighthouse.v1.2.0': '1.2.0' },
    channels: { stable: ['lighthouse.v1.2.0', 'lighthouse.v1.1.0', 'lighthouse.v1.0.0'] },
  },
  {
    name: 'harbour',
    defaultChannel: 'fast',
    bundles: { 'harbour.v0.1.0': '0.1.0' },
    channels: { fast: ['harbour.v0.1.0'] },
  },
];

const isc = (range: string, more = '') => `kind: ImageSetConfiguration
apiVersion: mirror.openshift.io/v2alpha1
mirror:
  operators:
    # the catalog the cluster uses
    - catalog: registry.example.com/lighthouse:v1
      packages:
        - name: lighthouse
          channels:
            - name: stable
              minVersion: ${range} # keep from here
${more}`;

describe('planInCatalog', () => {
  it('keeps the bundles from minVersion to the head, and drops the packages not listed', async () => {
    const dc = await loadSpec(lighthouse);
    const v = planInCatalog(dc, { isc: isc('1.1.0'), from: [] });
    expect(v.kept).toEqual({ lighthouse: { stable: ['lighthouse.v1.2.0', 'lighthouse.v1.1.0'] } });
    expect(v.plan.catalogs[0]?.validation.passed).toBe(true);
    expect(v.catalogs).toEqual(['registry.example.com/lighthouse:v1']);
    expect(v.publishedAs).toBe('registry.example.com/lighthouse:v1');
    const moved = planInCatalog(dc, {
      isc: isc('1.1.0').replace(
        '      packages:',
        '      targetCatalog: mirror/lh\n      targetTag: v9\n      packages:',
      ),
      from: [],
    });
    expect(moved.publishedAs).toBe('registry.example.com/mirror/lh:v9');
    expect(moved.kept).toEqual(v.kept);
  });

  it("shows oc-mirror's stop and highlights nothing when minVersion is above the head", async () => {
    const dc = await loadSpec(lighthouse);
    const v = planInCatalog(dc, { isc: isc('1.5.0'), from: [] });
    expect(v.kept).toBeNull();
    expect(v.plan.catalogs[0]?.error).toBe(
      'failed to filter catalog: package "lighthouse" channel "stable" has version range ">=1.5.0" that results in an empty channel',
    );
  });

  it('plans only the entry the open catalog stands for; the others are not reported as failures', async () => {
    const dc = await loadSpec(lighthouse);
    const two = isc('1.1.0', '    - catalog: registry.example.com/other:v1\n');
    const first = planInCatalog(dc, { isc: two, from: [] });
    expect(first.catalogs).toHaveLength(2);
    expect(first.plan.catalogs.map((c) => c.catalog)).toEqual(['registry.example.com/lighthouse:v1']);
    const second = planInCatalog(dc, { isc: two, from: [], operator: 1 });
    expect(second.operator).toBe(1);
    // The second entry lists no packages: heads of every package.
    expect(second.kept).toEqual({
      harbour: { fast: ['harbour.v0.1.0'] },
      lighthouse: { stable: ['lighthouse.v1.2.0'] },
    });
    expect(second.plan.catalogs[0]?.error).toBeNull();
    expect(NOT_OPEN).not.toBe(second.plan.catalogs[0]?.error);
  });

  it('answers the --from rows and suggests the patch that makes them reach the head', async () => {
    const dc = await loadSpec(lighthouse);
    const v = planInCatalog(dc, { isc: isc('1.2.0'), from: ['lighthouse@1.0.0', '', 'nonsense'] });
    expect(v.fromErrors).toEqual(['--from nonsense: expected PACKAGE@VERSION']);
    const a = v.plan.reachability[0];
    expect(a?.v0?.reachesHead).toBe(false);
    expect(a?.v1?.reachesHead).toBe(false);
    expect(v.plan.suggestion).toContain('/mirror/operators/0/packages/0/channels/0/minVersion');

    const applied = applyIscPatch(isc('1.2.0'), v.plan.suggestion ?? '');
    expect(applied).toEqual({ text: isc('1.0.0') });
    const after = planInCatalog(dc, { isc: (applied as { text: string }).text, from: ['lighthouse@1.0.0'] });
    expect(after.plan.reachability[0]?.v0?.reachesHead).toBe(true);
    expect(after.plan.suggestion).toBeNull();
  });

  it('a schema-level stop (an unknown key) is the configuration error, and nothing is highlighted', async () => {
    const dc = await loadSpec(lighthouse);
    const v = planInCatalog(dc, { isc: isc('1.1.0').replace('minVersion', 'minVersoin'), from: [] });
    expect(v.iscError).toBe('decode ImageSetConfiguration: json: unknown field "minVersoin"');
    expect(v.kept).toBeNull();
  });
});

describe('applyIscPatch', () => {
  it('adds `full: true` unquoted and a channel at the end of the list, keeping comments', () => {
    const text = isc('1.1.0');
    const patch =
      '- op: add\n  path: /mirror/operators/0/full\n  value: true\n' +
      '- op: add\n  path: /mirror/operators/0/packages/0/channels/-\n  value: {"name":"fast","minVersion":"1.0.0"}\n';
    const r = applyIscPatch(text, patch);
    expect('text' in r).toBe(true);
    const out = (r as { text: string }).text;
    expect(out).toMatch(/\n {6}full: true\n/);
    expect(out).toContain('# the catalog the cluster uses');
    expect(out).toContain('# keep from here');
    expect(out).toMatch(/- name: fast\n {14}minVersion: 1\.0\.0\n/);
  });

  it('says why when the path is not in the text', () => {
    const r = applyIscPatch(
      'kind: ImageSetConfiguration\n',
      '- op: replace\n  path: /mirror/operators/0/full\n  value: true\n',
    );
    expect('error' in r).toBe(true);
  });
});
