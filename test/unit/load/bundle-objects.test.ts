/** olm.bundle.object properties: R14 (decoding) and R15 (bytes must be JSON or YAML), eager vs lazy. */
import { describe, expect, it } from 'vitest';
import {
  checkBundleObjects,
  decodeBundleObjects,
  findCsv,
  loadFile,
  mergeFileLoads,
} from '../../../src/core/load';

const b64 = (s: string) => btoa(s);

function bundle(props: unknown[]): string {
  return JSON.stringify({ schema: 'olm.bundle', package: 'p', name: 'p.v1', image: '', properties: props });
}

const csvJson = JSON.stringify({
  apiVersion: 'operators.coreos.com/v1alpha1',
  kind: 'ClusterServiceVersion',
  metadata: { name: 'p.v1' },
});
const crdYaml =
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: things.example.com\n';

describe('R14 / R15', () => {
  it('accepts JSON and YAML objects and decodes them for the UI (first CSV found)', () => {
    const r = loadFile(
      'b.json',
      bundle([
        { type: 'olm.package', value: { packageName: 'p', version: '1.0.0' } },
        { type: 'olm.bundle.object', value: { data: b64(crdYaml) } },
        { type: 'olm.bundle.object', value: { data: b64(csvJson) } },
      ]),
    );
    expect(r.errors).toEqual([]);
    const objects = decodeBundleObjects(r.dc.bundles[0]!);
    expect(objects.map((o) => (o as { kind: string }).kind)).toEqual([
      'CustomResourceDefinition',
      'ClusterServiceVersion',
    ]);
    expect(findCsv(objects)?.metadata).toEqual({ name: 'p.v1' });
  });

  it('R14: bad base64, a wrong type, a missing value', () => {
    const msg = (props: unknown[]) =>
      loadFile('b.json', bundle(props)).errors.map((e) => [e.rule, e.message]);
    expect(msg([{ type: 'olm.bundle.object', value: { data: 'eyJ9' + '!' } }])).toEqual([
      [
        'R14',
        'read bundle objects: package "p", bundle "p.v1": parse property at index 0 as bundle object: illegal base64 data at input byte 4',
      ],
    ]);
    expect(msg([{ type: 'x' }, { type: 'olm.bundle.object', value: 'abc' }])).toEqual([
      [
        'R14',
        'read bundle objects: package "p", bundle "p.v1": parse property at index 1 as bundle object: json: cannot unmarshal string into Go value of type property.BundleObject',
      ],
    ]);
    expect(msg([{ type: 'olm.bundle.object', value: { data: 5 } }])).toEqual([
      [
        'R14',
        'read bundle objects: package "p", bundle "p.v1": parse property at index 0 as bundle object: json: cannot unmarshal number into Go struct field BundleObject.data of type []uint8',
      ],
    ]);
    expect(msg([{ type: 'olm.bundle.object' }])).toEqual([
      [
        'R14',
        'read bundle objects: package "p", bundle "p.v1": parse property at index 0 as bundle object: unexpected end of JSON input',
      ],
    ]);
  });

  it('R15: bytes that are neither JSON-looking nor YAML', () => {
    const r = loadFile(
      'b.json',
      bundle([{ type: 'olm.bundle.object', value: { data: b64('key: [unclosed\n') } }]),
    );
    expect(r.errors.map((e) => e.rule)).toEqual(['R15']);
    expect(r.errors[0]?.message).toMatch(
      /^read bundle objects: package "p", bundle "p\.v1": convert bundle object property at index 0 to JSON: yaml: line \d+: /,
    );
    // JSON-looking bytes are passed through unchecked, as yaml.ToJSON does.
    expect(
      loadFile('b.json', bundle([{ type: 'olm.bundle.object', value: { data: b64('{ not json') } }])).errors,
    ).toEqual([]);
    // The bundle itself still loads.
    expect(r.dc.bundles.map((b) => b.name)).toEqual(['p.v1']);
  });

  it('accepts a null value or one without data (Go keeps the previous bytes)', () => {
    const r = loadFile(
      'b.json',
      bundle([
        { type: 'olm.bundle.object', value: { data: b64(csvJson) } },
        { type: 'olm.bundle.object', value: {} },
        { type: 'olm.bundle.object', value: null },
      ]),
    );
    expect(r.errors).toEqual([]);
  });

  it('lazy mode checks only the base64; checkBundleObjects finds the rest later, located', () => {
    const text = bundle([
      { type: 'olm.package', value: { packageName: 'p', version: '1.0.0' } },
      { type: 'olm.bundle.object', value: { data: b64('k: v: w\n') } },
    ]);
    const lazy = loadFile('b.json', text, { bundleObjects: 'lazy' });
    expect(lazy.errors).toEqual([]);
    const eager = loadFile('b.json', text);
    expect(eager.errors.map((e) => e.rule)).toEqual(['R15']);
    const later = checkBundleObjects(lazy.dc, mergeFileLoads([lazy]).files);
    expect(later.map((e) => [e.rule, e.message, e.file])).toEqual(
      eager.errors.map((e) => [e.rule, e.message, e.file]),
    );
    expect(later[0]?.location).toEqual(eager.errors[0]?.location);
    expect(later[0]?.ref?.path).toEqual(['properties', 1, 'value']);
    const badB64 = loadFile('b.json', bundle([{ type: 'olm.bundle.object', value: { data: 'a' } }]), {
      bundleObjects: 'lazy',
    });
    expect(badB64.errors.map((e) => e.rule)).toEqual(['R14']);
  });
});
