/**
 * Ports operator-registry alpha/template/registry_test.go (commit 38743e0b): the cases that hold for
 * opm's real template registry (basic, semver, substitutes), as `render-template` meets them —
 * a type asked for, or the schema detected from the template's first document (schema.go).
 *
 * Left out (Go API: a registry built empty and filled with mock factories): TestNewTemplateRegistry,
 * TestTemplateRegistry_Register, _GetSupportedSchemas, _GetSupportedTypes, _HasSchema,
 * _RenderBundlePropagation, CreateTemplateByType "error on empty registry", UnknownSchemaError
 * "simple schema name" (olm.semver is registered) and "empty schema name" (an empty schema is refused
 * earlier as missing). CreateTemplateBySchema's replay-reader check is Go stream plumbing (we read the
 * whole template).
 */
import { describe, expect, it } from 'vitest';
import {
  CatalogBundleResolver,
  renderTemplate,
  schemaOfType,
  templateDetectionFailure,
} from '../../../src/core/template';

describe('TestTemplateRegistry_CreateTemplateByType', () => {
  it('create template for registered type', () => {
    expect(schemaOfType('semver')).toBe('olm.semver');
  });

  it('create template for multiple registered types', () => {
    expect(schemaOfType('basic')).toBe('olm.template.basic');
  });

  it('error on unregistered type', () => {
    // opm's command checks the type (HasType) before CreateTemplateByType could say "unknown template type".
    expect(schemaOfType('unknown')).toBeUndefined();
    const r = renderTemplate('t.yaml', 'schema: olm.semver\n', new CatalogBundleResolver([]), {
      type: 'unknown',
    });
    expect(r.opmMessage).toBe('invalid template type "unknown", must be one of: [basic semver substitutes]');
  });
});

describe('TestTemplateRegistry_CreateTemplateBySchema', () => {
  const detect = (text: string) => templateDetectionFailure('t.yaml', text);

  it('create template from valid YAML input', () => {
    const text = 'schema: olm.semver\nbundles:\n  - image: example.com/bundle:v1.0.0';
    expect(detect(text)).toBeUndefined();
    expect(renderTemplate('t.yaml', text, new CatalogBundleResolver([])).schema).toBe('olm.semver');
  });

  it('create template from valid JSON input', () => {
    const text = '{"schema": "olm.semver", "bundles": [{"image": "example.com/bundle:v1.0.0"}]}';
    expect(detect(text)).toBeUndefined();
    expect(renderTemplate('t.json', text, new CatalogBundleResolver([])).schema).toBe('olm.semver');
  });

  it('error on unregistered schema', () => {
    expect(detect('schema: olm.unknown')?.opmMessage).toBe(
      'auto-detecting template type: unknown template schema: olm.unknown',
    );
  });

  it('error on missing schema field', () => {
    expect(detect('bundles: []')?.opmMessage).toBe(
      "auto-detecting template type: template input missing required 'schema' field",
    );
  });

  it('error on invalid YAML', () => {
    // Upstream's input is a Go raw string: the \n and \t are backslashes, not a new line and a tab.
    expect(detect(String.raw`schema: olm.semver\n\tinvalid: [unclosed`)?.opmMessage).toBe(
      'auto-detecting template type: decoding template input: error converting YAML to JSON: yaml: line 1: mapping values are not allowed in this context',
    );
  });
});

describe('TestUnknownSchemaError_Error', () => {
  it('complex schema name', () => {
    expect(templateDetectionFailure('t.yaml', 'schema: custom.template.v1.0\n')?.opmMessage).toBe(
      'auto-detecting template type: unknown template schema: custom.template.v1.0',
    );
  });
});
