/**
 * rancher/fleet's own case for `${ }` helm values templates, the template side only:
 *
 *   internal/cmd/controller/target/target_test.go 010a87318ef59afdaf1ac93a4df5e3d6a7e5a414,
 *   bundleYamlWithTemplate and TestProcessTemplateValues
 *
 * Fleet renders with template.New("values").Funcs(sprig).Option("missingkey=error")
 * .Delims("${", "}"): processTemplateValues renders the whole `values` section (after
 * sigs.k8s.io/yaml.Marshal) as one template, processTemplateValuesData renders each
 * `templateValues` entry on its own; both read the result back as YAML. Here the sprig functions
 * the case uses are stubs written below, and the values section is given as yaml.Marshal writes
 * it (keys sorted, sequences not indented, the multi-line listb as a |- block). The assertions are
 * the Go test's, on the YAML read back, plus the rendered text itself.
 *
 * Left out: the other tests of target_test.go (label substitution, disablePreprocess, namespace
 * metadata) are not about the template engine.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { goFormatV, goQuote } from '../../../../src/core/gojson/fmt';
import {
  type FuncMap,
  type GoMap,
  type GoValue,
  executeTemplate,
  parseTemplate,
} from '../../../../src/core/go/template';
import { BUNDLE_YAML_WITH_TEMPLATE } from '../../fleet/examples';

/** The values section as sigs.k8s.io/yaml.Marshal gives it to the template. */
const marshaledValues = `clusterName: \${ .ClusterLabels.name }
clusterNamespace: \${ .ClusterNamespace }
customStruct:
- key1: value1
  key2: value2
  name: \${ .ClusterValues.topLevel }
- element2: \${ .ClusterValues.nested.secondTier.thirdTier }
- element3_\${ .ClusterLabels.envType }: \${ .ClusterLabels.name }
fleetClusterName: \${ .ClusterName }
fromAnnotation: \${ .ClusterAnnotations.testAnnotation }
funcs:
  join: \${ .ClusterValues.list | join "," }
  upper: \${ .ClusterValues.topLevel | upper }_test
list: \${ list 1 2 3 | toJson }
listb: |-
  \${- range $key, $val := .ClusterLabels }
  - name: \${ $key }
    value: \${ $val | quote }
  \${- end}
missingLabel: \${ if hasKey .ClusterLabels "missing" }\${ .ClusterLabels.missing }\${ else }missing\${ end}
reallyLongClusterName: kubernets.io/cluster/\${ index .ClusterLabels "really-long-label-name-with-many-many-characters-in-it" }
`;

/** Stubs of the sprig functions the case calls, with sprig's Go signatures. */
const sprigStubs: FuncMap = {
  upper: { params: ['string'], call: (s) => (s as string).toUpperCase() },
  join: {
    params: ['string', 'any'],
    call: (sep, v) =>
      (Array.isArray(v) ? (v as GoValue[]) : [v])
        .filter((x) => x !== null)
        .map((x) => (typeof x === 'string' ? x : goFormatV(x)))
        .join(sep as string),
  },
  quote: {
    params: ['any'],
    variadic: true,
    call: (...xs) =>
      xs
        .filter((x) => x !== null)
        .map((x) => goQuote(typeof x === 'string' ? x : goFormatV(x)))
        .join(' '),
  },
  hasKey: {
    params: ['map[string]any', 'string'],
    call: (m, k) => Object.prototype.hasOwnProperty.call(m, k as string),
  },
  list: { params: ['any'], variadic: true, call: (...v) => v },
  toJson: {
    params: ['any'],
    returnsError: true,
    call: (v) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x)),
  },
};

/** TestProcessTemplateValues' template context. */
const values: GoMap = {
  ClusterNamespace: 'dev-clusters',
  ClusterName: 'my-cluster',
  ClusterLabels: {
    name: 'local',
    envType: 'dev',
    'really-long-label-name-with-many-many-characters-in-it': 'foobar',
  },
  ClusterAnnotations: { testAnnotation: 'test' },
  ClusterValues: {
    topLevel: 'foo',
    nested: { secondTier: { thirdTier: 'bar' } },
    items: ['one', 'two'],
    list: ['alpha', 'beta', 'omega'],
  },
};

/** template.New("values").Funcs(…).Option("missingkey=error").Delims("${", "}"), Parse, Execute. */
function render(text: string): string {
  const t = parseTemplate(text, { name: 'values', funcs: sprigStubs, leftDelim: '${', rightDelim: '}' });
  return executeTemplate(t, values, { missingKey: 'error' });
}

describe('rancher/fleet TestProcessTemplateValues (template side)', () => {
  it('renders the values section to what the Go test expects', () => {
    const out = render(marshaledValues);
    expect(out).toBe(`clusterName: local
clusterNamespace: dev-clusters
customStruct:
- key1: value1
  key2: value2
  name: foo
- element2: bar
- element3_dev: local
fleetClusterName: my-cluster
fromAnnotation: test
funcs:
  join: alpha,beta,omega
  upper: FOO_test
list: [1,2,3]
listb: |-
  - name: envType
    value: "dev"
  - name: name
    value: "local"
  - name: really-long-label-name-with-many-many-characters-in-it
    value: "foobar"
missingLabel: missing
reallyLongClusterName: kubernets.io/cluster/foobar
`);
    const templatedValues = parseYaml(out) as Record<string, unknown>;
    expect(templatedValues.clusterName).toBe('local');
    expect(templatedValues.fromAnnotation).toBe('test');
    expect(templatedValues.clusterNamespace).toBe('dev-clusters');
    expect(templatedValues.fleetClusterName).toBe('my-cluster');
    expect(templatedValues.reallyLongClusterName).toBe('kubernets.io/cluster/foobar');
    expect(templatedValues.missingLabel).toBe('missing');
    const customStruct = templatedValues.customStruct as Record<string, unknown>[];
    expect(customStruct[0]?.name).toBe('foo');
    expect(customStruct[1]?.element2).toBe('bar');
    expect(customStruct[2]?.element3_dev).toBe('local');
    const funcs = templatedValues.funcs as Record<string, unknown>;
    expect(funcs.upper).toBe('FOO_test');
    expect(funcs.join).toBe('alpha,beta,omega');
  });

  it('renders each templateValues entry to what the Go test expects', () => {
    const bundle = parseYaml(BUNDLE_YAML_WITH_TEMPLATE) as {
      helm: { templateValues: Record<string, string> };
    };
    const data: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(bundle.helm.templateValues)) data[k] = parseYaml(render(v));

    expect(render(bundle.helm.templateValues.mapData as string)).toBe(
      '\n"one":\n  nested: "true"\n"two":\n  nested: "true"\n',
    );
    const mapData = data.mapData as Record<string, Record<string, unknown>>;
    expect(mapData.one?.nested).toBe('true');
    expect(mapData.two?.nested).toBe('true');

    const listData = data.listData as Record<string, unknown>[];
    expect(listData).toHaveLength(2);
    expect(listData[0]?.nested).toBe('true');
    expect(listData[1]?.nested).toBe('true');
  });

  it('every ${ } string of the values section renders on its own too', () => {
    const bundle = parseYaml(BUNDLE_YAML_WITH_TEMPLATE) as { helm: { values: Record<string, unknown> } };
    const v = bundle.helm.values;
    expect(render(v.clusterName as string)).toBe('local');
    expect(render(v.reallyLongClusterName as string)).toBe('kubernets.io/cluster/foobar');
    expect(render(v.missingLabel as string)).toBe('missing');
    expect(render(v.list as string)).toBe('[1,2,3]');
    expect(render((v.funcs as Record<string, string>).join as string)).toBe('alpha,beta,omega');
  });

  it('a missing label is an error with missingkey=error, as the controller reports it', () => {
    expect(() => render('x: ${ .ClusterLabels.missing }')).toThrow(
      'template: values:1:20: executing "values" at <.ClusterLabels.missing>: map has no entry for key "missing"',
    );
  });
});
