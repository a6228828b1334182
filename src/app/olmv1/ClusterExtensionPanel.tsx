/**
 * "OLM v1 preview": paste a ClusterExtension, see what operator-controller would install from the
 * open catalog — the resolved bundle selected on the graph, every candidate with why it was kept or
 * dropped, the deprecation conditions. Docked beside the graph rather than modal, so the
 * highlighted bundle stays in view. The resolution runs in the worker (src/core/olmv1).
 */
import { useState } from 'react';
import { DockedPanel } from '../ui/DockedPanel';
import { navigate } from '../state/url';
import { previewClusterExtension, type Preview } from './olmv1-client';
import './olmv1.css';
import { TableHead } from '../ui/TableHead';

const EXAMPLE = `apiVersion: olm.operatorframework.io/v1
kind: ClusterExtension
metadata:
  name: my-extension
spec:
  namespace: my-extension
  source:
    sourceType: Catalog
    catalog:
      packageName: 
      channels: []
`;

export default function ClusterExtensionPanel() {
  const [yaml, setYaml] = useState(EXAMPLE);
  const [installed, setInstalled] = useState('');
  const [result, setResult] = useState<Preview>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function run() {
    setBusy(true);
    try {
      const p = await previewClusterExtension(yaml, installed.trim() || null);
      setResult(p);
      setFailure(undefined);
      // The resolved bundle, selected in its channel: the graph highlights it.
      if (p.resolved)
        navigate({ pkg: p.resolved.package, ch: p.resolved.channel, bundle: p.resolved.bundle });
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DockedPanel title="OLM v1 preview" className="olmv1-panel">
      <label>
        ClusterExtension (YAML)
        {/* Opened to paste a ClusterExtension: the focus starts where it goes. */}
        <textarea
          autoFocus
          value={yaml}
          onChange={(e) => setYaml(e.target.value)}
          spellCheck={false}
          aria-label="ClusterExtension YAML"
        />
      </label>
      <label>
        Installed bundle or version (optional, for an upgrade){' '}
        <input
          value={installed}
          onChange={(e) => setInstalled(e.target.value)}
          aria-label="Installed bundle or version"
        />
      </label>
      <p>
        <button type="button" onClick={() => void run()} disabled={busy}>
          Preview
        </button>
      </p>
      {failure && <p className="error-text">{failure}</p>}
      {result && <PreviewResult p={result} />}
    </DockedPanel>
  );
}

function PreviewResult({ p }: { p: Preview }) {
  return (
    <div className="olmv1-result">
      <p role="status" data-testid="olmv1-resolved">
        {p.resolved
          ? `Resolves to ${p.resolved.bundle} (version ${p.resolved.version}, channel ${p.resolved.channel})`
          : `Does not resolve: ${p.error ?? ''}`}
      </p>
      {p.candidates.length > 0 && (
        <table className="olmv1-candidates" aria-label="Candidates and why">
          <TableHead columns={['Bundle', 'Version', 'Kept', 'Why']} />
          <tbody>
            {p.candidates.map((c, i) => (
              <tr
                key={`${c.bundle}\u0000${i}`}
                className={
                  p.resolved?.bundle === c.bundle && c.kept
                    ? 'olmv1-chosen'
                    : c.kept
                      ? undefined
                      : 'olmv1-dropped'
                }
              >
                <td className="fbc-mono">{c.bundle}</td>
                <td>{c.version}</td>
                <td>{c.kept ? 'kept' : 'dropped'}</td>
                <td>{c.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {p.conditions.length > 0 && (
        <ul aria-label="Conditions it would set">
          {p.conditions.map((c) => (
            <li key={c.type}>
              <strong>
                {c.type}={c.status}
              </strong>{' '}
              ({c.reason}): {c.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
