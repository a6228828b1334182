/**
 * Stand-alone page for the graph benchmark and for screenshots (no app shell needed).
 *   ?mode=bench&n=1000[&runs=5][&dagre=1]  → measures, result in window.__benchResult
 *   ?graph=demo|synthetic|package[&n=60][&theme=dark][&v0=1][&selected=<id>]  → graph + table + details
 */
import cytoscape from 'cytoscape';
import dagre from 'cytoscape-dagre';
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { BundleView } from '../src/core/service/views';
import { BundleDetails } from '../src/app/bundle/BundleDetails';
import { EntriesTable } from '../src/app/entries/EntriesTable';
import ChannelGraphView from '../src/app/graph/ChannelGraphView';
import { prepareGraph } from '../src/app/graph/prepare';
import { graphStylesheet, readPalette } from '../src/app/graph/style';
import type { ChannelGraph, PackageGraphInput } from '../src/app/graph/types';
import { isChannelGraph } from '../src/app/graph/types';
import { demoChannel, syntheticChannel, syntheticPackage } from './graph-synthetic';

const params = new URLSearchParams(location.search);
const root = document.getElementById('root')!;

declare global {
  interface Window {
    __benchResult?: unknown;
    __benchError?: string;
  }
}

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

function freshContainer(): HTMLDivElement {
  root.replaceChildren();
  const el = document.createElement('div');
  el.style.cssText = 'position:absolute;inset:0;width:1280px;height:720px';
  root.append(el);
  return el;
}

/** cy creation → preset layout done, cy.ready, first 'render', one more animation frame. */
async function measurePipeline(graph: ChannelGraph, collapse: boolean) {
  const container = freshContainer();
  const t0 = performance.now();
  const prepared = prepareGraph(graph, { collapse });
  const t1 = performance.now();
  const cy = cytoscape({
    container,
    elements: prepared.elements,
    style: graphStylesheet(readPalette(container, 'light')),
    layout: { name: 'preset' },
    minZoom: 0.0005,
    maxZoom: 3,
    autoungrabify: true,
    autounselectify: true,
  });
  const rendered = new Promise<void>((r) => cy.one('render', () => r()));
  cy.fit(undefined, 30);
  await new Promise<void>((r) => cy.ready(() => r()));
  const t2 = performance.now();
  await rendered;
  await frame();
  const t3 = performance.now();
  const out = {
    prepareMs: t1 - t0,
    cyCreateMs: t2 - t1,
    firstFrameMs: t3 - t0,
    nodes: cy.nodes().length,
    edges: cy.edges().length,
  };
  cy.destroy();
  return out;
}

/** The real component: root.render → data-ready (elements added, first render, one frame, React commit). */
async function measureComponent(graph: ChannelGraph) {
  const container = freshContainer();
  const reactRoot = createRoot(container);
  const t0 = performance.now();
  flushSync(() =>
    reactRoot.render(<ChannelGraphView graph={graph} onSelect={() => undefined} theme="light" />),
  );
  // A large graph's collapsing code loads on demand: the view may appear a few frames after render.
  const el = await new Promise<Element>((resolve) => {
    const check = () => {
      const found = container.querySelector('[data-testid="channel-graph"]');
      if (found?.getAttribute('data-ready') === 'true') resolve(found);
      else requestAnimationFrame(check);
    };
    check();
  });
  const t1 = performance.now();
  const out = {
    mountToFrameMs: t1 - t0,
    nodes: Number(el.getAttribute('data-node-count')),
    edges: Number(el.getAttribute('data-edge-count')),
  };
  reactRoot.unmount();
  return out;
}

/** dagre (rankDir LR) on the same elements, for comparison with the precomputed layout. */
async function measureDagre(graph: ChannelGraph) {
  cytoscape.use(dagre);
  const container = freshContainer();
  const prepared = prepareGraph(graph, { collapse: false });
  const t0 = performance.now();
  const cy = cytoscape({
    container,
    elements: prepared.elements,
    style: graphStylesheet(readPalette(container, 'light')),
  });
  await new Promise<void>((r) => {
    const layout = cy.layout({ name: 'dagre', rankDir: 'LR' } as cytoscape.LayoutOptions);
    layout.one('layoutstop', () => r());
    layout.run();
  });
  await frame();
  const ms = performance.now() - t0;
  cy.destroy();
  return { dagreMs: ms };
}

async function bench() {
  const n = Number(params.get('n') ?? 1000);
  const runs = Number(params.get('runs') ?? 5);
  const graph = syntheticChannel(n);
  const result: Record<string, unknown> = {
    n,
    graphNodes: graph.nodes.length,
    graphEdges: graph.edges.length,
  };
  // One warm-up of each (JIT, font and style caches), then the measured runs.
  await measurePipeline(graph, false);
  await measureComponent(graph);
  const pipeline = [];
  const collapsed = [];
  const component = [];
  for (let i = 0; i < runs; i++) {
    pipeline.push(await measurePipeline(graph, false));
    collapsed.push(await measurePipeline(graph, true));
    component.push(await measureComponent(graph));
  }
  Object.assign(result, { pipeline, collapsed, component });
  if (params.get('dagre')) {
    try {
      result.dagre = await measureDagre(graph);
    } catch (e) {
      // dagre recurses per rank: at 5,000 entries it overflows the stack.
      result.dagre = { error: String(e) };
    }
  }
  window.__benchResult = result;
}

const theme0 = params.get('theme') === 'dark' ? 'dark' : 'light';

function demoBundle(graph: ChannelGraph | PackageGraphInput, id: string): BundleView | undefined {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node || node.ghost) return undefined;
  const channelName = isChannelGraph(graph) ? graph.channel : 'stable';
  const edgesIn = graph.edges.filter((e) => e.to === id);
  return {
    package: isChannelGraph(graph) ? graph.package : 'acme-operator',
    name: node.name,
    version: node.version ?? '',
    release: '',
    image: `quay.io/example/${node.name.split('.v')[0]}-bundle:v${node.version}`,
    channels: [
      {
        channel: channelName,
        replaces: edgesIn.find((e) => e.kind === 'replaces')?.from ?? '',
        skips: edgesIn.filter((e) => e.kind === 'skips').map((e) => e.from),
        skipRange: edgesIn.find((e) => e.kind === 'skipRange')?.label ?? '',
      },
    ],
    properties: [
      {
        type: 'olm.package',
        json: JSON.stringify({ packageName: 'etcd', version: node.version }),
        truncated: false,
        length: 40,
      },
      {
        type: 'olm.gvk',
        json: '{"group":"etcd.database.coreos.com","kind":"EtcdCluster","version":"v1beta2"}',
        truncated: false,
        length: 70,
      },
      { type: 'acme.io/tier', json: '{"tier":"gold","regions":["eu","us"]}', truncated: false, length: 36 },
      {
        type: 'olm.bundle.object',
        json: '{"data":"eyJhcGlWZXJzaW9uIjoib3BlcmF0b3JzLmNvcmVvcy5jb20vdjFhbHBoYTEiLCJraW5kIjoiQ2x1c3RlclNlcnZpY2VW',
        truncated: true,
        length: 48211,
      },
    ],
    gvks: [
      { group: 'etcd.database.coreos.com', version: 'v1beta2', kind: 'EtcdCluster' },
      { group: 'etcd.database.coreos.com', version: 'v1beta2', kind: 'EtcdBackup' },
    ],
    requiredPackages: [{ packageName: 'cert-manager', versionRange: '>=1.12.0 <2.0.0' }],
    requiredGvks: [{ group: 'monitoring.coreos.com', version: 'v1', kind: 'ServiceMonitor' }],
    relatedImages: [
      {
        name: 'operator',
        image: `quay.io/coreos/etcd-operator@sha256:${'c0301e4686c3ed4206e370b42de5a3bd2229b9fb4906cf85f3f30650424abec2'}`,
      },
      { name: '', image: 'quay.io/coreos/etcd:v3.4.0' },
    ],
    objects: [
      { apiVersion: 'operators.coreos.com/v1alpha1', kind: 'ClusterServiceVersion', name: node.name },
    ],
    csv: {
      from: 'olm.csv.metadata',
      displayName: 'etcd',
      description:
        'etcd is a distributed key value store that provides a reliable way to store data across a cluster of machines.\n\n<script>alert("not html")</script> **Markdown stays text.**',
      capabilities: 'Full Lifecycle',
      minKubeVersion: '1.21.0',
      provider: 'CNCF',
      maturity: 'alpha',
      keywords: ['etcd', 'key value', 'database'],
      links: [
        { name: 'Blog', url: 'https://coreos.com/etcd' },
        { name: 'Bad link', url: 'javascript:alert(1)' },
      ],
      maintainers: [{ name: 'etcd Community', email: 'etcd-dev@googlegroups.com' }],
    },
    deprecation: node.deprecated,
    diagnostics: node.stranded
      ? [
          {
            id: 1,
            severity: 'error',
            source: 'opm',
            rule: 'R55',
            message: `channel contains one or more stranded bundles: ${node.name}`,
          },
        ]
      : [],
    location: {
      file: 'catalog/etcd/catalog.yaml',
      start: { line: 12, column: 1 },
      end: { line: 40, column: 1 },
    },
  };
}

function Harness() {
  const kind = params.get('graph') ?? 'demo';
  const n = Number(params.get('n') ?? 60);
  const channel = useMemo(() => (kind === 'demo' ? demoChannel() : syntheticChannel(n)), [kind, n]);
  const pkg = useMemo(() => syntheticPackage(n), [n]);
  const [packageView, setPackageView] = useState(kind === 'package');
  const [theme, setTheme] = useState<'light' | 'dark'>(theme0);
  const [v0, setV0] = useState(params.get('v0') === '1');
  const [selected, setSelected] = useState<string | undefined>(params.get('selected') ?? undefined);
  const graph = packageView ? pkg : channel;
  const tableGraph = isChannelGraph(graph) ? graph : syntheticChannel(n);
  const bundle = selected ? demoBundle(graph, selected) : undefined;
  const setThemeAndDoc = (t: 'light' | 'dark') => {
    document.documentElement.dataset.theme = t;
    setTheme(t);
  };
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) 380px',
        gridTemplateRows: 'auto minmax(0, 1fr) 240px',
        height: '100%',
      }}
    >
      <div
        style={{
          gridColumn: '1 / 3',
          display: 'flex',
          gap: 8,
          padding: 4,
          borderBottom: '1px solid var(--border)',
        }}
      >
        <strong>Graph harness</strong>
        <button type="button" onClick={() => setThemeAndDoc(theme === 'dark' ? 'light' : 'dark')}>
          Theme: {theme}
        </button>
        <label>
          <input type="checkbox" checked={v0} onChange={(e) => setV0(e.target.checked)} /> OLM v0 semantics
        </label>
      </div>
      <div style={{ minHeight: 0, minWidth: 0 }}>
        <ChannelGraphView
          graph={graph}
          selected={selected}
          onSelect={setSelected}
          theme={theme}
          v0Semantics={v0}
          packageView={packageView}
          onPackageViewChange={setPackageView}
        />
      </div>
      <div
        style={{ gridRow: '2 / 4', gridColumn: 2, overflow: 'auto', borderLeft: '1px solid var(--border)' }}
      >
        {bundle ? <BundleDetails bundle={bundle} /> : <p style={{ padding: 8 }}>Select a bundle.</p>}
      </div>
      <div style={{ minHeight: 0, borderTop: '1px solid var(--border)' }}>
        <EntriesTable graph={tableGraph} selected={selected} onSelect={setSelected} />
      </div>
    </div>
  );
}

if (params.get('mode') === 'bench') {
  bench().catch((e: unknown) => {
    window.__benchError = String(e instanceof Error ? e.stack : e);
  });
} else {
  document.documentElement.dataset.theme = theme0;
  createRoot(root).render(
    <StrictMode>
      <Harness />
    </StrictMode>,
  );
}
