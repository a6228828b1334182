/**
 * A bundle directory rendered to its olm.bundle blob exactly as `opm render <bundle image>` renders
 * the built image (operator-registry alpha/action/render.go bundleToDeclcfg + pkg/registry
 * registry_to_model.go ObjectsAndPropertiesFromBundle + parse.go derivedProperties):
 *
 * - properties: the bundle's own (metadata/properties.yaml) and derived ones (olm.package from the
 *   annotations' package and the CSV's version and release, the CSV's `olm.properties` annotation's
 *   list, olm.gvk for every version of every CRD in the bundle
 *   and every owned API service), dependencies as olm.gvk.required / olm.package.required (others,
 *   e.g. olm.constraint, pass through), required CRDs/API services of the CSV as olm.gvk.required;
 *   all sorted by type, then by the value's JSON text (Go's sort.Slice on Type and string(Value)),
 *   then olm.bundle.object / olm.csv.metadata moved to the end (moveBundleObjectsToEndOfPropertySlices);
 * - olm.bundle.object per manifest (json.Marshal of the decoded object, base64) — the older form — or,
 *   migrated (`--migrate-level bundle-object-to-csv-metadata`, what opm does by default now), a single
 *   olm.csv.metadata built from the CSV;
 * - relatedImages: the CSV's spec.relatedImages, the bundle image, every container and init container
 *   image of the install deployments, each once, sorted by image.
 */
import { compareGoStrings, goFloatV, goJsonMarshal, goJsonMarshalStruct } from '../gojson';
import { writeFbcJson, writeFbcYaml } from '../template/fbc-writer';
import { crdGvks, PACKAGE_LABEL } from './checks';
import { csvMetadataValue } from './csv-metadata';
import { bundleCsv, dig, isObject, type BundleDir } from './read-bundle';
import { encodeBase64 } from './base64';

export type MigrateLevel = 'none' | 'bundle-object-to-csv-metadata';

export interface RenderedProperty {
  type: string;
  value: unknown;
}

export interface RenderedBundle {
  schema: 'olm.bundle';
  name: string;
  package: string;
  image: string;
  properties: RenderedProperty[];
  relatedImages?: { name: string; image: string }[];
}

export class BundleRenderError extends Error {}

/** A raw JSON value (json.RawMessage from YAML): Go's YAMLToJSON writes it with sorted keys. */
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort(compareGoStrings)) out[k] = sortKeys(v[k]);
  return out;
}

function s(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

const gvk = (group: string, kind: string, version: string) => ({ group, kind, version });

/** Provided or required GVKs: a Go map keyed by the struct, so each once, in the order first added. */
class GvkSet {
  readonly byKey = new Map<string, { group: string; kind: string; version: string }>();
  add(g: string, k: string, v: string): void {
    this.byKey.set(`${g}\0${k}\0${v}`, gvk(g, k, v));
  }
  /** The group, kind and version fields of `v` (an olm.gvk value, an API service description). */
  addFields(v: unknown): void {
    this.add(s(dig(v, 'group')), s(dig(v, 'kind')), s(dig(v, 'version')));
  }
}

/** A property of properties.yaml or dependencies.yaml: its type and value. */
const typedValue = (p: unknown): { type: string; value: unknown } => ({
  type: s(dig(p, 'type')),
  value: isObject(p) ? p.value : undefined,
});

interface Prop {
  type: string;
  value: unknown;
  /** The value's JSON text, what opm sorts on. */
  text: string;
}

function prop(type: string, value: unknown): Prop {
  return { type, value, text: goJsonMarshalStruct(value, false) };
}

/** property.MustBuildPackageRelease: `release` only when set (omitzero). */
function packageProperty(v: unknown): Prop {
  const release = s(dig(v, 'release'));
  return prop('olm.package', {
    packageName: s(dig(v, 'packageName')),
    version: s(dig(v, 'version')),
    ...(release !== '' ? { release } : {}),
  });
}

/**
 * csv.GetRelease: spec.release as a string, or a number as Go formats it (whole numbers as
 * integers); anything else fails the bundle, as parse.go's derivedProperties fails it.
 */
function csvRelease(csv: Record<string, unknown>, context: string): string {
  const r = dig(csv, 'spec', 'release');
  if (r === undefined || r === null) return '';
  if (typeof r === 'string') return r;
  if (typeof r === 'number') return Number.isInteger(r) ? BigInt(r).toString() : goFloatV(r);
  throw new BundleRenderError(`${context}: release field must be a string or number`);
}

/**
 * The CSV's `olm.properties` annotation (registry.PropertyKey), a JSON list of properties that
 * derivedProperties adds to the bundle's; opm only warns when it does not decode, and an item that is
 * no object is a property of no type and a null value (Go leaves the element zero).
 */
function csvAnnotationProperties(csv: Record<string, unknown>): { type: string; value: unknown }[] {
  const raw = dig(csv, 'metadata', 'annotations', 'olm.properties');
  if (typeof raw !== 'string') return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.map((p) => ({
    type: typeof dig(p, 'type') === 'string' ? (dig(p, 'type') as string) : '',
    value: isObject(p) && p.value !== undefined ? p.value : null,
  }));
}

/** The CSV's operator images (v1alpha1 GetOperatorImages): every deployment's containers and init containers. */
function operatorImages(csv: Record<string, unknown>): string[] {
  const out: string[] = [];
  const deployments = dig(csv, 'spec', 'install', 'spec', 'deployments');
  for (const d of Array.isArray(deployments) ? deployments : []) {
    for (const key of ['containers', 'initContainers']) {
      const cs = dig(d, 'spec', 'template', 'spec', key);
      for (const c of Array.isArray(cs) ? cs : []) out.push(s(dig(c, 'image')));
    }
  }
  return out;
}

/**
 * Names the form of the blob `renderBundle` writes: a cache of rendered blobs (the CLI's pulled
 * bundle images, src/cli/template-pulls.ts) keys on it. Change it whenever the output changes.
 */
export const RENDER_FORM = 'opm-render-2';

/** Renders a registry+v1 bundle directory to its olm.bundle blob. */
export function renderBundle(
  dir: BundleDir,
  image: string,
  migrate: MigrateLevel = 'bundle-object-to-csv-metadata',
): RenderedBundle {
  const csvManifest = bundleCsv(dir);
  if (!csvManifest?.object) throw new BundleRenderError('no csv in bundle');
  const csv = csvManifest.object;
  const name = s(dig(csv, 'metadata', 'name'));
  const pkg = dir.annotations?.[PACKAGE_LABEL] ?? '';
  const version = s(dig(csv, 'spec', 'version'));

  // Provided and required GVKs are Go maps keyed by the struct: each once.
  const provided = new GvkSet();
  const required = new GvkSet();
  let packageProp: Prop | undefined;
  const others: Prop[] = [];

  // bundle.Properties (parse.go): properties.yaml, then the derived ones — the annotations' package
  // (with the CSV's release), then the CSV's olm.properties annotation — each once (propertySet);
  // ObjectsAndPropertiesFromBundle keeps the last olm.package of the list. The release is read by
  // parse.go for the annotations' package, else by ObjectsAndPropertiesFromBundle: a bad one fails
  // in the words of whichever reads it first.
  const release = csvRelease(csv, pkg !== '' ? 'failed to derive properties' : 'get release');
  const seenOthers = new Set<string>();
  const take = (type: string, value: unknown): void => {
    if (type === 'olm.gvk') provided.addFields(value);
    else if (type === 'olm.package') packageProp = packageProperty(value);
    else {
      const p = prop(type, value);
      const key = `${type}\0${p.text}`;
      if (!seenOthers.has(key)) others.push(p);
      seenOthers.add(key);
    }
  };
  for (const p of dir.properties ?? []) {
    const { type, value } = typedValue(p);
    take(type, sortKeys(value));
  }
  if (pkg !== '') packageProp = packageProperty({ packageName: pkg, version, release });
  for (const p of csvAnnotationProperties(csv)) take(p.type, p.value);

  for (const m of dir.manifests) {
    if (m.object?.kind === 'CustomResourceDefinition') {
      for (const g of crdGvks(m.object)) provided.add(g.group, g.kind, g.version);
    }
  }
  const apis = dig(csv, 'spec', 'apiservicedefinitions');
  for (const a of Array.isArray(dig(apis, 'owned')) ? (dig(apis, 'owned') as unknown[]) : []) {
    provided.addFields(a);
  }

  const packageRequired: Prop[] = [];
  for (const d of dir.dependencies ?? []) {
    const { type, value } = typedValue(d);
    if (type === 'olm.gvk') required.addFields(value);
    else if (type === 'olm.package') {
      packageRequired.push(
        prop('olm.package.required', {
          packageName: s(dig(value, 'packageName')),
          versionRange: s(dig(value, 'version')),
        }),
      );
    } else others.push(prop(type, sortKeys(value)));
  }
  const crds = dig(csv, 'spec', 'customresourcedefinitions', 'required');
  for (const c of Array.isArray(crds) ? crds : []) {
    const crdName = s(dig(c, 'name'));
    const dot = crdName.indexOf('.');
    if (dot < 0)
      throw new BundleRenderError(`get required apis: couldn't parse plural.group from crd name: ${crdName}`);
    required.add(crdName.slice(dot + 1), s(dig(c, 'kind')), s(dig(c, 'version')));
  }
  for (const a of Array.isArray(dig(apis, 'required')) ? (dig(apis, 'required') as unknown[]) : []) {
    required.addFields(a);
  }

  const props: Prop[] = [];
  props.push(packageProp ?? packageProperty({ packageName: pkg, version, release }));
  for (const g of provided.byKey.values()) props.push(prop('olm.gvk', g));
  for (const g of required.byKey.values()) props.push(prop('olm.gvk.required', g));
  props.push(...packageRequired, ...others);
  props.sort((a, b) => compareGoStrings(a.type, b.type) || compareGoStrings(a.text, b.text));

  // The objects: what opm's parser keeps (decoded objects, the first CSV only), in file order.
  const objects: Prop[] = [];
  if (migrate === 'none') {
    let csvSeen = false;
    for (const m of dir.manifests) {
      if (!m.object) continue;
      if (m.object.kind === 'ClusterServiceVersion') {
        if (csvSeen) continue;
        csvSeen = true;
      }
      objects.push(prop('olm.bundle.object', { data: encodeBase64(goJsonMarshal(m.object, true)) }));
    }
    objects.sort((a, b) => compareGoStrings(a.text, b.text));
  } else {
    objects.push(prop('olm.csv.metadata', csvMetadataValue(csv)));
  }

  const seen = new Set<string>();
  const relatedImages: { name: string; image: string }[] = [];
  const related = dig(csv, 'spec', 'relatedImages');
  for (const r of Array.isArray(related) ? related : []) {
    const img = s(dig(r, 'image'));
    relatedImages.push({ name: s(dig(r, 'name')), image: img });
    seen.add(img);
  }
  if (image !== '' && !seen.has(image)) {
    relatedImages.push({ name: '', image });
    seen.add(image);
  }
  for (const img of new Set(operatorImages(csv))) {
    if (!seen.has(img)) relatedImages.push({ name: '', image: img });
    seen.add(img);
  }
  relatedImages.sort((a, b) => compareGoStrings(a.image, b.image));

  const blob: RenderedBundle = {
    schema: 'olm.bundle',
    name,
    package: pkg,
    image,
    properties: [...props, ...objects].map(({ type, value }) => ({ type, value })),
  };
  if (relatedImages.length > 0) blob.relatedImages = relatedImages;
  return blob;
}

/**
 * go-yaml's (libyaml's) folding of plain scalars: writing a plain string, at a single space whose
 * next character is not a space, once the line is already past 80 columns (best_width), the emitter
 * breaks the line and continues at the scalar's indent. The yaml package folds before the limit
 * instead, so the writer never folds and this pass does it. Lines inside block scalars (`|`) and
 * quoted strings are left alone.
 */
export function foldPlainScalars(yaml: string, bestWidth = 80): string {
  const out: string[] = [];
  let blockIndent = -1;
  const LINE = /^( *)((?:- )*)((?:[A-Za-z0-9_./-][^:"']*|"[^"]*"): )?(.*)$/;
  for (const line of yaml.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) {
        out.push(line);
        continue;
      }
      blockIndent = -1;
    }
    const m = LINE.exec(line);
    const value = m?.[4] ?? '';
    if (/^[|>][-+]?\d*$/.test(value)) {
      blockIndent = indent + (m?.[2]?.length ?? 0);
      out.push(line);
      continue;
    }
    if (!m || line.length <= bestWidth || value === '' || /^["'|>{[!&*#]/.test(value)) {
      out.push(line);
      continue;
    }
    const dashes = (m[2] ?? '').length;
    const cont = ' '.repeat(indent + dashes + (m[3] ? 2 : 0));
    const prefix = line.slice(0, line.length - value.length);
    let text = prefix;
    let column = prefix.length;
    for (let i = 0; i < value.length; i++) {
      const c = value[i] as string;
      if (c === ' ' && value[i - 1] !== ' ' && value[i + 1] !== ' ' && column > bestWidth) {
        out.push(text);
        text = cont;
        column = cont.length;
        continue;
      }
      text += c;
      column++;
    }
    out.push(text);
  }
  return out.join('\n');
}

/** `opm render -o yaml` of the blob. */
export function renderBundleYaml(blob: RenderedBundle): string {
  return foldPlainScalars(writeFbcYaml([blob]));
}

/** `opm render -o json` of the blob. */
export function renderBundleJson(blob: RenderedBundle): string {
  return writeFbcJson([blob]);
}
