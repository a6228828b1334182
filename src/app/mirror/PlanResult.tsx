/**
 * The Mirror plan's answer, in the words `fbc-studio mirror plan` prints: oc-mirror's stop message,
 * the channels and bundles kept per package (each channel a link to its graph, where the kept
 * bundles are highlighted), `opm validate` of the filtered catalog, our findings, the `--from`
 * answers under OLM v0 and v1, and the suggested ISC change with its one-click apply.
 */
import type { PathAnswer } from '../../core/mirror/reach';
import { navigate } from '../state/url';
import type { MirrorPlanView } from './mirror-client';

function pathText(name: string, p: PathAnswer | null): string {
  if (!p) return `${name} —`;
  return p.reachesHead
    ? `${name} reaches the head: ${p.hops.join(' → ')}`
    : `${name} stops at ${p.hops[p.hops.length - 1] ?? '?'}${p.reason ? `: ${p.reason}` : ''}`;
}

export function PlanResult({ view, onApply }: { view: MirrorPlanView; onApply(patch: string): void }) {
  const plan = view.plan;
  const catalog = plan.catalogs[0];
  const stop = catalog?.error ?? view.iscError;
  const errors = catalog?.validation.diagnostics.filter((d) => d.severity === 'error').length ?? 0;
  return (
    <div className="mirror-result">
      {view.operator < 0 && !view.iscError && (
        <p className="muted">The configuration names no operator catalog (mirror.operators is empty).</p>
      )}
      {stop && (
        <p className="error-text" data-testid="mirror-stop">
          oc-mirror stops: {stop}
        </p>
      )}
      {view.publishedAs && (
        <p className="muted small" data-testid="mirror-published-as">
          oc-mirror publishes this catalog as <span className="fbc-mono">{view.publishedAs}</span> (under the
          mirror registry).
        </p>
      )}
      {catalog && catalog.packages.length > 0 && (
        <section aria-label="Kept by the mirror">
          <h3>Kept ({catalog.catalog})</h3>
          <ul className="mirror-packages">
            {catalog.packages.map((p) => (
              <li key={p.name}>
                <strong>{p.name}</strong>{' '}
                <span className="muted">(default channel {p.defaultChannel || '—'})</span>
                <ul>
                  {p.channels.map((c) => (
                    <li key={c.name}>
                      <button
                        type="button"
                        className="link"
                        aria-label={`Show channel ${c.name} of ${p.name} on the graph`}
                        onClick={() => navigate({ pkg: p.name, ch: c.name })}
                      >
                        {c.name}
                      </button>
                      : <span className="fbc-mono">{c.bundles.join(', ') || '—'}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {catalog && catalog.error === null && (
        <section aria-label="opm validate of the filtered catalog">
          <p data-testid="mirror-validate">
            opm validate of the filtered catalog:{' '}
            {catalog.validation.passed ? 'passes' : `fails (${errors} error${errors === 1 ? '' : 's'})`}
          </p>
          {catalog.validation.diagnostics.length > 0 && (
            <ul>
              {catalog.validation.diagnostics.map((d, i) => (
                <li key={i}>
                  {d.severity} {d.rule}: {d.message}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {catalog && catalog.findings.length > 0 && (
        <ul aria-label="Findings on the filtered catalog">
          {catalog.findings.map((f, i) => (
            <li key={i}>
              {f.severity} {f.rule}: {f.message}
            </li>
          ))}
        </ul>
      )}
      {view.fromErrors.map((e) => (
        <p key={e} className="error-text">
          {e}
        </p>
      ))}
      {plan.reachability.length > 0 && (
        <ul aria-label="Upgrade reachability" data-testid="mirror-reach">
          {plan.reachability.map((a, i) => (
            <li key={i}>
              {a.package}@{a.from}
              {a.error
                ? `: ${a.error}`
                : ` in ${a.channel ?? '?'}: ${pathText('OLM v0', a.v0)}; ${pathText('OLM v1', a.v1)}`}
              {a.originalReachesHead === false && !(a.v0?.reachesHead && a.v1?.reachesHead) && (
                <span className="muted">
                  {' '}
                  (the original catalog has no such path either: no filter can give one)
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {plan.suggestion !== null && (
        <section aria-label="Suggested change">
          <h3>Suggested change to the ImageSetConfiguration (RFC 6902 patch)</h3>
          <pre className="mirror-patch" data-testid="mirror-suggestion">
            {plan.suggestion}
          </pre>
          <button type="button" onClick={() => onApply(plan.suggestion!)}>
            Apply to the ImageSetConfiguration
          </button>
        </section>
      )}
      {plan.suggestion === null &&
        plan.reachability.some((a) => !(a.v0?.reachesHead && a.v1?.reachesHead)) && (
          <p className="muted">
            No change to the ImageSetConfiguration found that lets every running version reach its default
            channel&apos;s head.
          </p>
        )}
    </div>
  );
}
