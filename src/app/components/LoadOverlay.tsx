import { cancelOpen } from '../opening/open-catalog';
import { useApp } from '../state/store';
import { formatBytes } from '../ui/Badges';

/** Progress of an open in the worker: files and bytes read, the current file, and Cancel. */
export function LoadOverlay() {
  const loading = useApp((s) => s.loading);
  if (!loading) return null;
  const p = loading.progress;
  const phase =
    p.phase === 'listing'
      ? 'Listing files…'
      : p.phase === 'validating'
        ? 'Validating…'
        : p.phase === 'done'
          ? 'Done'
          : 'Reading…';
  return (
    <div className="load-overlay">
      <div className="load-card" role="status" aria-label="Loading catalog" aria-live="polite">
        <h2>Opening {loading.label}</h2>
        <progress
          aria-label="Files read"
          max={p.bytesTotal || p.filesTotal || 1}
          value={p.bytesTotal ? p.bytesRead : p.filesRead}
        />
        <p className="small">
          {phase}{' '}
          {p.filesTotal > 0 &&
            `${p.filesRead.toLocaleString('en')} of ${p.filesTotal.toLocaleString('en')} files`}
          {p.bytesTotal > 0 && ` · ${formatBytes(p.bytesRead)} of ${formatBytes(p.bytesTotal)}`}
        </p>
        <p className="small mono current-file" title={p.currentFile}>
          {p.currentFile || '\u00a0'}
        </p>
        <button type="button" onClick={cancelOpen}>
          Cancel
        </button>
      </div>
    </div>
  );
}
