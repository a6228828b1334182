/** The M01 catalog.yaml of fbc-cases §G, with the "one olm.bundle per name" it asks for written out. */
export const M01_YAML = `schema: olm.package
name: anakin
defaultChannel: dark
---
schema: olm.package
name: boba-fett
defaultChannel: mando
---
schema: olm.channel
package: anakin
name: dark
entries:
  - name: anakin.v0.0.1
  - {name: anakin.v0.1.0, replaces: anakin.v0.0.1}
  - {name: anakin.v0.1.1, replaces: anakin.v0.0.1, skips: [anakin.v0.1.0]}
---
schema: olm.channel
package: anakin
name: light
entries:
  - name: anakin.v0.0.1
  - {name: anakin.v0.1.0, replaces: anakin.v0.0.1}
---
schema: olm.channel
package: boba-fett
name: mando
entries:
  - name: boba-fett.v1.0.0
  - {name: boba-fett.v2.0.0, replaces: boba-fett.v1.0.0}
---
schema: olm.deprecations
package: anakin
entries:
  - {reference: {schema: olm.bundle, name: anakin.v0.0.1}, message: This bundle version is deprecated}
  - {reference: {schema: olm.channel, name: light}, message: This channel is deprecated}
  - {reference: {schema: olm.package}, message: This package is deprecated... there is another}
${[
  ['anakin', '0.0.1'],
  ['anakin', '0.1.0'],
  ['anakin', '0.1.1'],
  ['boba-fett', '1.0.0'],
  ['boba-fett', '2.0.0'],
]
  .map(
    ([pkg, v]) => `---
schema: olm.bundle
package: ${pkg}
name: ${pkg}.v${v}
image: ${pkg}-bundle:v${v}
properties:
  - type: olm.package
    value: {packageName: ${pkg}, version: ${v}}
`,
  )
  .join('')}`;
