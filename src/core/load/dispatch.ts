/**
 * load.go `fbcBuilder.addMeta`: dispatch on the exact `schema` value and decode the blob into the
 * typed declcfg shape with Go's encoding/json rules (R9–R13), then check olm.bundle.object (R14/R15).
 */
import type {
  DeclBundle,
  DeclChannel,
  DeclDeprecation,
  DeclPackage,
  DeclarativeConfig,
} from '../declcfg/types';
import { goDecode, type GoJsonError, type GoType } from '../gojson';
import type { BlobOrigin, JsonPath } from '../location';
import type { RuleIds } from '../rules';
import { bundleObjectProblem } from './bundle-objects';
import { BundleType, ChannelType, DeprecationType, PackageType } from './gotypes';
import { blobText, type MetaOk } from './meta';

export interface DispatchError {
  rule: RuleIds<'R9' | 'R10' | 'R11' | 'R12' | 'R13' | 'R14' | 'R15'>;
  message: string;
  /** Path of the offending value inside the blob, when known. */
  path?: JsonPath;
}

function typed<T>(value: unknown, type: GoType): { value: T; error?: GoJsonError } {
  return goDecode<T>(value, type);
}

/**
 * Adds one decoded blob to `dc`, or returns the error opm raises for it. `fixedBlob` is the blob
 * text when it is not the value re-encoded ('' for an empty YAML document, `null\n` for a JSON null).
 */
export function addBlob(
  dc: DeclarativeConfig,
  value: unknown,
  meta: MetaOk,
  origin: BlobOrigin,
  fixedBlob: string | undefined,
  deepBundleObjects: boolean,
): DispatchError | undefined {
  const raw = value as Record<string, unknown>;
  switch (meta.schema) {
    case 'olm.package': {
      const r = typed<Omit<DeclPackage, 'origin' | 'raw'>>(value, PackageType);
      if (r.error) return { rule: 'R10', message: `parse package: ${r.error.message}`, path: r.error.path };
      const p = r.value;
      const pkg: DeclPackage = {
        schema: 'olm.package',
        name: p.name,
        defaultChannel: p.defaultChannel,
        description: p.description,
        properties: p.properties,
        origin,
        raw,
      };
      if (p.icon) pkg.icon = p.icon;
      dc.packages.push(pkg);
      return undefined;
    }
    case 'olm.channel': {
      const r = typed<Omit<DeclChannel, 'origin' | 'raw'>>(value, ChannelType);
      if (r.error) return { rule: 'R11', message: `parse channel: ${r.error.message}`, path: r.error.path };
      const c = r.value;
      dc.channels.push({
        schema: 'olm.channel',
        package: c.package,
        name: c.name,
        entries: c.entries,
        properties: c.properties,
        origin,
        raw,
      });
      return undefined;
    }
    case 'olm.bundle': {
      const r = typed<Omit<DeclBundle, 'origin' | 'raw'>>(value, BundleType);
      if (r.error) return { rule: 'R12', message: `parse bundle: ${r.error.message}`, path: r.error.path };
      const b = r.value;
      const bundle: DeclBundle = {
        schema: 'olm.bundle',
        package: b.package,
        name: b.name,
        image: b.image,
        properties: b.properties,
        relatedImages: b.relatedImages,
        origin,
        raw,
      };
      // The bundle itself decoded: keep it (so later stages see it) even if an object is bad.
      dc.bundles.push(bundle);
      const problem = bundleObjectProblem(bundle, deepBundleObjects);
      if (problem) {
        return { rule: problem.rule, message: problem.message, path: ['properties', problem.index, 'value'] };
      }
      return undefined;
    }
    case 'olm.deprecations': {
      const r = typed<Omit<DeclDeprecation, 'origin' | 'raw'>>(value, DeprecationType);
      if (r.error)
        return { rule: 'R13', message: `parse deprecation: ${r.error.message}`, path: r.error.path };
      dc.deprecations.push({
        schema: 'olm.deprecations',
        package: r.value.package,
        entries: r.value.entries,
        origin,
        raw,
      });
      return undefined;
    }
    case '':
      return { rule: 'R9', message: `object '${fixedBlob ?? blobText(value)}' is missing root schema field` };
    default:
      dc.others.push({ schema: meta.schema, package: meta.package, name: meta.name, origin, raw });
      return undefined;
  }
}
