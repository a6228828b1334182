export {
  parseSemverTemplate,
  renderSemverTemplate,
  TemplateError,
  type BundleResolver,
  type RenderedBundle,
  type RenderedSemverTemplate,
  type SemverTemplate,
  type SemverTemplateBundleEntry,
  type SemverTemplateBundles,
  type TemplateBundleBlob,
  type TemplateChannelBlob,
  type TemplateChannelEntry,
  type TemplatePackageBlob,
} from './semver-template';
export {
  generateChannels,
  type Archetype,
  type ChannelGenerationInput,
  type ChannelGenerationResult,
  type GeneratedChannel,
  type GeneratedEntry,
  type SemverLinking,
  type StreamKind,
  SEMVER_LINKING_RELEASES,
} from './semver-channels';
export {
  blobToYaml,
  orderFbcBlobs,
  writeFbcJson,
  writeFbcYaml,
  type FbcBlob,
  type FbcBlobSet,
  type FbcWriterInput,
} from './fbc-writer';
export {
  CatalogBundleResolver,
  imageDigest,
  imageRepository,
  type RegistryMapping,
  type ResolvedImage,
  type ResolverCatalog,
} from './bundle-resolver';
export {
  renderTemplate,
  templateDetectionFailure,
  unresolvedSummary,
  writeRendered,
  TEMPLATE_SCHEMAS,
  TEMPLATE_TYPES,
  schemaOfType,
  invalidTemplateType,
  type RenderTemplateOptions,
  type TemplateRenderResult,
  type TemplateSchema,
  type UnresolvedImage,
} from './render-template';
export { parseBasicTemplate, renderBasicTemplate, BASIC_SCHEMA, type BasicTemplate } from './basic-template';
export {
  parseSubstitutesTemplate,
  renderSubstitutesTemplate,
  SUBSTITUTES_SCHEMA,
  type SubstitutesTemplate,
} from './substitutes-template';
export { readTemplateDocument, type TemplateDocument } from './template-document';
export { goBlobs } from './go-blobs';
export {
  compareWithCommitted,
  describeDrift,
  type BlobKey,
  type CommittedCatalog,
  type TemplateDrift,
} from './template-drift';
