import { expect } from 'vitest';

/**
 * Hand-written catalogs in styles the editor must keep: YAML with comments, mixed quoting, 4-space
 * indentation, indented sequences with a 3-space dash gap, a flow-style channel and a block scalar;
 * JSON with a 4-space blob, a 2-space blob and a one-line blob in one stream.
 */

const bundleYaml = (v: string): string => `---
schema: olm.bundle
name: anakin.v${v}
package: anakin
image: quay.io/anakin/bundle:v${v}
properties:
    - {type: olm.package, value: {packageName: anakin, version: ${v}}}
`;

export const YAML_PATH = 'anakin/catalog.yaml';

export const YAML_CATALOG = `---
# Catalog for the anakin operator.
schema: olm.package
name: anakin
defaultChannel: "light"   # the stable line
description: |
    Anakin does things.

    Really.
icon:
    base64data: iVBORw0KGgo=
    mediatype: image/png
---
# Channel "light": the supported line
schema: 'olm.channel'
package: anakin
name: light
entries:
    -   name: anakin.v0.1.0
    -   name: anakin.v0.2.0   # first GA
        replaces: anakin.v0.1.0
    -   name: "anakin.v0.3.0"
        skipRange: ">=0.1.0 <0.3.0"
        replaces: 'anakin.v0.2.0'
        skips:
            - anakin.v0.2.1
        # end of light
---
schema: olm.channel
package: anakin
name: dark
entries: [{name: anakin.v0.2.1}, {name: anakin.v0.4.0, replaces: anakin.v0.2.1}]
${['0.1.0', '0.2.0', '0.2.1', '0.3.0', '0.4.0'].map(bundleYaml).join('')}`;

const bundleJson = (v: string): string => `{
    "schema": "olm.bundle",
    "name": "anakin.v${v}",
    "package": "anakin",
    "image": "quay.io/anakin/bundle:v${v}",
    "properties": [
        {
            "type": "olm.package",
            "value": {
                "packageName": "anakin",
                "version": "${v}"
            }
        }
    ]
}
`;

export const JSON_PATH = 'anakin/catalog.json';

export const JSON_CATALOG = `{
    "schema": "olm.package",
    "name": "anakin",
    "defaultChannel": "light"
}
{
  "schema": "olm.channel",
  "package": "anakin",
  "name": "light",
  "entries": [
    {
      "name": "anakin.v0.1.0"
    },
    {
      "name": "anakin.v0.2.0",
      "replaces": "anakin.v0.1.0",
      "skipRange": ">=0.1.0 <0.2.0"
    },
    {
      "name": "anakin.v0.3.0",
      "replaces": "anakin.v0.2.0",
      "skips": [
        "anakin.v0.2.1"
      ]
    }
  ]
}
{"schema":"olm.channel","package":"anakin","name":"dark","entries":[{"name":"anakin.v0.2.1"},{"name":"anakin.v0.4.0","replaces":"anakin.v0.2.1"}]}
${['0.1.0', '0.2.0', '0.2.1', '0.3.0', '0.4.0'].map(bundleJson).join('')}{
    "schema": "olm.deprecations",
    "package": "anakin",
    "entries": [
        {
            "reference": {
                "schema": "olm.bundle",
                "name": "anakin.v0.1.0"
            },
            "message": "anakin.v0.1.0 has a CVE; use 0.2.0"
        }
    ]
}
`;

/** `text` with the one occurrence of `from` replaced by `to` (fails when `from` is not there exactly once). */
export function replaced(text: string, from: string, to: string): string {
  const i = text.indexOf(from);
  expect(i, `fixture snippet not found: ${from}`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(from, i + 1), `fixture snippet not unique: ${from}`).toBe(-1);
  return text.slice(0, i) + to + text.slice(i + from.length);
}
