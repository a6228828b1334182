import { useId, useState } from 'react';
import type { Core, StylesheetJson } from 'cytoscape';
import type { Palette } from '../graph/style';
import { Modal } from '../commands/Modal';
import { downloadBlob, safeName } from './download';
import type { SlideOptions } from './slide';
import { ExportStatus, type ExportState } from './ExportStatus';
import './export.css';

/**
 * The graph as an image for a slide (slide.ts): title, background, size, full names. The form is
 * used inline (the Compare overlay, itself in a dialog) and as its own small dialog (SlideDialog,
 * from the Export graph menu).
 */
export interface SlideExportProps {
  /** The drawing to export. */
  getCy(): Core | null;
  defaultTitle: string;
  /** The file name without extension. */
  fileBase: string;
  /** The drawing's light stylesheet and palette (what a slide uses whatever the app theme). */
  light(): Promise<{ style: StylesheetJson; palette: Palette }>;
  fullLabel?: SlideOptions['fullLabel'];
}

export const SLIDE_SIZES = [
  { label: '1920 × 1080 (16:9)', width: 1920, height: 1080 },
  { label: '1280 × 720 (16:9)', width: 1280, height: 720 },
  { label: '1024 × 768 (4:3)', width: 1024, height: 768 },
  { label: '1600 × 1200 (4:3)', width: 1600, height: 1200 },
] as const;

/** The slide's backgrounds, as the form names them. */
const BACKGROUNDS = [
  ['light', 'white'],
  ['transparent', 'transparent'],
] as const;

export function SlideExport(props: SlideExportProps) {
  const [title, setTitle] = useState(props.defaultTitle);
  const [background, setBackground] = useState<'light' | 'transparent'>('light');
  const [size, setSize] = useState(0);
  const [fullNames, setFullNames] = useState(true);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ExportState>({ text: '' });
  const ids = { title: useId(), size: useId(), bg: useId() };

  const save = async (format: 'png' | 'svg') => {
    const cy = props.getCy();
    if (!cy) {
      setStatus({ text: 'No graph on screen', error: true });
      return;
    }
    setBusy(true);
    setStatus({ text: `Drawing ${format.toUpperCase()}…` });
    try {
      const [{ slideImage }, light] = await Promise.all([import('./slide'), props.light()]);
      const { width, height } = SLIDE_SIZES[size]!;
      const out = await slideImage(cy, {
        format,
        title,
        background,
        width,
        height,
        ...light,
        ...(fullNames && props.fullLabel ? { fullLabel: props.fullLabel } : {}),
      });
      const name = `${safeName(props.fileBase)}.${format}`;
      downloadBlob(out.blob, name);
      setStatus({ text: `Saved ${name} (${out.width}×${out.height}, ${background} background).` });
    } catch (e) {
      setStatus({ text: e instanceof Error ? e.message : String(e), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="slide-export">
      <div className="export-row">
        <label htmlFor={ids.title}>Title</label>
        <input id={ids.title} value={title} onChange={(e) => setTitle(e.target.value)} spellCheck={false} />
      </div>
      <div className="export-row">
        <label htmlFor={ids.size}>Size</label>
        <select id={ids.size} value={size} onChange={(e) => setSize(Number(e.target.value))}>
          {SLIDE_SIZES.map((s, i) => (
            <option key={s.label} value={i}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="export-row" role="radiogroup" aria-label="Background">
        <span id={ids.bg}>Background</span>
        {BACKGROUNDS.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={ids.bg}
              checked={background === value}
              onChange={() => setBackground(value)}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {props.fullLabel && (
        <label className="export-row">
          <input type="checkbox" checked={fullNames} onChange={(e) => setFullNames(e.target.checked)} /> Full
          bundle names
        </label>
      )}
      <p className="muted small">Drawn in the light theme whatever the app’s theme.</p>
      <div className="export-row">
        <button type="button" aria-disabled={busy} onClick={() => !busy && void save('png')}>
          Download PNG
        </button>
        <button type="button" aria-disabled={busy} onClick={() => !busy && void save('svg')}>
          Download SVG
        </button>
      </div>
      <ExportStatus status={status} />
    </div>
  );
}

/** The slide export as its own small dialog. */
export function SlideDialog(props: SlideExportProps & { onClose(): void }) {
  return (
    <Modal title="Export for a slide" onClose={props.onClose}>
      <SlideExport {...props} />
    </Modal>
  );
}
