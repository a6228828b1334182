/**
 * A bundle's dependencies checked against the open catalog: each required package (with its
 * range) and API, the bundles that provide it, and the ones nothing provides flagged — OLM would
 * not install the bundle. Asked of the worker (src/core/bundle/dependencies.ts) per catalog
 * generation, so an edit that adds or removes a provider shows at once. A lazy chunk the bundle
 * panel loads for a bundle that requires something; the worker is asked when the user asks.
 */
import { useEffect, useId, useState } from 'react';
import type { BundleDependencies } from '../../protocol/catalog-protocol';
import { useGeneration } from '../state/store';
import { bundleDependencies } from './bundle-client';

/** The bundle panel's "Dependencies in this catalog" section: a button, then the check. */
export default function Dependencies({ pkg, name }: { pkg: string; name: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section className="fbc-bundle-section" aria-labelledby={id}>
      <h4 id={id}>Dependencies in this catalog</h4>
      {open ? (
        <DependencyView pkg={pkg} name={name} />
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          Check what provides them
        </button>
      )}
    </section>
  );
}

function DependencyView({ pkg, name }: { pkg: string; name: string }) {
  const gen = useGeneration();
  const [deps, setDeps] = useState<BundleDependencies | null>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    let stale = false;
    bundleDependencies(pkg, name).then(
      (d) => !stale && (setDeps(d), setFailure(undefined)),
      (e: unknown) => !stale && setFailure(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      stale = true;
    };
  }, [pkg, name, gen]);

  if (failure) return <p className="error-text">Could not check the dependencies: {failure}</p>;
  if (deps === undefined) return <p className="fbc-muted">Checking…</p>;
  if (deps === null || deps.requirements.length === 0)
    return <p className="fbc-muted">No dependencies: nothing to resolve.</p>;
  const bad = deps.requirements.filter((r) => r.unsatisfiable).length;
  return (
    <div className="fbc-deps">
      <p role="status">
        {bad === 0
          ? `All ${deps.requirements.length} requirements are provided by the catalog.`
          : `${bad} of ${deps.requirements.length} requirements nothing in the catalog provides: OLM cannot install ${name}.`}
      </p>
      <ul aria-label={`Dependencies of ${name}`}>
        {deps.requirements.map((r, i) => (
          <li
            key={`${r.type}\u0000${r.what}\u0000${i}`}
            className={r.unsatisfiable ? 'fbc-dep-bad' : undefined}
          >
            <span className="fbc-mono">{r.what}</span>{' '}
            <span className="fbc-muted">
              (
              {r.type === 'olm.package.required' ? 'package' : r.type === 'olm.gvk.required' ? 'API' : r.type}
              )
            </span>
            {r.unsatisfiable && <strong> unsatisfiable</strong>}
            {r.providers.length > 0 ? (
              <>
                {' '}
                provided by <span className="fbc-mono">{r.providers.map((p) => p.bundle).join(', ')}</span>
              </>
            ) : (
              <span className="fbc-muted"> — {r.note ?? 'nothing in the catalog provides it'}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
