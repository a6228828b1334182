import { plural } from '../ui/Badges';
import { useDiagnostics } from '../state/queries';
import { useSummary } from '../state/store';

/** opm's verdict on the catalog as edited, with its errors listed. */
export function ValidationStatus({ limit = 6 }: { limit?: number }) {
  const summary = useSummary();
  const { data = [] } = useDiagnostics();
  if (!summary) return null;
  const errors = data.filter((d) => d.severity === 'error');
  return (
    <section className="validation-status" aria-label="Validation of the edited catalog">
      <p className={`verdict ${summary.passed ? 'ok' : 'bad'}`}>
        Edited catalog — opm validate:{' '}
        {summary.passed ? 'passed' : `failed, ${plural(errors.length, 'error')}`}
        {summary.warnings > 0 && ` · ${plural(summary.warnings, 'FBC Studio warning')}`}
      </p>
      {errors.length > 0 && (
        <ul className="validation-errors small">
          {errors.slice(0, limit).map((d) => (
            <li key={d.id}>
              <span className="mono">
                {d.location ? `${d.location.file}:${d.location.start.line}` : d.package}
              </span>{' '}
              {d.message}
            </li>
          ))}
          {errors.length > limit && (
            <li className="muted">and {errors.length - limit} more (see Problems)</li>
          )}
        </ul>
      )}
    </section>
  );
}
