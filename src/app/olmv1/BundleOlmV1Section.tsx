/**
 * The bundle panel's OLM v1 section (inside BundleDetails' "OLM v1" heading): the eligibility badge (eligible, not eligible, unknown) with
 * operator-controller's reasons, the lifecycle entry covering the bundle (support phases, OpenShift
 * compatibility), and a ClusterExtension pinned to the bundle to copy or download. A lazy chunk;
 * the worker is asked per bundle and catalog generation.
 */
import { useEffect, useState } from 'react';
import { useGeneration } from '../state/store';
import { useView } from '../state/url';
import { bundleOlmV1, type BundleOlmV1 } from './olmv1-client';
import './olmv1.css';

export default function BundleOlmV1Section({ pkg, name }: { pkg: string; name: string }) {
  const gen = useGeneration();
  const { ch } = useView();
  const [info, setInfo] = useState<BundleOlmV1 | null>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    let stale = false;
    bundleOlmV1(pkg, name, ch).then(
      (d) => !stale && (setInfo(d), setFailure(undefined)),
      (e: unknown) => !stale && setFailure(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      stale = true;
    };
  }, [pkg, name, ch, gen]);

  return (
    <>
      {failure ? (
        <p className="error-text">Could not check: {failure}</p>
      ) : info === undefined ? (
        <p className="fbc-muted">Checking…</p>
      ) : info === null ? null : (
        <OlmV1Details info={info} name={name} channel={ch} />
      )}
    </>
  );
}

function OlmV1Details({ info, name, channel }: { info: BundleOlmV1; name: string; channel?: string }) {
  const { eligible, reasons } = info.eligibility;
  const label =
    eligible === true
      ? 'OLM v1: installable'
      : eligible === false
        ? 'OLM v1: not installable'
        : 'OLM v1: unknown';
  const l = info.lifecycle;
  return (
    <>
      <p>
        <span
          className={`olmv1-badge olmv1-${eligible === true ? 'yes' : eligible === false ? 'no' : 'unknown'}`}
          data-testid="olmv1-eligibility"
        >
          {label}
        </span>
      </p>
      {reasons.length > 0 && (
        <ul aria-label={`Why OLM v1 ${eligible === false ? 'cannot install' : 'may not install'} ${name}`}>
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {l && (
        <div className="olmv1-lifecycle">
          <p>
            Lifecycle {l.name}
            {l.platforms.openshift?.length ? ` · OpenShift ${l.platforms.openshift.join(', ')}` : ''}
          </p>
          <table className="fbc-mini-table" aria-label={`Support phases of ${l.name}`}>
            <tbody>
              {l.phases.map((p) => (
                <tr key={p.name}>
                  <th scope="row">{p.name}</th>
                  <td>
                    {p.startDate} – {p.endDate}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <details>
        <summary>ClusterExtension for this bundle{channel ? ` in ${channel}` : ''}</summary>
        <pre className="fbc-mono olmv1-yaml">{info.clusterExtension}</pre>
        <button type="button" onClick={() => void navigator.clipboard?.writeText(info.clusterExtension)}>
          Copy
        </button>{' '}
        <a
          download={`${name}-clusterextension.yaml`}
          href={`data:application/yaml;charset=utf-8,${encodeURIComponent(info.clusterExtension)}`}
        >
          Download
        </a>
      </details>
    </>
  );
}
