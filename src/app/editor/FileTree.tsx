import { Suspense } from 'react';
import { showSidebar, useEdits, warmEditing } from './edit-store';
import { FileList } from '../ui/lazy-parts';

/** The sidebar's Files section: the catalog's files, opened on demand (the list is a lazy chunk). */
export function FileTree() {
  const open = useEdits((s) => s.sidebar === 'files');
  const changed = useEdits((s) => s.edit?.dirty.length ?? 0);
  return (
    <section className={`file-tree${open ? ' open' : ''}`} aria-label="Files">
      <h2>
        <button
          type="button"
          className="disclosure"
          aria-expanded={open}
          onClick={() => {
            if (!open) warmEditing();
            showSidebar(open ? 'packages' : 'files');
          }}
        >
          <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>Files
          {changed > 0 && <span className="count-badge">{changed} changed</span>}
        </button>
      </h2>
      {open && (
        <Suspense fallback={<p className="muted small pad">Loading…</p>}>
          <FileList />
        </Suspense>
      )}
    </section>
  );
}
