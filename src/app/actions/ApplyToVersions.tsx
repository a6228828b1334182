import { useRepository } from '../repository/repository-client';

/**
 * "Apply to versions": in a repository, the same action on other OpenShift versions' catalogs
 * (e.g. a new release added to v4.18–v4.22), made as one undo step.
 */
export function ApplyToVersions(props: {
  current: string;
  selected: string[];
  onChange(ids: string[]): void;
}) {
  const { data: repo } = useRepository();
  const others = repo?.catalogs.filter((c) => c.id !== props.current) ?? [];
  if (others.length === 0) return null;
  const sel = new Set(props.selected);
  return (
    <fieldset className="field apply-to-versions">
      <legend>Also apply to</legend>
      <div className="multi-choices">
        {others.map((c) => (
          <label key={c.id} className="small">
            <input
              type="checkbox"
              checked={sel.has(c.id)}
              onChange={(e) => {
                const next = new Set(sel);
                if (e.target.checked) next.add(c.id);
                else next.delete(c.id);
                props.onChange(others.filter((o) => next.has(o.id)).map((o) => o.id));
              }}
            />{' '}
            {c.ocpVersion ? `OpenShift ${c.ocpVersion}` : c.path}
            <span className="muted"> · {c.path}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What happened in each catalog, as the notice after applying says it. */
export function acrossNotice(
  title: string,
  across: { catalog: string; error?: string; changes: number }[],
): { kind: 'ok' | 'error'; text: string; lines?: string[] } {
  const done = across.filter((a) => !a.error && a.changes > 0).map((a) => a.catalog);
  const refused = across.filter((a) => a.error);
  return {
    kind: refused.length > 0 ? 'error' : 'ok',
    text: `${title}: done in ${done.length} of ${across.length} catalogs (${done.join(', ')}). Undo with Ctrl+Z undoes it in all of them.`,
    lines: refused.map((a) => `${a.catalog}: ${a.error}`),
  };
}
