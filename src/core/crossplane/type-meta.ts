/**
 * A Crossplane package document's type meta (apiVersion and kind), read as apimachinery's JSON
 * serializer reads it before it knows the document's type, when crossplane-runtime's parser decodes
 * the package stream: SimpleMetaFactory.Interpret, ParseGroupVersion, then a missing Kind or version.
 */
import { compareGoStrings, foldName } from '../gojson';
import { jsonKind } from '../gojson/fmt';
import type { YamlDoc } from '../kube/yaml-docs';
import type { StreamDocument } from './stream';

const TYPE_META_STRUCT =
  'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/**
 * What apimachinery's JSON serializer says of a document before it knows its type (Decode:
 * SimpleMetaFactory.Interpret's json.Unmarshal into apiVersion and kind, ParseGroupVersion, then a
 * missing Kind or version quoting the document as YAMLReader cut it, one of `stream`, its file's
 * streamDocuments), or undefined when it has both.
 */
export function typeMetaError(doc: YamlDoc, stream: readonly StreamDocument[]): string | undefined {
  const v = doc.value;
  const parse = (e: string) => `couldn't get version/kind; json parse error: ${e}`;
  if (v !== null && (typeof v !== 'object' || Array.isArray(v)))
    return parse(`json: cannot unmarshal ${jsonKind(v)} into Go value of type ${TYPE_META_STRUCT}`);
  let apiVersion = '';
  let kind = '';
  let typeError: string | undefined;
  // YAMLToJSON marshals a map (keys sorted); encoding/json folds case and keeps the first type error.
  const o = (v ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(o).sort(compareGoStrings)) {
    const field = foldName(k) === 'APIVERSION' ? 'apiVersion' : foldName(k) === 'KIND' ? 'kind' : undefined;
    const x = o[k];
    if (field === undefined || x === null) continue;
    if (typeof x !== 'string') {
      typeError ??= `json: cannot unmarshal ${jsonKind(x)} into Go struct field .${field} of type string`;
      continue;
    }
    if (field === 'kind') kind = x;
    else apiVersion = x;
  }
  if (typeError !== undefined) return parse(typeError);
  const slashes = apiVersion.split('/').length - 1;
  if (slashes > 1 && apiVersion !== '/') return `unexpected GroupVersion string: ${apiVersion}`;
  const version = apiVersion === '/' ? '' : apiVersion.slice(apiVersion.indexOf('/') + 1);
  if (kind !== '' && version !== '') return undefined;
  const line = doc.locate([]).start.line - 1;
  const text = stream.find((d) => d.firstLine <= line && line < d.endLine)?.text ?? '';
  return `Object '${kind === '' ? 'Kind' : 'apiVersion'}' is missing in '${text}'`;
}
