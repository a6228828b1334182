import type { Choice } from '../../core/edit/action';
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
  return (
    <CheckboxList
      legend="Also apply to"
      className="apply-to-versions"
      choices={others.map((c) => ({
        value: c.id,
        label: c.ocpVersion ? `OpenShift ${c.ocpVersion}` : c.path,
        detail: c.path,
      }))}
      selected={props.selected}
      onChange={props.onChange}
    />
  );
}

/** A fieldset of checkboxes; the selection comes back in the choices' order. */
export function CheckboxList(props: {
  legend: string;
  choices: Choice[];
  selected: readonly string[];
  onChange(values: string[]): void;
  className?: string;
}) {
  const sel = new Set(props.selected);
  return (
    <fieldset className={`field${props.className ? ` ${props.className}` : ''}`}>
      <legend>{props.legend}</legend>
      <div className="multi-choices">
        {props.choices.map((c) => (
          <label key={c.value} className="small">
            <input
              type="checkbox"
              checked={sel.has(c.value)}
              onChange={(e) => {
                const next = new Set(sel);
                if (e.target.checked) next.add(c.value);
                else next.delete(c.value);
                props.onChange(props.choices.filter((x) => next.has(x.value)).map((x) => x.value));
              }}
            />{' '}
            {c.label}
            {c.detail && <span className="muted"> · {c.detail}</span>}
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
