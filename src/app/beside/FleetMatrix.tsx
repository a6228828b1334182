/**
 * The Fleet target matrix: one row per cluster of fleet-clusters.yaml with the target it gets, and
 * below it the files one cluster gets (after its overlays and patches) or, with a second cluster
 * chosen, the line diff of each file that differs between the two. Apart from BesideView because it
 * holds the choice of clusters.
 */
import { useState } from 'react';
import type { FleetMatrixRow } from '../../core/beside/beside-view';
import { diffClusters } from '../../core/fleet/targeting';
import { TableHead } from '../ui/TableHead';

/** The cluster's helm values as one more file: shown first, and compared with the files. */
const HELM_VALUES = '(helm values)';

function withValues(row: FleetMatrixRow): FleetMatrixRow {
  return row.helmValues === undefined
    ? row
    : { ...row, resources: [{ name: HELM_VALUES, content: row.helmValues }, ...row.resources] };
}

function Files({ row }: { row: FleetMatrixRow }) {
  if (row.resources.length === 0)
    return (
      <p className="muted">{row.skipped ?? 'No target matches this cluster: Fleet deploys nothing here.'}</p>
    );
  return (
    <>
      {withValues(row).resources.map((f) => (
        <details key={f.name}>
          <summary className="mono">{f.name}</summary>
          <pre className="mono">{f.encoding ? `(${f.encoding} content)` : f.content}</pre>
        </details>
      ))}
    </>
  );
}

function Diff({ a, b }: { a: FleetMatrixRow; b: FleetMatrixRow }) {
  const files = diffClusters(withValues(a), withValues(b)).filter((f) => f.status !== 'same');
  if (files.length === 0) return <p className="verdict ok">Both clusters get the same files.</p>;
  return (
    <>
      {files.map((f) => (
        <details key={f.name} open>
          <summary className="mono">
            {f.name} ·{' '}
            {f.status === 'changed'
              ? 'differs'
              : f.status === 'only-a'
                ? `only ${a.cluster}`
                : `only ${b.cluster}`}
          </summary>
          {f.patch && <pre className="mono">{f.patch.split('\n').slice(1).join('\n')}</pre>}
        </details>
      ))}
    </>
  );
}

export default function FleetMatrix({ rows }: { rows: FleetMatrixRow[] }) {
  const [shown, setShown] = useState(rows[0]?.cluster ?? '');
  const [against, setAgainst] = useState('');
  const a = rows.find((r) => r.cluster === shown);
  const b = rows.find((r) => r.cluster === against);
  return (
    <>
      <table className="beside-table">
        <TableHead columns={['Cluster', 'Groups', 'Target', 'Overlays', 'Namespace', 'Resources']} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.cluster} className={r.errors?.length ? 'conflict' : undefined}>
              <td>{r.cluster}</td>
              <td>{r.groups.join(', ')}</td>
              <td>{r.target ?? 'not deployed'}</td>
              <td>{r.overlays.join(' → ')}</td>
              <td className="mono">{r.defaultNamespace}</td>
              <td className="mono">
                {r.resources.map((x) => x.name).join(', ')}
                {r.errors?.map((e) => (
                  <div key={e}>{e}</div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-label="Cluster content" data-testid="fleet-content">
        <h3>
          <label>
            Files of{' '}
            <select value={shown} onChange={(e) => setShown(e.target.value)}>
              {rows.map((r) => (
                <option key={r.cluster}>{r.cluster}</option>
              ))}
            </select>
          </label>{' '}
          <label>
            compared with{' '}
            <select value={against} onChange={(e) => setAgainst(e.target.value)}>
              <option value="">(none)</option>
              {rows
                .filter((r) => r.cluster !== shown)
                .map((r) => (
                  <option key={r.cluster}>{r.cluster}</option>
                ))}
            </select>
          </label>
        </h3>
        {a && (b ? <Diff a={a} b={b} /> : <Files row={a} />)}
      </section>
    </>
  );
}
