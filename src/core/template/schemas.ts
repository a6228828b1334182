/**
 * The template schemas opm's registry knows (alpha/template/registry.go), in one place with no
 * imports: discovery classifies files by them on every `validate`, which loads no template code.
 */
export const TEMPLATE_SCHEMAS = ['olm.semver', 'olm.template.basic', 'olm.template.substitutes'] as const;
export type TemplateSchema = (typeof TEMPLATE_SCHEMAS)[number];

/** Whether a blob's schema is a template's. */
export function isTemplateSchema(schema: string): schema is TemplateSchema {
  return (TEMPLATE_SCHEMAS as readonly string[]).includes(schema);
}
