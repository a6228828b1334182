/**
 * Helm values templates as the Fleet controller renders them (rancher/fleet
 * internal/cmd/controller/target/builder.go): the function map Fleet builds and the errors of each
 * step, in the controller's words. The upstream cases are in upstream-target.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  processTemplateValues,
  processTemplateValuesData,
  type TemplateContext,
} from '../../../src/core/fleet/template-values';

const ctx: TemplateContext = {
  ClusterNamespace: 'fleet-default',
  ClusterName: 'east',
  ClusterLabels: { env: 'prod' },
  ClusterAnnotations: {},
  ClusterValues: { replicas: 3 },
};

describe('the function map', () => {
  // target_test.go TestTplFuncMap_ExcludesGetHostByName, and the other names tplFuncMap deletes:
  // each is a parse error, as in the controller (not a function we merely do not run).
  it.each(['getHostByName', 'env', 'expandenv', 'tpl', 'include'])('has no %s', (fn) => {
    expect(() => processTemplateValues({ x: `\${ ${fn} "a" }` }, ctx)).toThrow(
      `failed to parse helm values template: template: values:1: function "${fn}" not defined`,
    );
  });

  it('has sprig’s functions, with Go’s number printing', () => {
    expect(
      processTemplateValues(
        { a: '${ .ClusterValues.replicas | add1 }', b: '${ printf "%s-%03d" .ClusterName 7 }' },
        ctx,
      ),
    ).toEqual({ a: 4, b: 'east-007' });
  });
});

describe('reading the rendered text back', () => {
  it('a templateValues entry that is no YAML: the controller’s error with the rendered text', () => {
    expect(() => processTemplateValuesData({ bad: 'list: [${ .ClusterName }' }, ctx)).toThrow(
      /^failed to interpret rendered template as helm values: list: \[east, error converting YAML to JSON: yaml: line 1: /,
    );
  });

  it('map keys become strings as sigs.k8s.io/yaml makes them (ints, booleans); numbers are float64', () => {
    expect(processTemplateValuesData({ m: '1: one\ntrue: yes\nx: 0x10' }, ctx)).toEqual({
      m: { '1': 'one', true: true, x: 16 },
    });
  });

  it('a null key is sigs.k8s.io/yaml’s error, as the controller reports it', () => {
    expect(() => processTemplateValuesData({ m: '~: 1' }, ctx)).toThrow(
      'failed to interpret rendered template as helm values: ~: 1, error converting YAML to JSON: unsupported map key of type: %!s(<nil>), key: <nil>, value: 1',
    );
  });

  it('a repeated key keeps its last value (Unmarshal, not UnmarshalStrict)', () => {
    expect(processTemplateValuesData({ m: 'a: 1\na: 2' }, ctx)).toEqual({ m: { a: 2 } });
  });
});
