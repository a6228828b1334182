/**
 * The view of a folder that is a Crossplane package or a Fleet bundle (its own lazy chunk): the
 * located findings, and the Crossplane dependency graph (drawn, and as a table of edges by kind, each
 * dependency with a Bump of its constraint; a form adds one), or the Fleet
 * target matrix (one row per cluster of fleet-clusters.yaml, each cluster's files and a diff of two:
 * FleetMatrix.tsx).
 */
import type {
  BesideFinding,
  BesideView as View,
  CrossplaneView,
  FleetView,
} from '../../core/beside/beside-view';
import { plural } from '../ui/Badges';
import { formatLocation } from '../ui/format';
import CrossplaneCanvas, { CanvasLegend } from './CrossplaneCanvas';
import { AddDependency, BumpCell } from './DependencyEdits';
import FleetMatrix from './FleetMatrix';
import './beside.css';
import { TableHead } from '../ui/TableHead';

const SOURCE_NAME: Record<string, string> = { crossplane: 'Crossplane', fleet: 'Fleet' };

/** Each finding with its severity pill, as the Problems list shows it ("Fleet error", "FBC Studio warning"). */
function Findings({ items }: { items: BesideFinding[] }) {
  if (items.length === 0) return <p className="verdict ok">No problems found.</p>;
  return (
    <ul className="beside-findings" aria-label="Findings">
      {items.map((d, i) => (
        <li key={i} className={`sev-${d.severity}`}>
          <span className={`kind kind-${d.source}-${d.severity}`}>
            {SOURCE_NAME[d.source] ?? 'FBC Studio'} {d.severity}
          </span>{' '}
          <span className="mono">{d.location ? formatLocation(d.location) : '-'}</span>{' '}
          <span className="mono">[{d.rule}]</span> {d.message}
        </li>
      ))}
    </ul>
  );
}

const EDGE_TEXT: Record<string, string> = {
  dependsOn: 'depends on',
  defines: 'defines',
  implements: 'is composed by',
  composes: 'composes',
};

function CrossplaneSection({ view }: { view: CrossplaneView }) {
  const label = new Map(
    view.graph.nodes.map((n) => [
      n.id,
      `${n.type === 'xrd' ? 'XRD ' : n.type === 'crd' ? 'CRD ' : n.type === 'composition' ? 'Composition ' : n.kind ? `${n.kind} ` : ''}${n.label}`,
    ]),
  );
  return (
    <>
      <h2>Crossplane {view.packages.length === 1 ? 'package' : 'packages'}</h2>
      <ul>
        {view.packages.map((p) => (
          <li key={p.metaFile}>
            <strong>{p.kind ?? 'unknown kind'}</strong> {p.name}{' '}
            <span className="mono muted">{p.metaFile}</span> · {plural(p.objects, 'object')} ·{' '}
            {p.dependsOn === 1 ? '1 dependency' : `${p.dependsOn} dependencies`}
            {p.objectKinds.length > 0 && (
              <span className="muted" data-testid="crossplane-kinds">
                {' '}
                ({p.objectKinds.map((k) => `${k.count} ${k.kind}`).join(', ')})
              </span>
            )}
          </li>
        ))}
      </ul>
      <Findings items={view.diagnostics} />
      <section aria-label="Dependency graph" data-testid="crossplane-graph">
        <h3>Dependency graph</h3>
        <CrossplaneCanvas graph={view.graph} />
        <CanvasLegend />
        <table className="beside-table">
          <TableHead columns={['From', 'Edge', 'To', 'Version']} />
          <tbody>
            {view.graph.edges.map((e, i) => (
              <tr key={i} className={e.conflict ? 'conflict' : undefined}>
                <td>{label.get(e.from)}</td>
                <td>{EDGE_TEXT[e.type] ?? e.type}</td>
                <td>{label.get(e.to)}</td>
                <td className="mono">
                  {e.type === 'dependsOn' && e.package ? (
                    <BumpCell
                      file={e.from.replace(/^package:/, '')}
                      pkg={e.package}
                      version={e.label ?? ''}
                      conflict={!!e.conflict}
                    />
                  ) : (
                    <>
                      {e.label ?? ''}
                      {e.conflict ? ' (conflict)' : ''}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <AddDependency files={view.packages.map((p) => p.metaFile)} />
    </>
  );
}

function FleetSection({ view }: { view: FleetView }) {
  return (
    <>
      <h2>Fleet bundle {view.name}</h2>
      <p>
        {view.descriptor ?? 'no fleet.yaml'} · {plural(view.resources.length, 'resource')} · overlays:{' '}
        {view.overlays.join(', ') || 'none'} · targets: {view.targets.join(', ') || 'none'}
      </p>
      <Findings items={view.diagnostics} />
      <section aria-label="Target matrix" data-testid="fleet-matrix">
        <h3>Target matrix</h3>
        {view.matrix === null ? (
          <p className="muted">
            Add a fleet-clusters.yaml (clusters with labels, cluster groups with selectors) to see which
            target each cluster gets.
          </p>
        ) : (
          <FleetMatrix rows={view.matrix} />
        )}
      </section>
    </>
  );
}

export default function BesideView({ view }: { view: View }) {
  return (
    <section
      className="beside pad"
      aria-label={view.kind === 'crossplane' ? 'Crossplane package' : 'Fleet bundle'}
    >
      {view.kind === 'crossplane' ? <CrossplaneSection view={view} /> : <FleetSection view={view} />}
      <p className="muted small">
        This folder is a {view.kind === 'crossplane' ? 'Crossplane package' : 'Fleet bundle'}, not an OLM
        catalog: it is not validated as one, and Problems lists the findings above.
      </p>
    </section>
  );
}
