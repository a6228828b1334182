/**
 * Which template a text is, as opm's template registry tells it (alpha/template/registry.go and
 * schema.go): the schemas it has, their types (`render-template TYPE`), and the schema detected from
 * a template's first document, with opm's messages.
 */
import { goQuote } from '../gojson';
import { TemplateError } from './semver-template';
import { goFieldKey, locateField, type TemplateDocument } from './template-document';

import { TEMPLATE_SCHEMAS, type TemplateSchema } from './schemas';

export { TEMPLATE_SCHEMAS, type TemplateSchema };

/**
 * A template type as opm's registry names it (alpha/template/registry.go `GetSupportedTypes`): the
 * last part of its schema — basic, semver, substitutes.
 */
function typeOfSchema(schema: TemplateSchema): string {
  return schema.slice(schema.lastIndexOf('.') + 1);
}

/** The template types `render-template TYPE` takes, sorted as opm lists them. */
export const TEMPLATE_TYPES: readonly string[] = TEMPLATE_SCHEMAS.map(typeOfSchema).sort();

/** The schema of a template type, or undefined when opm's registry has no such type (`HasType`). */
export function schemaOfType(type: string): TemplateSchema | undefined {
  return TEMPLATE_SCHEMAS.find((s) => typeOfSchema(s) === type);
}

/** opm's refusal of a type it does not have (cmd/opm/alpha/template/render.go). */
export function invalidTemplateType(type: string): string {
  return `invalid template type ${goQuote(type)}, must be one of: [${TEMPLATE_TYPES.join(' ')}]`;
}

const SCHEMA_STRUCT = 'struct { Schema string "json:\\"schema\\"" }';

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

/** schema.go detectSchema + the registry lookup. The message is the inner text (wrapped by the caller). */
export function detectSchema(doc: TemplateDocument): TemplateSchema {
  const v = doc.value;
  let schema = '';
  if (v !== null) {
    if (typeof v !== 'object' || Array.isArray(v)) {
      throw new TemplateError(
        `unmarshalling template schema: json: cannot unmarshal ${jsonKind(v)} into Go value of type ${SCHEMA_STRUCT}`,
        locateField(doc, []),
      );
    }
    const key = goFieldKey(v as Record<string, unknown>, 'schema');
    const s = key === undefined ? null : (v as Record<string, unknown>)[key];
    if (s !== null && typeof s !== 'string') {
      throw new TemplateError(
        `unmarshalling template schema: json: cannot unmarshal ${jsonKind(s)} into Go struct field .schema of type string`,
        locateField(doc, key === undefined ? [] : [key]),
      );
    }
    schema = s ?? '';
  }
  if (schema === '') {
    throw new TemplateError("template input missing required 'schema' field", locateField(doc, []));
  }
  if (!(TEMPLATE_SCHEMAS as readonly string[]).includes(schema)) {
    const key = goFieldKey(v as Record<string, unknown>, 'schema');
    throw new TemplateError(`unknown template schema: ${schema}`, locateField(doc, key ? [key] : []));
  }
  return schema as TemplateSchema;
}
