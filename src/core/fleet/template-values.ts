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
import { executeTemplate, GoTemplateError, parseTemplate, type Template } from '../go/template';
import type { GoMap } from '../go/template/values';
import { sprigFuncs, SPRIG_NOT_PORTED } from '../go/sprig';
import { decodeGoYaml, GoYamlError, type GoYamlValue } from '../template/go-yaml';
import { goYamlMarshal } from '../template/go-yaml-emitter';
import { goYamlToAny } from '../template/go-unmarshal';

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

/** sigs.k8s.io/yaml Unmarshal of the rendered text into `any`. */
function readRendered(text: string): unknown {
  let doc: GoYamlValue;
  try {
    doc = decodeGoYaml(text);
  } catch (e) {
    const message = e instanceof GoYamlError ? e.message : String(e);
    throw new Error(`error converting YAML to JSON: ${message}`, { cause: e });
  }
  return goYamlToAny(doc);
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
