/**
 * The olm.csv.metadata property value, as operator-registry builds it (alpha/property
 * MustBuildCSVMetadata): the CSV decoded into operator-framework/api's v1alpha1 Go structs and
 * re-encoded, so unknown fields drop, `omitempty` fields vanish when empty, struct fields keep their
 * declaration order and Go maps (annotations, labels) come out sorted.
 */
import { compareGoStrings } from '../gojson';
import { dig, isObject } from './read-bundle';

type Obj = Record<string, unknown>;

function s(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** `map[string]string`: sorted keys; undefined when empty (omitempty). */
function stringMap(v: unknown): Obj | undefined {
  if (!isObject(v)) return undefined;
  const keys = Object.keys(v).sort(compareGoStrings);
  if (keys.length === 0) return undefined;
  const out: Obj = {};
  for (const k of keys) out[k] = s(v[k]);
  return out;
}

type Field = [key: string, value: unknown, omitempty: boolean];

/** Fields in order; `[key, value, omitempty]`; empty strings/lists/zero numbers drop when omitempty. */
function struct(fields: Field[]): Obj {
  const out: Obj = {};
  for (const [k, v, omit] of fields) {
    if (omit) {
      if (v === undefined || v === '' || v === 0 || v === false || v === null) continue;
      if (Array.isArray(v) && v.length === 0) continue;
    }
    out[k] = v === undefined ? (omit ? undefined : '') : v;
  }
  return out;
}

/** String fields of the Go struct, read from `d` by their JSON names, in declaration order. */
const strings = (d: unknown, omitempty: boolean, ...keys: string[]): Field[] =>
  keys.map((k) => [k, s(dig(d, k)), omitempty]);

function descriptor(d: unknown): Obj {
  const xd = dig(d, 'x-descriptors');
  const value = dig(d, 'value');
  return struct([
    ...strings(d, false, 'path'),
    ...strings(d, true, 'displayName', 'description'),
    ['x-descriptors', Array.isArray(xd) ? xd.map(s) : undefined, true],
    // json.RawMessage: the value as it was; omitempty drops only a missing one.
    ['value', value === null ? undefined : value, true],
  ]);
}

function descriptorsTail(d: unknown): Field[] {
  return [
    [
      'resources',
      arr(dig(d, 'resources')).map((r) => struct(strings(r, false, 'name', 'kind', 'version'))),
      true,
    ],
    ['statusDescriptors', arr(dig(d, 'statusDescriptors')).map(descriptor), true],
    ['specDescriptors', arr(dig(d, 'specDescriptors')).map(descriptor), true],
    ['actionDescriptors', arr(dig(d, 'actionDescriptors')).map(descriptor), true],
  ];
}

function crdDescription(d: unknown): Obj {
  return struct([
    ...strings(d, false, 'name', 'version', 'kind'),
    ...strings(d, true, 'displayName', 'description'),
    ...descriptorsTail(d),
  ]);
}

function apiServiceDescription(d: unknown): Obj {
  const port = dig(d, 'containerPort');
  return struct([
    ...strings(d, false, 'name', 'group', 'version', 'kind'),
    ...strings(d, true, 'deploymentName'),
    ['containerPort', typeof port === 'number' ? port : 0, true],
    ...strings(d, true, 'displayName', 'description'),
    ...descriptorsTail(d),
  ]);
}

function ownedRequired(v: unknown, one: (d: unknown) => Obj): Obj {
  return struct([
    ['owned', arr(dig(v, 'owned')).map(one), true],
    ['required', arr(dig(v, 'required')).map(one), true],
  ]);
}

const appLink = (v: unknown): Obj => struct(strings(v, true, 'name', 'url'));

/** The olm.csv.metadata value of a CSV object (decoded JSON). */
export function csvMetadataValue(csv: Obj): Obj {
  const spec = dig(csv, 'spec');
  const keywords = dig(spec, 'keywords');
  return struct([
    ['annotations', stringMap(dig(csv, 'metadata', 'annotations')), true],
    [
      'apiServiceDefinitions',
      ownedRequired(dig(spec, 'apiservicedefinitions'), apiServiceDescription),
      false,
    ],
    ['crdDescriptions', ownedRequired(dig(spec, 'customresourcedefinitions'), crdDescription), false],
    ['description', s(dig(spec, 'description')), true],
    ['displayName', s(dig(spec, 'displayName')), true],
    [
      'installModes',
      arr(dig(spec, 'installModes')).map((m) =>
        struct([
          ['type', s(dig(m, 'type')), false],
          ['supported', dig(m, 'supported') === true, false],
        ]),
      ),
      true,
    ],
    ['keywords', Array.isArray(keywords) ? keywords.map(s) : undefined, true],
    ['labels', stringMap(dig(csv, 'metadata', 'labels')), true],
    ['links', arr(dig(spec, 'links')).map(appLink), true],
    [
      'maintainers',
      arr(dig(spec, 'maintainers')).map((m) => struct(strings(m, true, 'name', 'email'))),
      true,
    ],
    ['maturity', s(dig(spec, 'maturity')), true],
    ['minKubeVersion', s(dig(spec, 'minKubeVersion')), true],
    [
      'nativeAPIs',
      arr(dig(spec, 'nativeAPIs')).map((g) => struct(strings(g, false, 'group', 'version', 'kind'))),
      true,
    ],
    ['provider', appLink(dig(spec, 'provider')), false],
  ]);
}
