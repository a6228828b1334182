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

/** Fields in order; `[key, value, omitempty]`; empty strings/lists/zero numbers drop when omitempty. */
function struct(fields: [string, unknown, boolean][]): Obj {
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

function descriptor(d: unknown): Obj {
  const xd = dig(d, 'x-descriptors');
  const value = dig(d, 'value');
  return struct([
    ['path', s(dig(d, 'path')), false],
    ['displayName', s(dig(d, 'displayName')), true],
    ['description', s(dig(d, 'description')), true],
    ['x-descriptors', Array.isArray(xd) ? xd.map(s) : undefined, true],
    // json.RawMessage: the value as it was; omitempty drops only a missing one.
    ['value', value === null ? undefined : value, true],
  ]);
}

function resources(v: unknown): Obj[] {
  return arr(v).map((r) =>
    struct([
      ['name', s(dig(r, 'name')), false],
      ['kind', s(dig(r, 'kind')), false],
      ['version', s(dig(r, 'version')), false],
    ]),
  );
}

function descriptorsTail(d: unknown): [string, unknown, boolean][] {
  return [
    ['resources', resources(dig(d, 'resources')), true],
    ['statusDescriptors', arr(dig(d, 'statusDescriptors')).map(descriptor), true],
    ['specDescriptors', arr(dig(d, 'specDescriptors')).map(descriptor), true],
    ['actionDescriptors', arr(dig(d, 'actionDescriptors')).map(descriptor), true],
  ];
}

function crdDescription(d: unknown): Obj {
  return struct([
    ['name', s(dig(d, 'name')), false],
    ['version', s(dig(d, 'version')), false],
    ['kind', s(dig(d, 'kind')), false],
    ['displayName', s(dig(d, 'displayName')), true],
    ['description', s(dig(d, 'description')), true],
    ...descriptorsTail(d),
  ]);
}

function apiServiceDescription(d: unknown): Obj {
  const port = dig(d, 'containerPort');
  return struct([
    ['name', s(dig(d, 'name')), false],
    ['group', s(dig(d, 'group')), false],
    ['version', s(dig(d, 'version')), false],
    ['kind', s(dig(d, 'kind')), false],
    ['deploymentName', s(dig(d, 'deploymentName')), true],
    ['containerPort', typeof port === 'number' ? port : 0, true],
    ['displayName', s(dig(d, 'displayName')), true],
    ['description', s(dig(d, 'description')), true],
    ...descriptorsTail(d),
  ]);
}

function ownedRequired(v: unknown, one: (d: unknown) => Obj): Obj {
  return struct([
    ['owned', arr(dig(v, 'owned')).map(one), true],
    ['required', arr(dig(v, 'required')).map(one), true],
  ]);
}

function appLink(v: unknown): Obj {
  return struct([
    ['name', s(dig(v, 'name')), true],
    ['url', s(dig(v, 'url')), true],
  ]);
}

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
      arr(dig(spec, 'maintainers')).map((m) =>
        struct([
          ['name', s(dig(m, 'name')), true],
          ['email', s(dig(m, 'email')), true],
        ]),
      ),
      true,
    ],
    ['maturity', s(dig(spec, 'maturity')), true],
    ['minKubeVersion', s(dig(spec, 'minKubeVersion')), true],
    [
      'nativeAPIs',
      arr(dig(spec, 'nativeAPIs')).map((g) =>
        struct([
          ['group', s(dig(g, 'group')), false],
          ['version', s(dig(g, 'version')), false],
          ['kind', s(dig(g, 'kind')), false],
        ]),
      ),
      true,
    ],
    ['provider', appLink(dig(spec, 'provider')), false],
  ]);
}
