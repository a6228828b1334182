/** operator-registry's declcfg structs (alpha/declcfg/declcfg.go) as GoTypes, for Go-exact decoding. */
import { go, type GoType } from '../gojson';

export const PropertyType: GoType = go.struct('property', 'Property', { type: go.string, value: go.raw });

export const IconType: GoType = go.struct('declcfg', 'Icon', { base64data: go.bytes, mediatype: go.string });

export const PackageType: GoType = go.struct('declcfg', 'Package', {
  schema: go.string,
  name: go.string,
  defaultChannel: go.string,
  icon: go.ptr(IconType),
  description: go.string,
  properties: go.slice(PropertyType),
});

export const ChannelEntryType: GoType = go.struct('declcfg', 'ChannelEntry', {
  name: go.string,
  replaces: go.string,
  skips: go.slice(go.string),
  skipRange: go.string,
});

export const ChannelType: GoType = go.struct('declcfg', 'Channel', {
  schema: go.string,
  name: go.string,
  package: go.string,
  entries: go.slice(ChannelEntryType),
  properties: go.slice(PropertyType),
});

export const RelatedImageType: GoType = go.struct('declcfg', 'RelatedImage', {
  name: go.string,
  image: go.string,
});

// CsvJSON and Objects carry `json:"-"`: invisible to decoding.
export const BundleType: GoType = go.struct('declcfg', 'Bundle', {
  schema: go.string,
  name: go.string,
  package: go.string,
  image: go.string,
  properties: go.slice(PropertyType),
  relatedImages: go.slice(RelatedImageType),
});

export const PackageScopedReferenceType: GoType = go.struct('declcfg', 'PackageScopedReference', {
  schema: go.string,
  name: go.string,
});

export const DeprecationEntryType: GoType = go.struct('declcfg', 'DeprecationEntry', {
  reference: PackageScopedReferenceType,
  message: go.string,
});

export const DeprecationType: GoType = go.struct('declcfg', 'Deprecation', {
  schema: go.string,
  package: go.string,
  entries: go.slice(DeprecationEntryType),
});

/** property.BundleObject: `{data: []byte}`. */
export const BundleObjectType: GoType = go.struct('property', 'BundleObject', { data: go.bytes });
