import { useId, useState } from 'react';
import type { Core } from 'cytoscape';
import type { MermaidExport, MermaidExportOptions } from '../../core/service/paths-views';
import { copyText, downloadBlob, downloadText, safeName } from './download';
import { SlideDialog } from './SlideExport';
import { ExportStatus, type ExportState } from './ExportStatus';
import './export.css';

const SCALES = [1, 2, 3, 4];

/**
 * The Export graph menu (loaded on first open): Mermaid exactly as `opm alpha render-graph` writes
 * it (computed in the worker on the catalog as it is now), and PNG/SVG of the graph on screen with
 * its legend.
 */
export interface ExportMenuProps {
  pkg: string;
  channel: string;
  /** The OLM v0 semantics switch: the default for --draw-v0-semantics. */
  v0: boolean;
  theme: 'light' | 'dark';
  /** The graph on screen. */
  getCy(): Core | null;
  /** render-graph in the worker (CatalogService.exportMermaid). */
  exportMermaid(opts: MermaidExportOptions): Promise<MermaidExport>;
  onDone(): void;
}

/** Everything from the shell comes in through props: this chunk imports nothing of it. */
export default function ExportMenu({
  pkg,
  channel,
  v0,
  theme,
  getCy,
  exportMermaid,
  onDone,
}: ExportMenuProps) {
  const [scope, setScope] = useState<'package' | 'catalog'>('package');
  const [minimumEdge, setMinimumEdge] = useState('');
  const [drawV0, setDrawV0] = useState(v0);
  const [scale, setScale] = useState(2);
  const [full, setFull] = useState(true);
  const [status, setStatus] = useState<ExportState>({ text: '' });
  const [busy, setBusy] = useState(false);
  const [slide, setSlide] = useState(false);
  const ids = { edge: useId(), scale: useId() };

  const options = () => ({
    packageName: scope === 'package' ? pkg : undefined,
    minimumEdge: minimumEdge.trim() || undefined,
    drawV0Semantics: drawV0,
  });
  const command = [
    'opm alpha render-graph',
    scope === 'package' ? `-p ${pkg}` : '',
    minimumEdge.trim() ? `--minimum-edge ${minimumEdge.trim()}` : '',
    drawV0 ? '--draw-v0-semantics' : '',
    '<catalog-dir>',
  ]
    .filter(Boolean)
    .join(' ');

  const run = async (what: string, job: () => Promise<string>) => {
    setBusy(true);
    setStatus({ text: `${what}…` });
    try {
      setStatus({ text: await job() });
    } catch (e) {
      setStatus({ text: e instanceof Error ? e.message : String(e), error: true });
    } finally {
      setBusy(false);
    }
  };

  const mermaid = async (): Promise<MermaidExport> => {
    const out = await exportMermaid(options());
    if (out.error) throw new Error(`opm render-graph would fail: ${out.error}`);
    return out;
  };
  const warned = (out: MermaidExport) =>
    out.warnings.length
      ? ` (${out.warnings.length} warning${out.warnings.length === 1 ? '' : 's'}: ${out.warnings[0]})`
      : '';

  const copyMermaid = () =>
    run('Rendering', async () => {
      const out = await mermaid();
      if (out.split) {
        throw new Error(
          `Too long for one Mermaid diagram (over 50,000 characters): it comes in ${out.documents.length} parts. Use Download.`,
        );
      }
      await copyText(out.documents[0]!.text);
      return `Copied ${out.documents[0]!.text.length.toLocaleString()} characters of Mermaid${warned(out)}.`;
    });

  const downloadMermaid = () =>
    run('Rendering', async () => {
      const out = await mermaid();
      if (!out.split) {
        downloadText(out.documents[0]!.text, out.documents[0]!.fileName);
        return `Saved ${out.documents[0]!.fileName}${warned(out)}.`;
      }
      const { zipSync, strToU8 } = await import('fflate');
      const files: Record<string, Uint8Array> = {};
      for (const d of out.documents) files[d.fileName] = strToU8(d.text);
      const zip = zipSync(files);
      const name = `${scope === 'package' ? safeName(pkg) : 'catalog'}-mermaid.zip`;
      downloadBlob(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), name);
      return `Split by package past Mermaid’s 50,000-character limit: ${out.documents.length} diagrams in ${name}.`;
    });

  const image = (kind: 'png' | 'svg') =>
    run(`Drawing ${kind.toUpperCase()}`, async () => {
      const cy = getCy();
      if (!cy) throw new Error('No graph on screen');
      // From the graph's own module (loaded with the graph), so its stylesheet code is not split out.
      const { readPalette } = await import('../graph/ChannelGraphView');
      const palette = readPalette(cy.container() ?? document.documentElement, theme);
      const base = `${safeName(pkg)}-${safeName(channel)}`;
      if (kind === 'svg') {
        const { graphSvg } = await import('./svg');
        const out = graphSvg(cy, { scale, full, palette, title: `${pkg} / ${channel}` });
        downloadText(out.svg, `${base}.svg`, 'image/svg+xml');
        return `Saved ${base}.svg (${Math.round(out.width)}×${Math.round(out.height)}).`;
      }
      const { graphPng } = await import('./png');
      const out = await graphPng(cy, { scale, full, palette });
      downloadBlob(out.blob, `${base}.png`);
      const note =
        out.scale < scale
          ? `, scale lowered to ${out.scale.toFixed(2)}× to fit the browser’s canvas limit`
          : '';
      return `Saved ${base}.png (${out.width}×${out.height} px${note}).`;
    });

  return (
    <div className="export-menu" data-testid="export-menu">
      <section aria-labelledby="export-mermaid">
        <h4 id="export-mermaid">Mermaid (opm alpha render-graph)</h4>
        <div className="export-row" role="radiogroup" aria-label="What to draw">
          <label>
            <input type="radio" checked={scope === 'package'} onChange={() => setScope('package')} /> Package{' '}
            {pkg}
          </label>
          <label>
            <input type="radio" checked={scope === 'catalog'} onChange={() => setScope('catalog')} /> Whole
            catalog
          </label>
        </div>
        <div className="export-row">
          <label htmlFor={ids.edge}>Minimum edge</label>
          <input
            id={ids.edge}
            value={minimumEdge}
            onChange={(e) => setMinimumEdge(e.target.value)}
            placeholder="bundle name (optional)"
            spellCheck={false}
          />
        </div>
        <label className="export-row">
          <input type="checkbox" checked={drawV0} onChange={(e) => setDrawV0(e.target.checked)} />{' '}
          --draw-v0-semantics
        </label>
        <code className="export-command">{command}</code>
        <div className="export-row">
          <button type="button" disabled={busy} onClick={() => void copyMermaid()}>
            Copy Mermaid
          </button>
          <button type="button" disabled={busy} onClick={() => void downloadMermaid()}>
            Download .mmd
          </button>
        </div>
      </section>
      <section aria-labelledby="export-image">
        <h4 id="export-image">Image of this view, with legend</h4>
        <div className="export-row">
          <label htmlFor={ids.scale}>Scale</label>
          <select id={ids.scale} value={scale} onChange={(e) => setScale(Number(e.target.value))}>
            {SCALES.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
          <label>
            <input type="radio" checked={full} onChange={() => setFull(true)} /> whole graph
          </label>
          <label>
            <input type="radio" checked={!full} onChange={() => setFull(false)} /> visible part
          </label>
        </div>
        <div className="export-row">
          <button type="button" disabled={busy} onClick={() => void image('png')}>
            Download PNG
          </button>
          <button type="button" disabled={busy} onClick={() => void image('svg')}>
            Download SVG
          </button>
        </div>
      </section>
      <section aria-labelledby="export-slide">
        <h4 id="export-slide">For a slide</h4>
        <div className="export-row">
          <button type="button" onClick={() => setSlide(true)}>
            Export for a slide…
          </button>
          <span className="muted small">title, white or transparent, chosen size, full names</span>
        </div>
      </section>
      <ExportStatus status={status} />
      <button type="button" className="link small" onClick={onDone}>
        Close
      </button>
      {slide && (
        <SlideDialog
          getCy={getCy}
          defaultTitle={`${pkg} — ${channel}`}
          fileBase={`${pkg}-${channel}-slide`}
          light={lightGraphStyle}
          fullLabel={fullBundleName}
          onClose={() => setSlide(false)}
        />
      )}
    </div>
  );
}

/** The channel graph's light stylesheet, from the graph's own module (loaded with the graph). */
async function lightGraphStyle() {
  const { graphStylesheet, fallbackPalettes } = await import('../graph/ChannelGraphView');
  return { style: graphStylesheet(fallbackPalettes.light), palette: fallbackPalettes.light };
}

/** A node label's first line is its bundle name, shortened in the middle past 48 characters. */
function fullBundleName(data: Record<string, unknown>) {
  const name = data.name;
  const label = data.label;
  if (data.kind === 'collapsed' || typeof name !== 'string' || typeof label !== 'string') return undefined;
  const [first, ...rest] = label.split('\n');
  if (first === name) return undefined;
  const full = [name, ...rest].join('\n');
  const longest = Math.max(...full.split('\n').map((l) => l.length));
  return { label: full, width: Math.max(Number(data.w) || 0, Math.ceil(longest * 6.6) + 20) };
}
