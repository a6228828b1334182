import type { GoType } from '../gojson';

/**
 * The Go types operator-registry decodes each known property value into (`alpha/property`), so a
 * value of the wrong JSON shape fails with encoding/json's own text, e.g.
 * `json: cannot unmarshal array into Go value of type property.GVK` (fbc-rules §2.1).
 */

const str: GoType = { kind: 'string' };
const bool: GoType = { kind: 'bool' };
const int: GoType = { kind: 'int' };
const raw: GoType = { kind: 'raw' };
const strings: GoType = { kind: 'slice', elem: str };
const stringMap: GoType = { kind: 'map', elem: str };

function struct(pkg: string, name: string, fields: Record<string, GoType>): GoType {
  return {
    kind: 'struct',
    pkg,
    name,
    fields: Object.entries(fields).map(([json, type]) => ({ json, type })),
  };
}
const slice = (elem: GoType): GoType => ({ kind: 'slice', elem });

export const PACKAGE_TYPE = struct('property', 'Package', { packageName: str, version: str, release: str });
const GVK_FIELDS = { group: str, kind: str, version: str };

// operator-framework/api v1alpha1 CSV types used inside olm.csv.metadata.
const appLink = struct('v1alpha1', 'AppLink', { name: str, url: str });
const maintainer = struct('v1alpha1', 'Maintainer', { name: str, email: str });
const installMode = struct('v1alpha1', 'InstallMode', { type: str, supported: bool });
const resourceRef = struct('v1alpha1', 'APIResourceReference', { name: str, kind: str, version: str });
const descriptorFields = { path: str, displayName: str, description: str, 'x-descriptors': strings };
const specDescriptor = struct('v1alpha1', 'SpecDescriptor', { ...descriptorFields, value: raw });
const statusDescriptor = struct('v1alpha1', 'StatusDescriptor', { ...descriptorFields, value: raw });
const actionDescriptor = struct('v1alpha1', 'ActionDescriptor', descriptorFields);
const describedFields = {
  displayName: str,
  description: str,
  resources: slice(resourceRef),
  statusDescriptors: slice(statusDescriptor),
  specDescriptors: slice(specDescriptor),
  actionDescriptors: slice(actionDescriptor),
};
const crdDescription = struct('v1alpha1', 'CRDDescription', {
  name: str,
  version: str,
  kind: str,
  ...describedFields,
});
const apiServiceDescription = struct('v1alpha1', 'APIServiceDescription', {
  name: str,
  group: str,
  version: str,
  kind: str,
  deploymentName: str,
  containerPort: int,
  ...describedFields,
});
const gvk = struct('v1', 'GroupVersionKind', GVK_FIELDS);

const CSV_METADATA = struct('property', 'CSVMetadata', {
  annotations: stringMap,
  apiServiceDefinitions: struct('v1alpha1', 'APIServiceDefinitions', {
    owned: slice(apiServiceDescription),
    required: slice(apiServiceDescription),
  }),
  crdDescriptions: struct('v1alpha1', 'CustomResourceDefinitions', {
    owned: slice(crdDescription),
    required: slice(crdDescription),
  }),
  description: str,
  displayName: str,
  installModes: slice(installMode),
  keywords: strings,
  labels: stringMap,
  links: slice(appLink),
  maintainers: slice(maintainer),
  maturity: str,
  minKubeVersion: str,
  nativeAPIs: slice(gvk),
  provider: appLink,
});

/** Property type → the Go type its value decodes into. Any other type only has to be valid JSON. */
export const PROPERTY_GO_TYPES: ReadonlyMap<string, GoType> = new Map([
  ['olm.package', PACKAGE_TYPE],
  ['olm.gvk', struct('property', 'GVK', GVK_FIELDS)],
  ['olm.package.required', struct('property', 'PackageRequired', { packageName: str, versionRange: str })],
  ['olm.gvk.required', struct('property', 'GVKRequired', GVK_FIELDS)],
  ['olm.bundle.object', struct('property', 'BundleObject', { data: { kind: 'bytes' } })],
  ['olm.csv.metadata', CSV_METADATA],
  ['olm.channel', struct('property', 'Channel', { channelName: str })],
]);
