import { defineRules } from './types';
import { OPM_DECLCFG, OPM_LOAD } from './upstream';

/** Stage A, second half: reading each blob's meta keys and decoding it by schema (fbc-rules §1.5–§1.6, §2.1). */
export const DECODING_RULES = defineRules('decoding', 'opm', {
  R6: {
    severity: 'error',
    title: 'Document is not an object',
    summary: 'A YAML document or JSON value is an array, string or number instead of an object.',
    description:
      'Every document of a catalog file must be one object with a schema. A list of blobs in one ' +
      'document is not accepted: write each blob as its own document (separated by ---) or JSON value.',
    message: 'json: cannot unmarshal … at offset %d (indicated by <==)',
    upstream: { text: 'declcfg.Meta.UnmarshalJSON in alpha/declcfg/declcfg.go', url: OPM_DECLCFG },
  },
  R7: {
    severity: 'error',
    title: 'Keys differ only in case',
    summary: 'Two keys of a blob are equal when case is ignored.',
    description:
      'opm looks up schema, package and name ignoring case, and refuses a blob in which any two keys ' +
      'fold to the same text (for example "Name" and "name"). Keep one spelling.',
    message: 'duplicate keys for key %q: %v',
    upstream: { text: 'extractUniqueMetaKeys in alpha/declcfg/declcfg.go', url: OPM_DECLCFG },
  },
  R8: {
    severity: 'error',
    title: 'schema, package or name is not a string',
    summary: 'The schema, package or name key holds a number, boolean, list or object.',
    description:
      'These three keys must be strings. In YAML, unquoted words such as yes, no, on, off and numbers ' +
      'like 1.10 are not strings: quote them.',
    message: 'expected value for key %q to be a string, got %t: %v',
    upstream: { text: 'extractUniqueMetaKeys in alpha/declcfg/declcfg.go', url: OPM_DECLCFG },
  },
  R9: {
    severity: 'error',
    title: 'Missing schema',
    summary: 'A blob has no schema key, or the document is empty.',
    description:
      'Every blob needs a schema. A document that is empty after parsing (only comments, only ---, or ' +
      'null) counts as a blob without one, so a stray --- at the end of a file or a comment-only file ' +
      'fails the catalog.',
    message: "object '%s' is missing root schema field",
    upstream: { text: 'fbcBuilder.addMeta in alpha/declcfg/load.go', url: OPM_LOAD },
  },
  R10: {
    severity: 'error',
    title: 'olm.package does not decode',
    summary: 'An olm.package blob has a field of the wrong type.',
    description:
      "The blob is decoded with Go's encoding/json rules into opm's Package type. A field with the wrong " +
      'type (for example a number as defaultChannel) or bad icon base64 fails it.',
    message: 'parse package: %v',
    upstream: { text: 'fbcBuilder.addMeta in alpha/declcfg/load.go', url: OPM_LOAD },
  },
  R11: {
    severity: 'error',
    title: 'olm.channel does not decode',
    summary: 'An olm.channel blob has a field of the wrong type.',
    description:
      "The blob is decoded with Go's encoding/json rules into opm's Channel type. Typical causes: skips " +
      'written as a single string instead of a list, or entries that are not objects.',
    message: 'parse channel: %v',
    upstream: { text: 'fbcBuilder.addMeta in alpha/declcfg/load.go', url: OPM_LOAD },
  },
  R12: {
    severity: 'error',
    title: 'olm.bundle does not decode',
    summary: 'An olm.bundle blob has a field of the wrong type.',
    description:
      "The blob is decoded with Go's encoding/json rules into opm's Bundle type. A property list that is " +
      'not a list of {type, value} objects, or relatedImages of the wrong shape, fail it.',
    message: 'parse bundle: %v',
    upstream: { text: 'fbcBuilder.addMeta in alpha/declcfg/load.go', url: OPM_LOAD },
  },
  R13: {
    severity: 'error',
    title: 'olm.deprecations does not decode',
    summary: 'An olm.deprecations blob has a field of the wrong type.',
    description:
      "The blob is decoded with Go's encoding/json rules into opm's Deprecation type: a package, and " +
      'entries each with a reference {schema, name} and a message.',
    message: 'parse deprecation: %v',
    upstream: { text: 'fbcBuilder.addMeta in alpha/declcfg/load.go', url: OPM_LOAD },
  },
  R14: {
    severity: 'error',
    title: 'Bundle object does not decode',
    summary: 'An olm.bundle.object property value is not {data: <base64>}.',
    description:
      'Bundle objects (the CSV, CRDs) are embedded as standard base64 with padding. Bad base64, or a ' +
      'value of the wrong shape, fails the catalog.',
    message: 'read bundle objects: package %q, bundle %q: parse property at index %d as bundle object: %v',
    upstream: { text: 'readBundleObjects in alpha/declcfg/load.go', url: OPM_LOAD },
  },
  R15: {
    severity: 'error',
    title: 'Bundle object is not JSON or YAML',
    summary: 'The decoded bytes of an olm.bundle.object are neither JSON nor YAML.',
    description:
      'After base64 decoding, each bundle object must be a Kubernetes manifest in JSON or YAML. Check ' +
      'that the right file was encoded.',
    message:
      'read bundle objects: package %q, bundle %q: convert bundle object property at index %d to JSON: %v',
    upstream: { text: 'readBundleObjects in alpha/declcfg/load.go', url: OPM_LOAD },
  },
});
