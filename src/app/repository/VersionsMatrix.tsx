import type { CellLifecycle, VersionsMatrixCell } from '../../core/repository/versions-matrix';
import { Modal } from '../commands/Modal';
import { AbsentCell, ButtonCell, MatrixHead } from '../ui/MatrixCells';
import { navigate } from '../state/url';
import { switchCatalog, useVersionsMatrix } from './repository-client';

/** Opens the bundle in that version's catalog (the dialog closes: the graph is what is wanted). */
async function openBundle(
  catalog: string,
  pkg: string,
  ch: string | undefined,
  bundle: string,
  close: () => void,
) {
  close();
  await switchCatalog(catalog);
  navigate({ pkg, ch, bundle });
}

/** What one cell says, in words (the table is read by screen readers too). */
function cellText(c: VersionsMatrixCell): string {
  const channels = c.channels.map((ch) => (c.heads.includes(ch) ? `${ch} (head)` : ch)).join(', ');
  return [
    channels,
    c.inDefault && 'default channel',
    c.deprecated && 'deprecated',
    c.lifecycle && lifecycleText(c.lifecycle),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The support phase today and the declared OpenShift compatibility, from the lifecycle blob. */
function lifecycleText(l: CellLifecycle): string {
  const phase = l.phase
    ? `${l.phase.name} until ${l.phase.endDate}`
    : l.endOfLife && l.endOfLife < new Date().toISOString().slice(0, 10)
      ? `out of support since ${l.endOfLife}`
      : 'no support phase today';
  const compat = l.openshift.length ? `OpenShift ${l.openshift.join(', ')}` : '';
  return [phase, compat, l.outsideOpenShift && 'outside its OpenShift compatibility']
    .filter(Boolean)
    .join(' · ');
}

/** Rows: the package's bundles, newest first; columns: the OpenShift versions whose catalog has the package. */
export function VersionsMatrixDialog({ pkg, onClose }: { pkg: string; onClose(): void }) {
  const { data: m, isPending } = useVersionsMatrix(pkg);
  return (
    <Modal title={`Versions of ${pkg}`} onClose={onClose} wide className="versions-matrix-dialog">
      {isPending || !m ? (
        <p className="muted">Reading every catalog…</p>
      ) : m.columns.length === 0 ? (
        <p className="muted">No catalog of this repository has {pkg}.</p>
      ) : (
        <div className="versions-matrix-scroll">
          <table className="versions-matrix" aria-label={`${pkg} across OpenShift versions`}>
            <MatrixHead corner="Bundle">
              {m.columns.map((c) => (
                <th key={c.catalog} scope="col" title={c.catalog}>
                  {c.ocpVersion ? `OpenShift ${c.ocpVersion}` : c.catalog}
                  <div className="muted small">default: {c.defaultChannel || '(none)'}</div>
                </th>
              ))}
            </MatrixHead>
            <tbody>
              {m.rows.map((r, ri) => (
                <tr key={r.bundle}>
                  <th scope="row">
                    {r.bundle}
                    {r.version && <div className="muted small">{r.version}</div>}
                  </th>
                  {r.cells.map((c, i) => {
                    const col = m.columns[i]!;
                    const before = r.cells.slice(0, i).findLast((x) => x !== null);
                    if (!c) {
                      // Gone after a version that had it: a change; before the first one: nothing.
                      const gone = before !== undefined;
                      return <AbsentCell key={i} gone={gone} where="this catalog" />;
                    }
                    const text = cellText(c);
                    // Only what changes is spelt out; a cell like the one before says so briefly.
                    const same = before !== undefined && before !== null && cellText(before) === text;
                    return (
                      <ButtonCell
                        key={i}
                        className={`present${c.heads.length ? ' head' : ''}${c.inDefault ? ' in-default' : ''}${c.deprecated ? ' deprecated' : ''}${c.lifecycle?.outsideOpenShift ? ' outside-compat' : ''}${same ? ' same' : before !== undefined ? ' changed' : ''}`}
                        buttonClass="ro-cell"
                        label={text}
                        title={`Open ${r.bundle} in ${col.catalog}`}
                        onClick={() => void openBundle(col.catalog, pkg, c.channels[0], r.bundle, onClose)}
                        // Focus starts on the newest bundle's first cell: the matrix is read and a cell picked.
                        autoFocus={ri === 0 && i === r.cells.findIndex((x) => x !== null)}
                      >
                        {same ? 'same' : text}
                      </ButtonCell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
