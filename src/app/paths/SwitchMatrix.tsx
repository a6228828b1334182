import { useEffect, useRef, useState } from 'react';
import type { QueryError, Semantics, SwitchCell, SwitchMatrixView } from '../../core/service/paths-views';
import { ButtonCell, MatrixHead } from '../ui/MatrixCells';

/** Drops the package prefix most bundle names share (`aurora-operator.v1.2.0` → `v1.2.0`). */
function short(pkg: string, name: string): string {
  return name.startsWith(`${pkg}.`) ? name.slice(pkg.length + 1) : name;
}

/**
 * The channel-switch matrix of a package: rows = bundles, columns = channels, each cell where a
 * user on that bundle lands after switching the subscription to that channel, or "no path".
 * A cell opens the upgrade path from there.
 */
export default function SwitchMatrix({
  pkg,
  initial,
  load,
  onPick,
  onClose,
}: {
  pkg: string;
  initial: Semantics;
  load(semantics: Semantics): Promise<SwitchMatrixView | QueryError>;
  /** A cell was chosen: show the upgrade path from that bundle in that channel. */
  onPick(bundle: string, channel: string): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [semantics, setSemantics] = useState<Semantics>(initial);
  const [data, setData] = useState<SwitchMatrixView | QueryError>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    load(semantics).then(
      (d) => live && setData(d),
      (e: unknown) => live && setError(String(e)),
    );
    return () => {
      live = false;
    };
  }, [semantics, load]);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const open = (bundle: string, channel: string) => {
    ref.current?.close();
    onPick(bundle, channel);
  };

  const cellText = (c: SwitchCell): string =>
    c.to === null ? 'no path' : c.stays ? 'stays' : `→ ${short(pkg, c.to)}`;

  return (
    <dialog ref={ref} className="matrix-dialog" aria-labelledby="matrix-title" onClose={onClose}>
      <header className="matrix-head">
        <h2 id="matrix-title">Channel switch: {pkg}</h2>
        <div className="paths-pick" role="radiogroup" aria-label="Semantics">
          {(['v0', 'v1'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={semantics === s}
              onClick={() => setSemantics(s)}
            >
              OLM {s}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="matrix-close"
          aria-label="Close"
          onClick={() => ref.current?.close()}
        >
          ×
        </button>
      </header>
      <p className="muted small">
        A user on the row’s bundle switches the subscription to the column’s channel: <em>stays</em> when the
        channel lists that bundle, <em>→ X</em> where OLM {semantics} takes them first, <em>no path</em> when
        no entry replaces, skips or covers it. ⚠ marks a landing that does not go on to the channel head.
        Click a cell for the whole path.
      </p>
      {error && <p className="error-text">{error}</p>}
      {data && 'error' in data && <p className="error-text">{data.error}</p>}
      {data && !('error' in data) && (
        <div className="matrix-scroll">
          <table className="matrix-table" data-testid="switch-matrix">
            <MatrixHead corner="Installed">
              {data.channels.map((c) => (
                <th
                  key={c.name}
                  scope="col"
                  title={c.heads.length ? `head: ${c.heads.join(', ')}` : undefined}
                >
                  {c.name}
                  {c.isDefault && <span className="tag tag-default">default</span>}
                </th>
              ))}
            </MatrixHead>
            <tbody>
              {data.rows.map((row, r) => (
                <tr key={row.bundle}>
                  <th scope="row" title={row.bundle}>
                    {short(pkg, row.bundle)}
                    {row.version && <span className="muted small"> {row.version}</span>}
                  </th>
                  {data.cells[r]!.map((c, i) => {
                    const ch = data.channels[i]!.name;
                    const kind = c.to === null ? 'none' : c.stays ? 'stays' : 'lands';
                    return (
                      <ButtonCell
                        key={ch}
                        className={`matrix-cell ${kind}`}
                        title={
                          c.to === null
                            ? `No way into ${ch} from ${row.bundle}`
                            : `${row.bundle} in ${ch}: ${c.stays ? 'stays on it' : `lands on ${c.to}`}${c.reachesHead ? ', then reaches the head' : ', and gets no further to the head'}`
                        }
                        onClick={() => open(row.bundle, ch)}
                      >
                        {cellText(c)}
                        {c.to !== null && !c.reachesHead && ' ⚠'}
                      </ButtonCell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </dialog>
  );
}
