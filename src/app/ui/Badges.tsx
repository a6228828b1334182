/** Error / warning counts, with accessible names ("2 errors") rather than bare numbers. */
export function CountBadges({ errors, warnings }: { errors: number; warnings: number }) {
  return (
    <span className="badges">
      {errors > 0 && (
        <span
          className="badge badge-error"
          title={plural(errors, 'error')}
          aria-label={plural(errors, 'error')}
        >
          <span aria-hidden="true">✕ </span>
          {errors}
        </span>
      )}
      {warnings > 0 && (
        <span
          className="badge badge-warning"
          title={plural(warnings, 'warning')}
          aria-label={plural(warnings, 'warning')}
        >
          <span aria-hidden="true">! </span>
          {warnings}
        </span>
      )}
    </span>
  );
}

/** One formatter: `n.toLocaleString('en')` builds a new one per call (~10 µs, per list row, per frame). */
const integer = new Intl.NumberFormat('en');

export function plural(n: number, word: string): string {
  return `${integer.format(n)} ${word}${n === 1 ? '' : 's'}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
