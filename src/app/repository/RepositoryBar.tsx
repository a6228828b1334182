import { useEffect, useState } from 'react';
import { carryIntoTemplate, listPendingElsewhere } from '../editor/edit-client';
import { openInEditor, useEdits } from '../editor/edit-store';
import { openDialog, showNotice } from '../ui/ui-store';
import { useSummary } from '../state/store';
import { catalogParam, navigate, useView } from '../state/url';
import type { RepositoryCatalogView } from '../../core/repository/open-repository';
import { switchCatalog, useRepository } from './repository-client';
import { askMatrixFocus } from './matrix-focus';
import { VersionsMatrixDialog } from './VersionsMatrix';
import { PullTemplateImages } from './TemplatePull';
import './repository.css';

const POLICY_NAME: Record<string, string> = { konflux: 'Konflux', community: 'community pipeline' };

const versionLabel = (c: RepositoryCatalogView) => (c.ocpVersion ? `OpenShift ${c.ocpVersion}` : c.path);
const verdict = (c: RepositoryCatalogView) =>
  c.errors > 0 ? `${c.errors} error${c.errors === 1 ? '' : 's'}` : 'valid';

/**
 * A repository's catalogs, one per OpenShift version: which one is shown (a select, so the keyboard
 * reaches it and the URL's `cat` keeps it), each with opm's verdict, the findings only the whole
 * repository shows, the files that are in no catalog, and the versions matrix of the package.
 */
export default function RepositoryBar() {
  const summary = useSummary();
  const { data: repo } = useRepository();
  const view = useView();
  const [matrix, setMatrix] = useState(false);
  const current = summary?.catalog;

  // A link names a catalog (`cat`): show it once the repository is open.
  useEffect(() => {
    const wanted = catalogParam();
    if (repo && wanted && wanted !== current && repo.catalogs.some((c) => c.id === wanted))
      void switchCatalog(wanted);
    // Only when a repository has just been opened.
  }, [repo]);

  // Edits of a catalog a template generates: the next `opm alpha render-template` overwrites them.
  const dirtyPaths = useEdits((s) => s.edit?.dirty.map((d) => d.path).join('\n') ?? '');
  const dirty = dirtyPaths === '' ? 0 : dirtyPaths.split('\n').length;
  // Edits outside the catalog's folder are its template's: actions went to the source.
  const routed = dirtyPaths.split('\n').some((p) => p.startsWith('../'));
  const generatedFrom = repo?.templates
    .filter((t) => current && t.catalogs.includes(current))
    .map((t) => t.path);

  const elsewhere = usePendingElsewhere(current);
  // Edits made there with "Also apply to" are in no draft (a catalog keeps one while it is shown):
  // leaving the page asks first, as it does for the catalog shown.
  useEffect(() => {
    if (elsewhere.length === 0) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [elsewhere.length > 0]);

  if (!repo || !current) return null;
  const accepted = repo.findings.filter((f) => f.accepted).length;
  return (
    <div className="repository-bar" role="group" aria-label={`Repository ${repo.name}`}>
      <label>
        <span className="muted small">Catalog</span>{' '}
        <select aria-label="Catalog" value={current} onChange={(e) => void switchCatalog(e.target.value)}>
          {repo.catalogs.map((c) => (
            <option key={c.id} value={c.id}>
              {versionLabel(c)} · {c.path} · {verdict(c)}
            </option>
          ))}
        </select>
      </label>
      <span className="muted small" data-testid="repository-counts">
        {repo.catalogs.length} catalogs · {repo.catalogs.filter((c) => c.errors > 0).length} failing ·{' '}
        {repo.templates.length} templates
      </span>
      {/* What the whole repository shows (verdicts, templates, findings across versions, the matrix). */}
      <button
        type="button"
        aria-current={view.pkg ? undefined : 'page'}
        onClick={() => navigate({})}
        title="Every catalog's verdict, templates, findings across versions and the versions matrix"
      >
        Repository overview
        <span className="muted small">
          {' '}
          · {repo.findings.length} across versions{accepted > 0 && ` (${accepted} accepted)`}
        </span>
      </button>
      {/* One package's matrix when a package is shown; else every package's, on the overview. */}
      <button
        type="button"
        title={view.pkg ? `${view.pkg} across the versions` : 'Every package across the versions'}
        onClick={() => (view.pkg ? setMatrix(true) : showOverviewMatrix())}
      >
        Versions matrix
      </button>
      {repo.config && (
        <button type="button" onClick={() => openInEditor(repo.config!.path)}>
          Repository configuration
        </button>
      )}
      {repo.policy && (
        // The pipeline policy pack whose findings the Problems panel lists (group Konflux / community).
        <span className="policy-pack small" title={`Chosen because ${repo.policy.why}`}>
          Policy: {POLICY_NAME[repo.policy.pack] ?? repo.policy.pack}
        </span>
      )}
      {matrix && view.pkg && <VersionsMatrixDialog pkg={view.pkg} onClose={() => setMatrix(false)} />}
      {elsewhere.length > 0 && (
        // Edits made in other versions ("Also apply to", or before switching) stay pending there.
        <span className="small pending-elsewhere" role="status">
          Edits pending in {elsewhere.join(', ')}{' '}
          <button type="button" className="link" onClick={() => openDialog({ kind: 'review' })}>
            Review
          </button>
        </span>
      )}
      {dirty > 0 && generatedFrom && generatedFrom.length > 0 && (
        <p className={`generated-warning small${routed ? ' routed' : ''}`} role="status">
          {routed
            ? `${current} is generated from ${generatedFrom.join(', ')}: these edits change ${generatedFrom.join(', ')} and render ${current} again from it.`
            : `${current} is generated from ${generatedFrom.join(', ')}: the next render (opm alpha render-template) overwrites these edits.`}{' '}
          {/* Once carried (the template is edited), there is nothing left to carry. */}
          {generatedFrom.length === 1 && !routed && (
            <button type="button" onClick={() => void carry()}>
              Carry these edits into {generatedFrom[0]}
            </button>
          )}
          {/* Its images no catalog holds keep it from rendering here: pulled, later edits go to it. */}
          {generatedFrom.length === 1 && !routed && (
            <PullTemplateImages
              template={generatedFrom[0]!}
              images={repo.templates.find((t) => t.path === generatedFrom[0])?.status.unresolvedImages ?? []}
            />
          )}
        </p>
      )}
    </div>
  );
}

/** The other catalogs with edits not yet written, asked again after each edit, write and switch. */
function usePendingElsewhere(current: string | undefined): string[] {
  // Every new edit state, not only a new revision: a write (of every catalog, from Review) changes
  // what is pending and leaves the revision as it was.
  const edit = useEdits((s) => s.edit);
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void listPendingElsewhere().then((names) => live && setOthers(names));
    return () => {
      live = false;
    };
  }, [edit, current]);
  return others;
}

/** The overview's matrix of every package, scrolled to and focused (its heading) once it is shown. */
function showOverviewMatrix(): void {
  navigate({});
  askMatrixFocus();
}

/** Makes what was typed in the catalog in its template, and says what was and was not carried. */
async function carry(): Promise<void> {
  try {
    const r = await carryIntoTemplate();
    showNotice(
      r.error
        ? { kind: 'error', text: `Not carried: ${r.error}` }
        : { kind: 'ok', text: `Carried into the template (undo with Ctrl+Z). ${r.warnings.join('. ')}` },
    );
  } catch (e) {
    showNotice({ kind: 'error', text: `Not carried: ${e instanceof Error ? e.message : String(e)}` });
  }
}
