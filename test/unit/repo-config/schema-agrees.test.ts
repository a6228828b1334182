/**
 * The published JSON Schema (schema/fbc-studio-config.schema.json, what editors and the app's
 * Monaco complete from) and the TypeScript reader agree: every fixture the schema accepts reads
 * without findings, every one it rejects gives at least one finding of the same kind. What only the
 * rule catalogue knows (an id that does not exist, a rule of opm's) the schema cannot say: those
 * fixtures pass ajv and are findings of the reader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import SCHEMA from '../../../schema/fbc-studio-config.schema.json';
import { CONFIG_KEYS, parseRepoConfig, REPO_CONFIG_API_VERSION } from '../../../src/core/repo-config';

const DIR = join(__dirname, '../../fixtures/repo-config');
const validate = new Ajv({ allErrors: true, strict: true }).compile(SCHEMA);

function fixtures(kind: string): [string, string][] {
  return readdirSync(join(DIR, kind))
    .sort()
    .map((f) => [f, readFileSync(join(DIR, kind, f), 'utf8')]);
}

describe('JSON Schema and reader agree on the fixtures', () => {
  it.each(fixtures('valid'))('%s: valid for both', (_, text) => {
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
    expect(parseRepoConfig('.fbc-studio.yaml', text).findings).toEqual([]);
  });

  it.each(fixtures('invalid'))('%s: rejected by both', (_, text) => {
    expect(validate(parse(text))).toBe(false);
    const findings = parseRepoConfig('.fbc-studio.yaml', text).findings;
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) expect(f.location?.start.line).toBeGreaterThan(0);
  });

  it.each(fixtures('catalogue-only'))('%s: the schema cannot tell, the reader does', (_, text) => {
    expect(validate(parse(text))).toBe(true);
    expect(parseRepoConfig('.fbc-studio.yaml', text).findings.map((f) => f.rule)).toEqual([
      expect.stringMatching(/^config-(unknown-rule|accepts-opm-rule)$/),
    ]);
  });

  it('reads exactly the keys the schema defines, at every level', () => {
    const keys = (o: { properties: object }) => Object.keys(o.properties).sort();
    expect([...CONFIG_KEYS.top].sort()).toEqual(keys(SCHEMA));
    for (const list of ['catalogs', 'mirrors', 'accepted'] as const) {
      expect([...CONFIG_KEYS[list]].sort(), list).toEqual(keys(SCHEMA.properties[list].items));
    }
  });

  it('names the same apiVersion as the reader', () => {
    expect(SCHEMA.properties.apiVersion.enum).toEqual([REPO_CONFIG_API_VERSION]);
  });
});
