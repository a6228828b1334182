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
  type StreamKind,
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
