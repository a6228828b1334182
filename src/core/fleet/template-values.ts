/**
 * Helm values rendered for one cluster as the Fleet controller renders them before it writes the
 * BundleDeployment (rancher/fleet internal/cmd/controller/target/builder.go processTemplateValues,
 * processTemplateValuesData): the values marshalled to YAML (sigs.k8s.io/yaml Marshal), that text
 * run as a Go template with `${ }` delimiters, sprig's functions and missingkey=error over the
 * cluster's name, namespace, labels, annotations and templateValues, and the output read back as
 * YAML (sigs.k8s.io/yaml Unmarshal: numbers become float64). helm.templateValues are rendered one
 * by one and each result replaces the top-level value of its key.
 *
 * A template that calls a sprig function we have not ported is not rendered: the caller shows its
 * values as written and says which function (fleet-values-template); guessing would show values
 * the cluster does not get.
 */
import { goFloatV, goFormatV } from '../gojson/fmt';
import { goJsonString } from '../gojson/encode';
import { executeTemplate, GoTemplateError, parseTemplate, type Template } from '../go/template';
import type { GoMap } from '../go/template/values';
import { sprigFuncs, SPRIG_NOT_PORTED } from '../go/sprig';
import { decodeGoYaml, GoYamlError, type GoYamlValue } from '../template/go-yaml';
import { goYamlMarshal } from '../template/go-yaml-emitter';

type Json = Record<string, unknown>;

/** What a values template reads (builder.go preprocessHelmValues `values`). */
export interface TemplateContext {
  ClusterNamespace: string;
  ClusterName: string;
  ClusterLabels: Record<string, string>;
  ClusterAnnotations: Record<string, string>;
  ClusterValues: Record<string, unknown>;
}

/** A values template we cannot render: it calls sprig's `fn`, which is not ported. */
export class UnportedFunctionError extends Error {
  constructor(readonly fn: string) {
    super(`sprig function ${fn} is not supported by FBC Studio`);
  }
}

/** Fleet's function map: sprig's TxtFuncMap without env, expandenv, include, tpl, getHostByName. */
let funcs: ReturnType<typeof sprigFuncs> | undefined;
const notPorted = new Set(SPRIG_NOT_PORTED);

/** Parsing or rendering a template, with the controller's wording (`failed to parse helm values template: …`). */
function render(text: string, ctx: TemplateContext): string {
  let t: Template;
  try {
    t = parseTemplate(text, {
      name: 'values',
      leftDelim: '${',
      rightDelim: '}',
      funcs: (funcs ??= sprigFuncs()),
    });
  } catch (e) {
    const fn =
      e instanceof GoTemplateError ? /function "([^"]+)" not defined/.exec(e.message)?.[1] : undefined;
    if (fn !== undefined && notPorted.has(fn)) throw new UnportedFunctionError(fn);
    throw new Error(`failed to parse helm values template: ${(e as Error).message}`, { cause: e });
  }
  try {
    return executeTemplate(t, ctx as unknown as GoMap, { missingKey: 'error' });
  } catch (e) {
    throw new Error(`failed to render helm values template: ${(e as Error).message}`, { cause: e });
  }
}

/**
 * sigs.k8s.io/yaml convertToJSONableObject: map keys become strings (ints in decimal, floats as
 * go-yaml writes them, booleans as true/false); then encoding/json's float64 for every number.
 */
function toJson(v: GoYamlValue): unknown {
  switch (v.kind) {
    case 'null':
      return null;
    case 'bool':
    case 'string':
      return v.value;
    case 'int':
      return Number(v.value);
    case 'float':
      if (!Number.isFinite(v.value))
        throw new Error(
          `json: unsupported value: ${Number.isNaN(v.value) ? 'NaN' : v.value > 0 ? '+Inf' : '-Inf'}`,
        );
      return v.value;
    case 'seq':
      return v.items.map(toJson);
    case 'map': {
      const out: Json = {};
      for (const { key, value } of v.entries) {
        const k = mapKey(key, value);
        // A key like __proto__ is data here, never the prototype.
        Object.defineProperty(out, k, {
          value: toJson(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
  }
}

function mapKey(key: GoYamlValue, value: GoYamlValue): string {
  switch (key.kind) {
    case 'string':
      return key.value;
    case 'int':
      return key.value.toString();
    case 'bool':
      return key.value ? 'true' : 'false';
    case 'float':
      // Go formats with 32-bit precision here (FormatFloat(f, 'g', -1, 32)); the shortest
      // 64-bit form differs only for keys with more than about 7 significant digits.
      return Number.isNaN(key.value)
        ? '.nan'
        : key.value === Infinity
          ? '.inf'
          : key.value === -Infinity
            ? '-.inf'
            : goFloatV(key.value);
    default:
      // A null key: Go formats reflect.TypeOf(nil), a nil Type, with %s.
      throw new Error(
        `unsupported map key of type: %!s(<nil>), key: <nil>, value: ${value.kind === 'string' ? goJsonString(value.value) : goFormatV(toJsonQuiet(value))}`,
      );
  }
}

function toJsonQuiet(v: GoYamlValue): unknown {
  try {
    return toJson(v);
  } catch {
    return null;
  }
}

/** sigs.k8s.io/yaml Unmarshal of the rendered text into `any`. */
function readRendered(text: string): unknown {
  let doc: GoYamlValue;
  try {
    doc = decodeGoYaml(text);
  } catch (e) {
    throw new Error(`error converting YAML to JSON: ${e instanceof GoYamlError ? e.message : String(e)}`, {
      cause: e,
    });
  }
  try {
    return toJson(doc);
  } catch (e) {
    throw new Error(`error converting YAML to JSON: ${(e as Error).message}`, { cause: e });
  }
}

/** processTemplateValues: the whole values map through one template. */
export function processTemplateValues(values: Json, ctx: TemplateContext): Json {
  const out = render(goYamlMarshal(values), ctx);
  let rendered: unknown;
  try {
    rendered = readRendered(out);
  } catch (e) {
    throw new Error(
      `failed to interpret rendered template as helm values: map[string]interface {}(nil), ${(e as Error).message}`,
      { cause: e },
    );
  }
  if (rendered === null) return {};
  if (typeof rendered !== 'object' || Array.isArray(rendered))
    throw new Error(
      `failed to interpret rendered template as helm values: map[string]interface {}(nil), error unmarshaling JSON: json: cannot unmarshal ${Array.isArray(rendered) ? 'array' : typeof rendered === 'boolean' ? 'bool' : typeof rendered} into Go value of type map[string]interface {}`,
    );
  return rendered as Json;
}

/** processTemplateValuesData: each helm.templateValues entry rendered and read as YAML. */
export function processTemplateValuesData(
  templateValues: Record<string, unknown>,
  ctx: TemplateContext,
): Json {
  const out: Json = {};
  // Go ranges over the map in random order; sorted keys make the first error the same each run.
  for (const k of Object.keys(templateValues).sort()) {
    const v = templateValues[k];
    const text = render(typeof v === 'string' ? v : '', ctx);
    let value: unknown;
    try {
      value = readRendered(text);
    } catch (e) {
      throw new Error(
        `failed to interpret rendered template as helm values: ${text}, ${(e as Error).message}`,
        { cause: e },
      );
    }
    Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
