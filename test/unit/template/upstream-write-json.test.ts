/**
 * Ports operator-registry alpha/declcfg/write_test.go `TestWriteJSON` (commit e7d79290): opm's JSON writer on
 * the test catalog of helpers_test.go, byte for byte; and the same catalog kept as files, through
 * `fbc-studio render DIR -o json`, which prints what opm render does: LoadFS, action.Render.Run's
 * steps (each bundle's olm.bundle.object properties moved last), then this writer.
 *
 * Left out: TestWriteFS (declcfg.WriteFS writes one catalog file per package folder: `render` prints
 * one stream — its LoadFS round trip is the sorted-key case below; `mirror plan --write` lays its
 * output out as WriteFS does, tested in test/unit/mirror/cli.test.ts) and model_to_declcfg_test.go's TestConvertFromModel (commit 5531412d; Go API: we never turn a model
 * back into blobs; `render` writes the blobs as loaded).
 */
import { describe, expect, it } from 'vitest';
import { writeFbcJson } from '../../../src/core/template';
import {
  buildValidDeclarativeConfig,
  catalogDir,
  objectsLast,
  renderDir,
  upstreamCatalogFiles,
} from './upstream-declcfg-fixture';

const EXPECTED = `{
    "schema": "olm.package",
    "name": "anakin",
    "defaultChannel": "dark",
    "icon": {
        "base64data": "PHN2ZyB2aWV3Qm94PSIwIDAgMTAwIDEwMCI+PGNpcmNsZSBjeD0iMjUiIGN5PSIyNSIgcj0iMjUiLz48L3N2Zz4=",
        "mediatype": "image/svg+xml"
    },
    "description": "anakin operator"
}
{
    "schema": "olm.channel",
    "name": "dark",
    "package": "anakin",
    "entries": [
        {
            "name": "anakin.v0.0.1"
        },
        {
            "name": "anakin.v0.1.0",
            "replaces": "anakin.v0.0.1"
        },
        {
            "name": "anakin.v0.1.1",
            "replaces": "anakin.v0.0.1",
            "skips": [
                "anakin.v0.1.0"
            ]
        }
    ]
}
{
    "schema": "olm.channel",
    "name": "light",
    "package": "anakin",
    "entries": [
        {
            "name": "anakin.v0.0.1"
        },
        {
            "name": "anakin.v0.1.0",
            "replaces": "anakin.v0.0.1"
        }
    ]
}
{
    "schema": "olm.bundle",
    "name": "anakin.v0.0.1",
    "package": "anakin",
    "image": "anakin-bundle:v0.0.1",
    "properties": [
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkN1c3RvbVJlc291cmNlRGVmaW5pdGlvbiIsICJhcGlWZXJzaW9uIjogImFwaWV4dGVuc2lvbnMuazhzLmlvL3YxIn0="
            }
        },
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkNsdXN0ZXJTZXJ2aWNlVmVyc2lvbiIsICJhcGlWZXJzaW9uIjogIm9wZXJhdG9ycy5jb3Jlb3MuY29tL3YxYWxwaGExIiwgIm1ldGFkYXRhIjp7Im5hbWUiOiJhbmFraW4udjAuMC4xIn19"
            }
        },
        {
            "type": "olm.package",
            "value": {
                "packageName": "anakin",
                "version": "0.0.1"
            }
        }
    ],
    "relatedImages": [
        {
            "name": "bundle",
            "image": "anakin-bundle:v0.0.1"
        }
    ]
}
{
    "schema": "olm.bundle",
    "name": "anakin.v0.1.0",
    "package": "anakin",
    "image": "anakin-bundle:v0.1.0",
    "properties": [
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkN1c3RvbVJlc291cmNlRGVmaW5pdGlvbiIsICJhcGlWZXJzaW9uIjogImFwaWV4dGVuc2lvbnMuazhzLmlvL3YxIn0="
            }
        },
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkNsdXN0ZXJTZXJ2aWNlVmVyc2lvbiIsICJhcGlWZXJzaW9uIjogIm9wZXJhdG9ycy5jb3Jlb3MuY29tL3YxYWxwaGExIiwgIm1ldGFkYXRhIjp7Im5hbWUiOiJhbmFraW4udjAuMS4wIn19"
            }
        },
        {
            "type": "olm.package",
            "value": {
                "packageName": "anakin",
                "version": "0.1.0"
            }
        }
    ],
    "relatedImages": [
        {
            "name": "bundle",
            "image": "anakin-bundle:v0.1.0"
        }
    ]
}
{
    "schema": "olm.bundle",
    "name": "anakin.v0.1.1",
    "package": "anakin",
    "image": "anakin-bundle:v0.1.1",
    "properties": [
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkN1c3RvbVJlc291cmNlRGVmaW5pdGlvbiIsICJhcGlWZXJzaW9uIjogImFwaWV4dGVuc2lvbnMuazhzLmlvL3YxIn0="
            }
        },
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkNsdXN0ZXJTZXJ2aWNlVmVyc2lvbiIsICJhcGlWZXJzaW9uIjogIm9wZXJhdG9ycy5jb3Jlb3MuY29tL3YxYWxwaGExIiwgIm1ldGFkYXRhIjp7Im5hbWUiOiJhbmFraW4udjAuMS4xIn19"
            }
        },
        {
            "type": "olm.package",
            "value": {
                "packageName": "anakin",
                "version": "0.1.1"
            }
        }
    ],
    "relatedImages": [
        {
            "name": "bundle",
            "image": "anakin-bundle:v0.1.1"
        }
    ]
}
{
    "myField": "foobar",
    "package": "anakin",
    "schema": "custom.3"
}
{
    "schema": "olm.deprecations",
    "package": "anakin",
    "entries": [
        {
            "reference": {
                "schema": "olm.bundle",
                "name": "anakin.v0.0.1"
            },
            "message": "This bundle version is deprecated"
        },
        {
            "reference": {
                "schema": "olm.channel",
                "name": "light"
            },
            "message": "This channel is deprecated"
        },
        {
            "reference": {
                "schema": "olm.package"
            },
            "message": "This package is deprecated... there is another"
        }
    ]
}
{
    "schema": "olm.package",
    "name": "boba-fett",
    "defaultChannel": "mando",
    "icon": {
        "base64data": "PHN2ZyB2aWV3Qm94PSIwIDAgMTAwIDEwMCI+PGNpcmNsZSBjeD0iNTAiIGN5PSI1MCIgcj0iNTAiLz48L3N2Zz4=",
        "mediatype": "image/svg+xml"
    },
    "description": "boba-fett operator"
}
{
    "schema": "olm.channel",
    "name": "mando",
    "package": "boba-fett",
    "entries": [
        {
            "name": "boba-fett.v1.0.0"
        },
        {
            "name": "boba-fett.v2.0.0",
            "replaces": "boba-fett.v1.0.0"
        }
    ]
}
{
    "schema": "olm.bundle",
    "name": "boba-fett.v1.0.0",
    "package": "boba-fett",
    "image": "boba-fett-bundle:v1.0.0",
    "properties": [
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkN1c3RvbVJlc291cmNlRGVmaW5pdGlvbiIsICJhcGlWZXJzaW9uIjogImFwaWV4dGVuc2lvbnMuazhzLmlvL3YxIn0="
            }
        },
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkNsdXN0ZXJTZXJ2aWNlVmVyc2lvbiIsICJhcGlWZXJzaW9uIjogIm9wZXJhdG9ycy5jb3Jlb3MuY29tL3YxYWxwaGExIiwgIm1ldGFkYXRhIjp7Im5hbWUiOiJib2JhLWZldHQudjEuMC4wIn19"
            }
        },
        {
            "type": "olm.package",
            "value": {
                "packageName": "boba-fett",
                "version": "1.0.0"
            }
        }
    ],
    "relatedImages": [
        {
            "name": "bundle",
            "image": "boba-fett-bundle:v1.0.0"
        }
    ]
}
{
    "schema": "olm.bundle",
    "name": "boba-fett.v2.0.0",
    "package": "boba-fett",
    "image": "boba-fett-bundle:v2.0.0",
    "properties": [
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkN1c3RvbVJlc291cmNlRGVmaW5pdGlvbiIsICJhcGlWZXJzaW9uIjogImFwaWV4dGVuc2lvbnMuazhzLmlvL3YxIn0="
            }
        },
        {
            "type": "olm.bundle.object",
            "value": {
                "data": "eyJraW5kIjogIkNsdXN0ZXJTZXJ2aWNlVmVyc2lvbiIsICJhcGlWZXJzaW9uIjogIm9wZXJhdG9ycy5jb3Jlb3MuY29tL3YxYWxwaGExIiwgIm1ldGFkYXRhIjp7Im5hbWUiOiJib2JhLWZldHQudjIuMC4wIn19"
            }
        },
        {
            "type": "olm.package",
            "value": {
                "packageName": "boba-fett",
                "version": "2.0.0"
            }
        }
    ],
    "relatedImages": [
        {
            "name": "bundle",
            "image": "boba-fett-bundle:v2.0.0"
        }
    ]
}
{
    "myField": "foobar",
    "package": "boba-fett",
    "schema": "custom.3"
}
{
    "schema": "custom.1"
}
{
    "schema": "custom.2"
}
`;

describe('TestWriteJSON (alpha/declcfg/write_test.go)', () => {
  it('Success', () => {
    expect(writeFbcJson(buildValidDeclarativeConfig())).toBe(EXPECTED);
  });
});

describe('render -o json of that catalog kept as files', () => {
  it('prints what opm render prints', async () => {
    // Run moves the bundle objects after the other properties; the writer does the rest.
    const cfg = buildValidDeclarativeConfig();
    const r = await renderDir(catalogDir(upstreamCatalogFiles()), 'json');
    expect(r.err).toBe('');
    expect(r.out).toBe(writeFbcJson(objectsLast(cfg)));
    expect(r.out).not.toBe(EXPECTED);
    expect(r.code).toBe(0);
  });
});

describe('render -o json of a JSON catalog whose blobs are not in Go key order', () => {
  // LoadFS decodes each blob through Meta.UnmarshalJSON, which re-encodes it from a Go map: an
  // unknown-schema blob and every property value come out with sorted keys (write_test.go's
  // TestWriteFS says so of its round trip), whatever order the file had them in.
  it('writes unknown-schema blobs and property values with sorted keys', async () => {
    const dir = catalogDir({
      'c.json': [
        '{"schema":"olm.package","name":"p","defaultChannel":"s"}',
        '{"schema":"olm.channel","name":"s","package":"p","entries":[{"name":"p.v1.0.0"}]}',
        '{"schema":"olm.bundle","name":"p.v1.0.0","package":"p","image":"i","properties":[{"type":"olm.package","value":{"version":"1.0.0","packageName":"p"}},{"type":"x.y","value":{"z":1.0,"a":[{"q":1,"b":2}]}}]}',
        '{"schema":"z.other","package":"p","zeta":1,"alpha":{"y":1,"x":"<&>"}}',
        '',
      ].join('\n'),
    });
    const r = await renderDir(dir, 'json');
    expect(r.out).toContain(
      '"value": {\n                "packageName": "p",\n                "version": "1.0.0"\n            }',
    );
    expect(r.out).toContain(
      '"value": {\n                "a": [\n                    {\n                        "b": 2,',
    );
    expect(r.out).toContain(
      '{\n    "alpha": {\n        "x": "<&>",\n        "y": 1\n    },\n    "package": "p",\n    "schema": "z.other",\n    "zeta": 1\n}\n',
    );
  });
});

describe('render -o json of blobs whose entries are missing', () => {
  // Channel.Entries and Deprecation.Entries have no omitempty: a nil slice (no key, or null) is
  // written as null, an empty one as [].
  it('writes entries: null where the file had none, [] where it had an empty list', async () => {
    const dir = catalogDir({
      'c.json': [
        '{"schema":"olm.package","name":"p","defaultChannel":"s"}',
        '{"schema":"olm.channel","name":"s","package":"p"}',
        '{"schema":"olm.channel","name":"t","package":"p","entries":null}',
        '{"schema":"olm.channel","name":"u","package":"p","Entries":[]}',
        '{"schema":"olm.deprecations","package":"p"}',
        '',
      ].join('\n'),
    });
    const r = await renderDir(dir, 'json');
    const entries = [...r.out.matchAll(/"name": "(\w)",\n {4}"package": "p",\n {4}"entries": (\S+)\n/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(entries).toEqual(['s null', 't null', 'u []']);
    expect(r.out).toContain(
      '{\n    "schema": "olm.deprecations",\n    "package": "p",\n    "entries": null\n}\n',
    );
  });
});

describe('render -o json of a package icon whose base64 is split over lines', () => {
  // Icon.Data is a []byte: decoded (line breaks skipped), written back as standard base64.
  it('writes the icon as one standard base64 string', async () => {
    const dir = catalogDir({
      'c.json':
        '{"schema":"olm.package","name":"p","defaultChannel":"s","icon":{"base64data":"PHN2\\nZz4=","mediatype":"image/svg+xml"}}\n',
    });
    expect((await renderDir(dir, 'json')).out).toContain('"base64data": "PHN2Zz4=",');
  });
});
