/**
 * Ports operator-registry alpha/declcfg/write_test.go `TestWriteMermaidChannels` (commit e7d79290):
 * the Mermaid writer on helpers_test.go's catalog (deprecations styled, v0 semantics drawn as
 * NewMermaidWriter's default has them), with no filter, `--minimum-edge` and `-p`, byte for byte.
 * The catalog is read from files as `render-graph DIR` reads it.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/core/load';
import { renderGraph, type RenderGraphOptions } from '../../../src/core/mermaid/render-graph';
import { MemorySource } from '../../../src/core/source/memory';
import { upstreamCatalogFiles } from '../template/upstream-declcfg-fixture';

async function writeChannels(opts: RenderGraphOptions): Promise<string> {
  const load = await loadCatalog(new MemorySource(upstreamCatalogFiles()), { bundleObjects: 'eager' });
  expect(load.errors).toEqual([]);
  const r = renderGraph(load.dc, { drawV0Semantics: true, ...opts });
  expect(r.warnings).toEqual([]);
  return r.text;
}

describe('TestWriteMermaidChannels (alpha/declcfg/write_test.go)', () => {
  it('SuccessNoFilters', async () => {
    expect(await writeChannels({})).toBe(`graph LR
  classDef deprecated fill:#E8960F
  classDef skipped stroke:#FF0000,stroke-width:4px
  classDef deprecatedskipped fill:#E8960F,stroke:#FF0000,stroke-width:4px
  %% package "anakin"
  subgraph "anakin"
    %% channel "dark"
    subgraph anakin-dark["dark"]
      anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]
      anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]-- skip --> anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]
      anakin-dark-anakin.v0.0.1["anakin.v0.0.1"]-- replace --> anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]
      anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]
      anakin-dark-anakin.v0.0.1["anakin.v0.0.1"]-- replace --> anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]
      anakin-dark-anakin.v0.0.1["anakin.v0.0.1"]
    end
    %% channel "light"
    subgraph anakin-light["light"]
      anakin-light-anakin.v0.1.0["anakin.v0.1.0"]
      anakin-light-anakin.v0.0.1["anakin.v0.0.1"]-- replace --> anakin-light-anakin.v0.1.0["anakin.v0.1.0"]
      anakin-light-anakin.v0.0.1["anakin.v0.0.1"]
    end
  end
  %% package "boba-fett"
  subgraph "boba-fett"
    %% channel "mando"
    subgraph boba-fett-mando["mando"]
      boba-fett-mando-boba-fett.v2.0.0["boba-fett.v2.0.0"]
      boba-fett-mando-boba-fett.v1.0.0["boba-fett.v1.0.0"]-- replace --> boba-fett-mando-boba-fett.v2.0.0["boba-fett.v2.0.0"]
      boba-fett-mando-boba-fett.v1.0.0["boba-fett.v1.0.0"]
    end
  end
style anakin fill:#989695
style anakin-light fill:#DCD0FF
class anakin-dark-anakin.v0.0.1,anakin-light-anakin.v0.0.1 deprecated
class anakin-dark-anakin.v0.1.0 skipped
linkStyle 2 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;
`);
  });

  it('SuccessMinEdgeFilter', async () => {
    expect(await writeChannels({ minimumEdge: 'anakin.v0.1.0' })).toBe(`graph LR
  classDef deprecated fill:#E8960F
  classDef skipped stroke:#FF0000,stroke-width:4px
  classDef deprecatedskipped fill:#E8960F,stroke:#FF0000,stroke-width:4px
  %% package "anakin"
  subgraph "anakin"
    %% channel "dark"
    subgraph anakin-dark["dark"]
      anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]
      anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]-- skip --> anakin-dark-anakin.v0.1.1["anakin.v0.1.1"]
      anakin-dark-anakin.v0.1.0["anakin.v0.1.0"]
    end
    %% channel "light"
    subgraph anakin-light["light"]
      anakin-light-anakin.v0.1.0["anakin.v0.1.0"]
    end
  end
style anakin fill:#989695
style anakin-light fill:#DCD0FF
class anakin-dark-anakin.v0.1.0 skipped
`);
  });

  it('SuccessPackageNameFilter', async () => {
    expect(await writeChannels({ packageName: 'boba-fett' })).toBe(`graph LR
  classDef deprecated fill:#E8960F
  classDef skipped stroke:#FF0000,stroke-width:4px
  classDef deprecatedskipped fill:#E8960F,stroke:#FF0000,stroke-width:4px
  %% package "boba-fett"
  subgraph "boba-fett"
    %% channel "mando"
    subgraph boba-fett-mando["mando"]
      boba-fett-mando-boba-fett.v2.0.0["boba-fett.v2.0.0"]
      boba-fett-mando-boba-fett.v1.0.0["boba-fett.v1.0.0"]-- replace --> boba-fett-mando-boba-fett.v2.0.0["boba-fett.v2.0.0"]
      boba-fett-mando-boba-fett.v1.0.0["boba-fett.v1.0.0"]
    end
  end
`);
  });
});
