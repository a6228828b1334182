/**
 * The ImageSetConfiguration (mirror.openshift.io/v2alpha1) as oc-mirror v2 reads it
 * (internal/pkg/config/load.go, validate.go; api/v2alpha1/type_config*.go): the operator catalogs
 * and their package/channel filters, the fields it rejects (it decodes with
 * DisallowUnknownFields, so `packages[].bundles`, removed in CLID-303, stops it), and its
 * validation of versions and duplicates, with its texts. Only `mirror.operators` is read; the
 * release, additionalImages and helm stanzas are left alone.
 */
import { goQuote as q } from '../go/strings';
import { parseYamlDocument } from '../load/yaml11';
import { uniqueName } from './image-ref';
import { looseVersion } from './version-range';

export interface IscChannel {
  name: string;
  minVersion: string;
  maxVersion: string;
}

export interface IscPackage {
  name: string;
  defaultChannel: string;
  minVersion: string;
  maxVersion: string;
  channels: IscChannel[];
  /** `bundles[].name`: the selection catalog-filter supports; oc-mirror itself rejects the field. */
  bundles: string[];
}

export interface IscOperator {
  catalog: string;
  /** Where the rebuilt catalog goes in the mirror (image-ref.ts `uniqueName`); '' or absent: as `catalog`. */
  targetCatalog?: string;
  targetTag?: string;
  full: boolean;
  packages: IscPackage[];
}

export interface Isc {
  operators: IscOperator[];
  /** Why oc-mirror would stop before filtering anything (its text), or undefined. */
  error?: string;
}

const OPERATOR_FIELDS = ['catalog', 'targetCatalog', 'targetTag', 'full', 'packages'];
const PACKAGE_FIELDS = ['name', 'channels', 'defaultChannel', 'minVersion', 'maxVersion'];
const CHANNEL_FIELDS = ['name', 'minVersion', 'maxVersion'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (o: Obj, k: string): string => (typeof o[k] === 'string' ? o[k] : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** encoding/json matches field names case-insensitively; the first unknown key is the error. */
function unknownField(o: Obj, known: readonly string[]): string | undefined {
  const lower = new Set(known.map((k) => k.toLowerCase()));
  return Object.keys(o).find((k) => !lower.has(k.toLowerCase()));
}

export function parseIsc(text: string): Isc {
  let doc: unknown;
  try {
    doc = parseYamlDocument(text);
  } catch (e) {
    return { operators: [], error: `failed to unmarshal config: ${(e as Error).message}` };
  }
  if (!isObj(doc) || !('kind' in doc)) return { operators: [], error: 'configuration missing `kind`' };
  if (doc.kind !== 'ImageSetConfiguration') {
    return { operators: [], error: `cannot parse ${q(String(doc.kind))} as "ImageSetConfiguration"` };
  }
  if (!('mirror' in doc)) return { operators: [], error: 'configuration missing the `mirror` stanza' };
  if ('delete' in doc) return { operators: [], error: 'delete: is not allowed in ImageSetConfiguration' };
  const mirror = isObj(doc.mirror) ? doc.mirror : {};
  let unknown: string | undefined;
  /** The objects of a list, each decoded as oc-mirror does: the first unknown key anywhere is kept. */
  const decode = <T>(v: unknown, fields: readonly string[], read: (o: Obj) => T): T[] =>
    list(v)
      .filter(isObj)
      .map((o) => {
        unknown ??= unknownField(o, fields);
        return read(o);
      });
  const operators = decode(mirror.operators, OPERATOR_FIELDS, (op): IscOperator => ({
    catalog: str(op, 'catalog'),
    targetCatalog: str(op, 'targetCatalog'),
    targetTag: str(op, 'targetTag'),
    full: op.full === true,
    packages: decode(op.packages, PACKAGE_FIELDS, (p): IscPackage => ({
      name: str(p, 'name'),
      defaultChannel: str(p, 'defaultChannel'),
      minVersion: str(p, 'minVersion'),
      maxVersion: str(p, 'maxVersion'),
      bundles: list(p.bundles)
        .filter(isObj)
        .map((b) => str(b, 'name')),
      channels: decode(p.channels, CHANNEL_FIELDS, (c): IscChannel => ({
        name: str(c, 'name'),
        minVersion: str(c, 'minVersion'),
        maxVersion: str(c, 'maxVersion'),
      })),
    })),
  }));
  if (unknown !== undefined) {
    return { operators, error: `decode ImageSetConfiguration: json: unknown field ${q(unknown)}` };
  }
  const errs = validateOperators(operators);
  if (errs.length > 0) return { operators, error: `invalid configuration: ${aggregate(errs)}` };
  return { operators };
}

/** k8s utilerrors.NewAggregate's Error(): one message as is, several in brackets. */
function aggregate(errs: readonly string[]): string {
  return errs.length === 1 ? (errs[0] as string) : `[${errs.join(', ')}]`;
}

/**
 * validateOperatorOptions: duplicates by the unique name oc-mirror gives each catalog (its reference
 * with `targetCatalog` and `targetTag` applied; an entry whose name cannot be made counts as ''),
 * then each entry's packages and channels.
 */
function validateOperators(operators: readonly IscOperator[]): string[] {
  const errs: string[] = [];
  const catalogs = new Set<string>();
  for (const ctlg of operators) {
    const unique = uniqueName(ctlg.catalog, ctlg.targetCatalog, ctlg.targetTag);
    if ('error' in unique) errs.push(unique.error);
    const name = 'name' in unique ? unique.name : '';
    if (catalogs.has(name)) errs.push(`catalog ${q(name)}: duplicate found in configuration`);
    catalogs.add(name);
    const packages = new Set<string>();
    for (const pkg of ctlg.packages) {
      const at = `catalog ${q(ctlg.catalog)}: operator ${q(pkg.name)}`;
      if (packages.has(pkg.name))
        errs.push(`catalog ${q(ctlg.catalog)}: duplicate package entry ${q(pkg.name)}`);
      packages.add(pkg.name);
      if (pkg.maxVersion !== '' && !looseVersion(pkg.maxVersion)) {
        errs.push(`${at}: maxVersion ${q(pkg.maxVersion)} must respect semantic versioning notation`);
      }
      if (pkg.minVersion !== '' && !looseVersion(pkg.minVersion)) {
        errs.push(`${at}: minVersion ${q(pkg.minVersion)} must respect semantic versioning notation`);
      }
      const channels = new Set<string>();
      for (const ch of pkg.channels) {
        if (channels.has(ch.name)) errs.push(`${at}: duplicate channel entry ${q(ch.name)}`);
        channels.add(ch.name);
        if (ch.maxVersion !== '' && !looseVersion(ch.maxVersion)) {
          errs.push(
            `${at}: channel ${q(ch.name)}: maxVersion ${q(ch.maxVersion)} must respect semantic versioning notation`,
          );
        }
        if (ch.minVersion !== '' && !looseVersion(ch.minVersion)) {
          errs.push(
            `${at}: channel ${q(ch.name)}: minVersion ${q(ch.minVersion)} must respect semantic versioning notation`,
          );
        }
        if (
          (ch.minVersion !== '' || ch.maxVersion !== '') &&
          (pkg.minVersion !== '' || pkg.maxVersion !== '')
        ) {
          errs.push(
            `${at}: mixing both filtering by minVersion/maxVersion and filtering by channel minVersion/maxVersion is not allowed`,
          );
        }
      }
    }
  }
  return errs;
}
