import { useEffect, useState } from 'react';
import type { PendingCatalog } from '../../protocol/catalog-protocol';
import { listPending } from '../editor/edit-client';
import { ImpactRows } from '../paths/ImpactPanel';
import { switchCatalog } from '../repository/repository-client';
import { useEdits } from '../editor/edit-store';
import { useSummary } from '../state/store';
import { navigate } from '../state/url';
import { closeDialog, openDialog } from '../ui/ui-store';
import { plural } from '../ui/Badges';
import { catalogTitle as title } from './write-parts';
import './review.css';

/**
 * Every catalog's pending edits, asked again after each edit, each write and each switch of the
 * catalog shown (another catalog's edits are the current ones then).
 */
export function usePending(): PendingCatalog[] | undefined {
  // Every new edit state: a write changes what is pending and leaves the revision as it was.
  const edit = useEdits((s) => s.edit);
  const catalog = useSummary()?.catalog;
  const [pending, setPending] = useState<PendingCatalog[]>();
  useEffect(() => {
    let live = true;
    void listPending().then((p) => live && setPending(p));
    return () => {
      live = false;
    };
  }, [edit, catalog]);
  return pending;
}

/** Whether the pending edits reach beyond the catalog shown: then Review offers to write them all. */
export const pendingElsewhere = (pending: PendingCatalog[] | undefined): boolean =>
  !!pending?.some((p) => !p.current);

/** "2 catalogs (3 files)": what writing every catalog's edits writes. */
export const pendingCount = (pending: PendingCatalog[]): string =>
  `${plural(pending.length, 'catalog')} (${plural(
    pending.reduce((n, p) => n + p.files.length, 0),
    'file',
  )})`;

/**
 * Review's account of every pending edit: per catalog (a repository's other versions, edited with
 * "Also apply to", included), its changed files and the impact on installed versions that the side
 * panel computes — what the edits do, beside the text diff of how.
 */
export function PendingByCatalog({
  pending,
  writable,
}: {
  pending: PendingCatalog[] | undefined;
  writable: boolean;
}) {
  if (!pending?.length) return null;
  return (
    <section className="review-pending" aria-label="Pending edits by catalog">
      {pendingElsewhere(pending) && (
        <p className="small">
          Edits are pending in {pendingCount(pending)}:{' '}
          {writable
            ? `“Write ${plural(pending.length, 'catalog')}” writes them all; each can also be reviewed and written from its own catalog.`
            : 'each is reviewed and downloaded from its own catalog.'}
        </p>
      )}
      {pending.map((p) => (
        <CatalogPending key={p.catalog} p={p} inRepository={p.catalog !== ''} />
      ))}
    </section>
  );
}

/** Shows that catalog and Review again, now of its files (switching closes the dialogs). */
async function reviewIn(catalog: string): Promise<void> {
  await switchCatalog(catalog);
  openDialog({ kind: 'review' });
}

function CatalogPending({ p, inRepository }: { p: PendingCatalog; inRepository: boolean }) {
  const { impact } = p;
  const losing = impact.rows.filter((r) => r.kinds.includes('loses-head')).length;
  // A row opens its channel (in its catalog): the dialog closes so the graph is seen.
  const select = async (pkg: string, channel: string, bundle?: string) => {
    closeDialog();
    if (!p.current) await switchCatalog(p.catalog);
    navigate({ pkg, ch: channel, bundle });
  };
  return (
    <section className={`review-catalog${p.current ? ' current' : ''}`} aria-label={`Pending in ${title(p)}`}>
      <h3>
        {title(p)}
        {inRepository && p.current && <span className="muted small"> (its files are below)</span>}
        {losing > 0 && <span className="tag tag-error">{losing} lose the head</span>}
        {!p.passed && <span className="tag tag-error">fails opm validate: {plural(p.errors, 'error')}</span>}
      </h3>
      <p className="small">
        {plural(p.files.length, 'file')} changed
        {!p.current && `: ${p.files.map((f) => f.path).join(', ')}`} ·{' '}
        {plural(impact.changedChannels.length, 'channel')} with different upgrade edges
        {impact.changedChannels.length > 0 &&
          ` (${impact.changedChannels.map((c) => `${c.package}/${c.channel}`).join(', ')})`}
      </p>
      <ImpactRows data={impact} onSelect={(pkg, ch, b) => void select(pkg, ch, b)} />
      {!p.current && (
        <button type="button" onClick={() => void reviewIn(p.catalog)}>
          Review and write {p.catalog}
        </button>
      )}
    </section>
  );
}
