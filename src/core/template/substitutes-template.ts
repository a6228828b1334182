import type { DeclBundle, DeclChannelEntry, DeclarativeConfig } from '../declcfg/types';
import { validateCatalog } from '../validate/validate-catalog';
import type { BundleRender, TemplateImageRef } from './basic-template';
import { goBlobs, goBundle, type KeyOrder } from './go-blobs';
import { TemplateError } from './semver-template';
import { locateField, type TemplateDocument } from './template-document';
import { checkSchema, loadEntries, unmarshalTemplate } from './template-entries';

/**
 * operator-registry's substitutes template (`olm.template.substitutes`): valid FBC entries plus
 * `substitutions[{name: <bundle image>, base: <bundle name>}]`. Each substitution renders the image
 * and splices the new bundle into every channel in place of `base` (taking over base's edges and
 * skipping it); the entries and every intermediate result must be valid FBC (ConvertToModel).
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
  substitutions.forEach((s, i) => {
    // Substitutions failing processSubstitution's field checks never reach rendering.
    if (s.name === '' || s.base === '' || s.name === s.base) return;
    const path = [subsKey, i];
    images.push({ image: s.name, path, location: locateField(doc, path) });
  });
  return {
    schema: SUBSTITUTES_SCHEMA,
    entries: dc,
    substitutions,
    images,
    // Entries are declcfg.Meta: re-encoded from a Go map, so sorted keys from YAML and JSON alike.
    keyOrder: 'sorted',
  };
}

function substitutionError(s: Substitution, message: string): TemplateError {
  return new TemplateError(`render: error processing substitution ${s.base}->${s.name}: ${message}`);
}

/** processSubstitution on a working copy of the config; `render` is called once the fields are valid. */
function substitute(
  dc: DeclarativeConfig,
  s: Substitution,
  render: (image: string) => BundleRender,
  added: Map<DeclBundle, string>,
): void {
  if (s.name === '') throw substitutionError(s, 'substitution name cannot be empty');
  if (s.base === '') throw substitutionError(s, 'substitution base cannot be empty');
  if (s.name === s.base) throw substitutionError(s, 'substitution name and base cannot be the same');
  const rendered = render(s.name);
  const sub = rendered.bundle;
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
  if (invalid !== undefined) throw substitutionError(s, `resulting config is not valid FBC: ${invalid}`);
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
  for (const s of t.substitutions) substitute(dc, s, render, added);
  const { bundles, ...rest } = dc;
  return [
    ...goBlobs({ ...rest, bundles: bundles.filter((b) => !added.has(b)) }, t.keyOrder),
    ...bundles.filter((b) => added.has(b)).map((b) => goBundle(b, 'as-is', added.get(b))),
  ];
}
