import { useEffect, useState } from 'react';
import type { PendingCatalog } from '../../protocol/catalog-protocol';
import { listPending } from '../editor/edit-client';
import { ImpactRows } from '../paths/ImpactPanel';
import { switchCatalog } from '../repository/repository-client';
import { useSummary } from '../state/store';
import { navigate } from '../state/url';
import { closeDialog, openDialog } from '../ui/ui-store';
import { plural } from '../ui/Badges';
import './review.css';

const title = (p: PendingCatalog) =>
  p.catalog === '' ? 'This catalog' : `${p.ocpVersion ? `OpenShift ${p.ocpVersion} · ` : ''}${p.catalog}`;

/**
 * Review's account of every pending edit: per catalog (a repository's other versions, edited with
 * "Also apply to", included), its changed files and the impact on installed versions that the side
 * panel computes — what the edits do, beside the text diff of how.
 */
export function PendingByCatalog({ revision }: { revision: number | undefined }) {
  const [pending, setPending] = useState<PendingCatalog[]>();
  // Another catalog shown (a repository's): its edits are the current ones now.
  const catalog = useSummary()?.catalog;
  useEffect(() => {
    let live = true;
    void listPending().then((p) => live && setPending(p));
    return () => {
      live = false;
    };
  }, [revision, catalog]);
  if (!pending?.length) return null;
  const others = pending.filter((p) => !p.current).length;
  return (
    <section className="review-pending" aria-label="Pending edits by catalog">
      {others > 0 && (
        <p className="small">
          Edits are pending in {plural(pending.length, 'catalog')}: each is reviewed and written from its own
          catalog.
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
