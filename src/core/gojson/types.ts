/**
 * Go types as seen by `encoding/json`, described as data so that one interpreter can decode
 * already-parsed JS values the way `json.Unmarshal(blob, &T)` would.
 */
export type GoType =
  | { kind: 'string' }
  | { kind: 'bool' }
  | { kind: 'float64' }
  | { kind: 'int' }
  /** []byte: standard base64 with padding; decodes to the (validated) base64 text, '' when absent. */
  | { kind: 'bytes' }
  /** json.RawMessage: any value kept as is; `undefined` when the key is absent. */
  | { kind: 'raw' }
  /** interface{}: any value kept as is; `undefined` when the key is absent. */
  | { kind: 'any' }
  | { kind: 'slice'; elem: GoType }
  /** map[string]T */
  | { kind: 'map'; elem: GoType }
  /** *T: `undefined` for nil (absent or JSON null). */
  | { kind: 'ptr'; elem: GoType }
  | { kind: 'struct'; name: string; pkg: string; fields: readonly { json: string; type: GoType }[] };

/** A decoding error whose message is Go's exact `err.Error()` text. */
export class GoJsonError extends Error {
  /** Path (keys as spelled in the input, array indexes) of the value that failed, from the decoded root. */
  readonly path: readonly (string | number)[];

  constructor(message: string, path: readonly (string | number)[] = []) {
    super(message);
    this.name = 'GoJsonError';
    this.path = path;
  }
}

/** reflect.Type.String() of a GoType, e.g. `[]declcfg.ChannelEntry`, `map[string]interface {}`. */
export function goTypeName(t: GoType): string {
  switch (t.kind) {
    case 'string':
    case 'bool':
    case 'float64':
    case 'int':
      return t.kind;
    case 'bytes':
      return '[]uint8';
    case 'raw':
      return 'json.RawMessage';
    case 'any':
      return 'interface {}';
    case 'slice':
      return '[]' + goTypeName(t.elem);
    case 'map':
      return 'map[string]' + goTypeName(t.elem);
    case 'ptr':
      return '*' + goTypeName(t.elem);
    case 'struct':
      return t.pkg ? `${t.pkg}.${t.name}` : t.name;
  }
}

/** Shorthands for building GoTypes. */
export const go = {
  string: { kind: 'string' } as const,
  bool: { kind: 'bool' } as const,
  float64: { kind: 'float64' } as const,
  int: { kind: 'int' } as const,
  bytes: { kind: 'bytes' } as const,
  raw: { kind: 'raw' } as const,
  any: { kind: 'any' } as const,
  slice: (elem: GoType): GoType => ({ kind: 'slice', elem }),
  map: (elem: GoType): GoType => ({ kind: 'map', elem }),
  ptr: (elem: GoType): GoType => ({ kind: 'ptr', elem }),
  struct: (pkg: string, name: string, fields: Record<string, GoType>): GoType => ({
    kind: 'struct',
    pkg,
    name,
    fields: Object.entries(fields).map(([json, type]) => ({ json, type })),
  }),
};
