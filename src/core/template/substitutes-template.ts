import type { DeclBundle, DeclChannelEntry, DeclarativeConfig } from '../declcfg/types';
import type { SourceRange } from '../location';
import { goQuote } from '../go/strings';
import { validateCatalog } from '../validate/validate-catalog';
import type { BundleRender, TemplateImageRef } from './basic-template';
import { goBlobs, goBundle, type KeyOrder } from './go-blobs';
import { TemplateError } from './semver-template';
import { locateField, type TemplateDocument } from './template-document';
import { checkSchema, loadEntries, unmarshalTemplate } from './template-entries';
import { compareVersionRelease, versionRelease } from './version-release';

/**
 * operator-registry's substitutes template (`olm.template.substitutes`): valid FBC entries plus
 * `substitutions[{name: <bundle image>, base: <bundle name>}]`. Each substitution renders the image
 * and splices the new bundle into every channel in place of `base` (taking over base's edges and
 * skipping it); the entries and every intermediate result must be valid FBC (ConvertToModel).
 * As opm v1.71+: a base or a substitute image used twice is refused, and the substitute's version
 * (and release) must be above the base's (`version-release.ts`).
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

export function parseSubstitutesTemplate(doc: TemplateDocument): SubstitutesTemplate {
  const decoded = unmarshalTemplate(
    doc,
    {
      goType: 'substitutes.SubstitutesTemplateData',
      fields: { schema: 'string', entries: 'entries', substitutions: 'substitutions' },
    },
    `${PARSE}unmarshalling template: `,
  );
  checkSchema(doc, decoded, SUBSTITUTES_SCHEMA, PARSE);
  const key = decoded.keys.entries ?? 'entries';
  const { dc } = loadEntries(
    doc,
    key,
    (decoded.values.entries as unknown[]) ?? [],
    'render: unable to create declarative config from entries: ',
  );
  const invalid = modelError(dc);
  if (invalid !== undefined) throw new TemplateError(`render: entries are not valid FBC: ${invalid}`);
  const substitutions = (decoded.values.substitutions as Substitution[] | undefined) ?? [];
  const subsKey = decoded.keys.substitutions ?? 'substitutions';
  const images: TemplateImageRef[] = [];
  // Rendering stops at the first substitution that fails the checks made before its image is
  // rendered: its image and those after it are never needed.
  const reuse = reuseChecker();
  for (const [i, s] of substitutions.entries()) {
    if (reuse(s) !== undefined || fieldError(s) !== undefined) break;
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

const q = goQuote;

function substitutionError(s: Substitution, message: string, at?: SourceRange): TemplateError {
  return new TemplateError(
    `render: error processing substitution ${q(s.base)} -> ${q(s.name)}: ${message}`,
    at,
  );
}

/** Render's checks that a base, and a substitute image, appear once: the error for `s`, in turn. */
function reuseChecker(): (s: Substitution) => string | undefined {
  const bases = new Set<string>();
  const candidates = new Map<string, string>();
  return (s) => {
    if (bases.has(s.base)) return `render: cannot reuse the same substitution base ${q(s.base)}`;
    bases.add(s.base);
    const prior = candidates.get(s.name);
    if (prior !== undefined) {
      return `render: cannot reuse the same substitution ${q(s.name)} for different bases (${q(prior)} and ${q(s.base)})`;
    }
    candidates.set(s.name, s.base);
    return undefined;
  };
}

/** validateSubstitution's field checks. */
function fieldError(s: Substitution): string | undefined {
  if (s.name === '') return 'substitution name cannot be empty';
  if (s.base === '') return 'substitution base cannot be empty';
  if (s.name === s.base) return 'substitution name and base cannot be the same';
  return undefined;
}

/** validateSubstitution past its field checks: the base exists and is below the substitute. */
function versionError(dc: DeclarativeConfig, s: Substitution, sub: DeclBundle): string | undefined {
  const subVr = versionRelease(sub);
  if (typeof subVr === 'string')
    return `failed to get VersionRelease for substitute bundle ${q(s.name)}: ${subVr}`;
  const base = dc.bundles.find((b) => b.name === s.base);
  if (base === undefined) return `base bundle ${q(s.base)} does not exist in catalog`;
  const baseVr = versionRelease(base);
  if (typeof baseVr === 'string')
    return `failed to get VersionRelease for base bundle ${q(s.base)}: ${baseVr}`;
  if (compareVersionRelease(baseVr, subVr) >= 0) {
    return `base bundle ${q(s.base)} is not less than substitute bundle ${q(s.name)}`;
  }
  return undefined;
}

/**
 * opm's processSubstitution on a working copy of the config; `render` is called once the fields are
 * valid; `added` collects the substitutes with their images.
 */
function processSubstitution(
  dc: DeclarativeConfig,
  s: Substitution,
  render: (image: string) => BundleRender,
  added: Map<DeclBundle, string>,
  at?: SourceRange,
): void {
  const bad = fieldError(s);
  if (bad !== undefined) throw substitutionError(s, bad, at);
  const rendered = render(s.name);
  const sub = rendered.bundle;
  const below = versionError(dc, s, sub);
  if (below !== undefined) throw substitutionError(s, below, at);
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
  const reuse = reuseChecker();
  for (const [i, s] of t.substitutions.entries()) {
    const reused = reuse(s);
    if (reused !== undefined) throw new TemplateError(reused, t.locations[i]);
    processSubstitution(dc, s, render, added, t.locations[i]);
  }
  const { bundles, ...rest } = dc;
  return [
    ...goBlobs({ ...rest, bundles: bundles.filter((b) => !added.has(b)) }, t.keyOrder),
    ...bundles.filter((b) => added.has(b)).map((b) => goBundle(b, 'as-is', added.get(b))),
  ];
}
