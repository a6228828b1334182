import { useMemo } from 'react';
import { useDiagnostics } from '../state/queries';
import { fileRows, type FileRow } from './file-rows';
import { useFiles } from './files';
import { openInEditor, useEdits } from './edit-store';

const STATUS = { modified: 'M', added: 'A', deleted: 'D' } as const;

/** The catalog's files: changed ones marked, problems counted, click to edit (lazy: loaded when shown). */
export default function FileList() {
  const dirty = useEdits((s) => s.edit?.dirty);
  const active = useEdits((s) => (s.editorOpen ? s.active : undefined));
  const files = useFiles();
  const { data: diagnostics } = useDiagnostics();
  const status = useMemo(() => new Map((dirty ?? []).map((d) => [d.path, d.status])), [dirty]);
  const errors = useMemo(() => {
    const m = new Map<string, number>();
    for (const d of diagnostics ?? [])
      if (d.severity === 'error' && d.location) m.set(d.location.file, (m.get(d.location.file) ?? 0) + 1);
    return m;
  }, [diagnostics]);

  const rows: FileRow[] = fileRows((files.data ?? []).map((f) => f.path));
  // Files removed by an edit are still listed, so their change can be reviewed.
  for (const d of dirty ?? []) if (d.status === 'deleted') rows.push({ path: d.path, depth: 0 });

  return (
    <ul className="file-list" aria-label="Catalog files">
      {rows.map((r) =>
        r.dir ? (
          <li
            key={`dir:${r.path}`}
            className="file-dir muted small"
            style={{ paddingLeft: 12 + r.depth * 12 }}
          >
            {r.path.slice(r.path.lastIndexOf('/') + 1)}/
          </li>
        ) : (
          <li key={r.path}>
            <button
              type="button"
              className={`file-row${r.path === active ? ' active' : ''}${status.has(r.path) ? ' changed' : ''}`}
              style={{ paddingLeft: 12 + r.depth * 12 }}
              title={r.path}
              onClick={() => openInEditor(r.path)}
            >
              <span className="file-name">{r.path.slice(r.path.lastIndexOf('/') + 1)}</span>
              {errors.get(r.path) ? (
                <span className="badge badge-error" aria-label={`${errors.get(r.path)} errors`}>
                  {errors.get(r.path)}
                </span>
              ) : null}
              {status.has(r.path) && (
                <span className={`file-status st-${status.get(r.path)}`} aria-label={status.get(r.path)}>
                  {STATUS[status.get(r.path)!]}
                </span>
              )}
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
