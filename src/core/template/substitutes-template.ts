import type { DeclBundle, DeclChannelEntry, DeclarativeConfig } from '../declcfg/types';
import type { SourceRange } from '../location';
import { validateCatalog } from '../validate/validate-catalog';
import type { BundleRender, TemplateImageRef } from './basic-template';
import { goQuote } from '../gojson';
import { goBlobs, goBundle, type KeyOrder } from './go-blobs';
import { TemplateError } from './semver-template';
import { locateField, type TemplateDocument } from './template-document';
import { checkSchema, loadEntries, unmarshalTemplate } from './template-entries';
import { bundleVersionRelease, compareVersionRelease, type VersionRelease } from './version-release';

/**
 * operator-registry's substitutes template (`olm.template.substitutes`): valid FBC entries plus
 * `substitutions[{name: <bundle image>, base: <bundle name>}]`. Each substitution renders the image
 * and splices the new bundle into every channel in place of `base` (taking over base's edges and
 * skipping it); the entries and every intermediate result must be valid FBC (ConvertToModel). A base
 * is substituted once, an image stands in for one base only, the base must be a bundle of the
 * catalog, and the substitute's version and release must be above the base's.
 */

export const SUBSTITUTES_SCHEMA = 'olm.template.substitutes';

export interface Substitution {
  name: string;
  base: string;
}

export interface SubstitutesTemplate {
  schema: typeof SUBSTITUTES_SCHEMA;
  entries: DeclarativeConfig;
  substitutions: Substitution[];
  /** One per substitution that reaches rendering, in order: the images to render. */
  images: TemplateImageRef[];
  /** Where each substitution is in the template (its errors point there). */
  locations: SourceRange[];
  keyOrder: KeyOrder;
}

const PARSE = 'render: unable to parse template: ';

/** `declcfg.ConvertToModel` (conversion and model validation): opm's message, or undefined. */
function modelError(dc: DeclarativeConfig): string | undefined {
  return validateCatalog({ dc, errors: [] }).opmMessage ?? undefined;
}

/** The template as opm's parseSpec reads it: the entries (not yet loaded) and the substitutions. */
export interface SubstitutesSpec {
  entries: unknown[];
  substitutions: Substitution[];
  /** The keys they were under (Go matches field names case-insensitively). */
  keys: { entries: string; substitutions: string };
}

/** opm's `parseSpec`: the template decoded and its schema checked. Throws TemplateError. */
export function parseSubstitutesSpec(doc: TemplateDocument): SubstitutesSpec {
  const decoded = unmarshalTemplate(
    doc,
    {
      goType: 'substitutes.SubstitutesTemplateData',
      fields: { schema: 'string', entries: 'entries', substitutions: 'substitutions' },
    },
    `${PARSE}unmarshalling template: `,
  );
  checkSchema(doc, decoded, SUBSTITUTES_SCHEMA, PARSE);
  return {
    entries: (decoded.values.entries as unknown[] | undefined) ?? [],
    substitutions: (decoded.values.substitutions as Substitution[] | undefined) ?? [],
    keys: {
      entries: decoded.keys.entries ?? 'entries',
      substitutions: decoded.keys.substitutions ?? 'substitutions',
    },
  };
}

export function parseSubstitutesTemplate(doc: TemplateDocument): SubstitutesTemplate {
  const spec = parseSubstitutesSpec(doc);
  const { dc } = loadEntries(
    doc,
    spec.keys.entries,
    spec.entries,
    'render: unable to create declarative config from entries: ',
  );
  const invalid = modelError(dc);
  if (invalid !== undefined) throw new TemplateError(`render: entries are not valid FBC: ${invalid}`);
  const substitutions = spec.substitutions;
  const subsKey = spec.keys.substitutions;
  const images: TemplateImageRef[] = [];
  // The images opm renders: up to the first substitution that fails before rendering (opm stops there).
  const bases = new Set<string>();
  const candidates = new Set<string>();
  for (const [i, s] of substitutions.entries()) {
    if (bases.has(s.base) || candidates.has(s.name)) break;
    bases.add(s.base);
    candidates.add(s.name);
    if (fieldError(s) !== undefined) break;
    const path = [subsKey, i];
    images.push({ image: s.name, path, location: locateField(doc, path) });
  }
  return {
    schema: SUBSTITUTES_SCHEMA,
    entries: dc,
    substitutions,
    images,
    locations: substitutions.map((_, i) => locateField(doc, [subsKey, i])),
    // Entries are declcfg.Meta: re-encoded from a Go map, so sorted keys from YAML and JSON alike.
    keyOrder: 'sorted',
  };
}

function substitutionError(s: Substitution, message: string, at?: SourceRange): TemplateError {
  return new TemplateError(
    `render: error processing substitution ${goQuote(s.base)} -> ${goQuote(s.name)}: ${message}`,
    at,
  );
}

/** validateSubstitution's checks of the fields themselves. */
function fieldError(s: Substitution): string | undefined {
  if (s.name === '') return 'substitution name cannot be empty';
  if (s.base === '') return 'substitution base cannot be empty';
  if (s.name === s.base) return 'substitution name and base cannot be the same';
  return undefined;
}

function versionOf(b: DeclBundle, which: string, ref: string): VersionRelease {
  try {
    return bundleVersionRelease(b);
  } catch (e) {
    throw new Error(
      `failed to get VersionRelease for ${which} bundle ${goQuote(ref)}: ${(e as Error).message}`,
      {
        cause: e,
      },
    );
  }
}

/** validateSubstitution: the fields, then the substitute's version and release above the base bundle's. */
function validateSubstitution(dc: DeclarativeConfig, s: Substitution, sub: DeclBundle): void {
  const substituteVr = versionOf(sub, 'substitute', s.name);
  const base = dc.bundles.find((b) => b.name === s.base);
  if (base === undefined) throw new Error(`base bundle ${goQuote(s.base)} does not exist in catalog`);
  const baseVr = versionOf(base, 'base', s.base);
  if (compareVersionRelease(baseVr, substituteVr) >= 0) {
    throw new Error(`base bundle ${goQuote(s.base)} is not less than substitute bundle ${goQuote(s.name)}`);
  }
}

/**
 * opm's processSubstitution on `dc` (changed in place); `render` is called once the fields are
 * valid. Throws TemplateError with opm's message, wrapped as Render wraps it.
 */
export function processSubstitution(
  dc: DeclarativeConfig,
  s: Substitution,
  render: (image: string) => BundleRender,
  added: Map<DeclBundle, string> = new Map(),
  at?: SourceRange,
): void {
  const bad = fieldError(s);
  if (bad !== undefined) throw substitutionError(s, bad, at);
  const rendered = render(s.name);
  const sub = rendered.bundle;
  try {
    validateSubstitution(dc, s, sub);
  } catch (e) {
    throw substitutionError(s, (e as Error).message, at);
  }
  for (const ch of dc.channels) {
    const targets = ch.entries.flatMap((e, j) => (e.name === s.base ? [j] : []));
    for (let t = targets.length - 1; t >= 0; t--) {
      const old = ch.entries[targets[t] as number] as DeclChannelEntry;
      // The new entry takes over base's edges and skips base; base keeps none.
      ch.entries.push({
        name: sub.name,
        replaces: old.replaces,
        skips: [...old.skips, s.base],
        skipRange: old.skipRange,
      });
      old.replaces = '';
      old.skips = [];
      old.skipRange = '';
    }
    const original = ch.entries.length - targets.length;
    for (let j = 0; j < original; j++) {
      const e = ch.entries[j] as DeclChannelEntry;
      if (e.replaces === s.base) {
        e.replaces = sub.name;
        e.skips = [...e.skips, s.base];
      } else if (e.skips.includes(s.base)) {
        e.skips = [...e.skips, sub.name].filter((k) => k !== s.base);
      }
    }
  }
  const copy = { ...sub };
  dc.bundles.push(copy);
  added.set(copy, rendered.image);
  const invalid = modelError(dc);
  if (invalid !== undefined) throw substitutionError(s, `resulting config is not valid FBC: ${invalid}`, at);
}

/** The rendered blobs (Go shapes; the writer orders them). Throws TemplateError with opm's message. */
export function renderSubstitutesTemplate(
  t: SubstitutesTemplate,
  render: (image: string) => BundleRender,
): Record<string, unknown>[] {
  const dc: DeclarativeConfig = {
    packages: t.entries.packages,
    channels: t.entries.channels.map((c) => ({
      ...c,
      entries: c.entries.map((e) => ({ ...e, skips: [...e.skips] })),
    })),
    bundles: [...t.entries.bundles],
    deprecations: t.entries.deprecations,
    others: t.entries.others,
  };
  const added = new Map<DeclBundle, string>();
  const bases = new Set<string>();
  const candidates = new Map<string, string>();
  for (const [i, s] of t.substitutions.entries()) {
    const at = t.locations[i];
    if (bases.has(s.base)) {
      throw new TemplateError(`render: cannot reuse the same substitution base ${goQuote(s.base)}`, at);
    }
    bases.add(s.base);
    const other = candidates.get(s.name);
    if (other !== undefined) {
      throw new TemplateError(
        `render: cannot reuse the same substitution ${goQuote(s.name)} for different bases (${goQuote(other)} and ${goQuote(s.base)})`,
        at,
      );
    }
    candidates.set(s.name, s.base);
    processSubstitution(dc, s, render, added, at);
  }
  const { bundles, ...rest } = dc;
  return [
    ...goBlobs({ ...rest, bundles: bundles.filter((b) => !added.has(b)) }, t.keyOrder),
    ...bundles.filter((b) => added.has(b)).map((b) => goBundle(b, 'as-is', added.get(b))),
  ];
}
