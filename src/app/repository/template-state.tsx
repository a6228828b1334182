import { useState } from 'react';
import type { TemplatePulls } from '../../core/repository/open-repository';
import type { TemplateStatus } from '../../core/workspace/template-status';
import { useTemplateDiff } from './repository-client';
import { PullTemplateImages, TemplatePullResult } from './TemplatePull';

/**
 * A template's render against its catalogs: in sync, drifted (what differs; the diff on opening), or
 * why it did not render — with images no catalog holds, the offer to pull them (served by
 * `fbc-studio open`) — and what the last pull did.
 */
export function TemplateState(props: {
  template: string;
  status: TemplateStatus;
  /** Only this catalog's render (a template can render into several). */
  catalog?: string;
  pulls?: TemplatePulls | undefined;
}) {
  return (
    <>
      <TemplateVerdict {...props} />
      <TemplatePullResult pulls={props.pulls} />
    </>
  );
}

function TemplateVerdict({
  template,
  status,
  catalog,
}: {
  template: string;
  status: TemplateStatus;
  catalog?: string;
}) {
  if (status.error) return <span className="error-text">not rendered: {status.error}</span>;
  if (status.unresolved.length > 0)
    return (
      <>
        <span className="muted">not rendered offline: {status.unresolved.join('; ')}</span>{' '}
        <PullTemplateImages template={template} images={status.unresolvedImages} />
      </>
    );
  const mine = status.drift.filter((d) => !catalog || d.catalog === catalog);
  const drifted = mine.filter((d) => d.lines.length > 0);
  if (drifted.length === 0) {
    // Rendered by an older opm's semver linking: in sync with it, and what a current opm changes.
    const older = mine.find((d) => d.semverLinking)?.semverLinking;
    return (
      <span>
        in sync
        {older &&
          ` as ${older.releases} renders it; a current opm would change ${older.current.length} of its edges`}
        {status.mappings.length > 0 && ` (${status.mappings.join(', ')})`}
      </span>
    );
  }
  return (
    <>
      {drifted.map((d) => (
        <CatalogDrift key={d.catalog} template={template} drift={d} />
      ))}
    </>
  );
}

/** One drifted catalog: the level it was judged at, what differs by group; the diff loads when opened. */
function CatalogDrift({ template, drift: d }: { template: string; drift: TemplateStatus['drift'][number] }) {
  const [open, setOpen] = useState(false);
  const { data: diff } = useTemplateDiff(template, d.catalog, open);
  return (
    <details className="template-drift" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {d.catalog} differs from the render at migrate level {d.level} ({d.levelWhy})
        {d.pruned && `, ${d.pruned}`}
      </summary>
      <ul>
        {d.groups.map((g) => (
          <li key={g.id}>
            {g.title} <span className="muted">({g.assumes})</span>: {g.items.join('; ')}
          </li>
        ))}
      </ul>
      {diff && <pre className="template-diff">{diff}</pre>}
    </details>
  );
}
