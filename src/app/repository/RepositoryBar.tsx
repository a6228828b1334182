import { useEffect, useState } from 'react';
import { carryIntoTemplate } from '../editor/edit-client';
import { openInEditor, useEdits } from '../editor/edit-store';
import { showNotice } from '../ui/ui-store';
import { useSummary } from '../state/store';
import { catalogParam, useView } from '../state/url';
import type { RepositoryCatalogView } from '../../core/repository/open-repository';
import type { TemplateStatus } from '../../core/workspace/template-status';
import { switchCatalog, useRepository, useTemplateDiff } from './repository-client';
import { VersionsMatrixDialog } from './VersionsMatrix';
import { PullTemplateImages, TemplatePullResult } from './TemplatePull';
import type { TemplatePulls } from '../../core/repository/open-repository';
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
      <details className="repository-more">
        <summary>
          {repo.findings.length} across versions
          {accepted > 0 && ` (${accepted} accepted)`} · {repo.other.length} other files
        </summary>
        <div className="repository-more-body">
          <h3>Problems by catalog (opm validate of each)</h3>
          <ul className="repository-catalogs">
            {repo.catalogs.map((c) => (
              <li key={c.id} className="small">
                <button
                  type="button"
                  className="link"
                  aria-current={c.id === current ? 'true' : undefined}
                  onClick={() => void switchCatalog(c.id)}
                >
                  {versionLabel(c)} · {c.path}
                </button>{' '}
                <span className={c.passed ? 'ok-text' : 'error-text'}>{c.passed ? 'passed' : 'failed'}</span>
                <span className="muted">
                  {' '}
                  · {c.errors} error{c.errors === 1 ? '' : 's'}, {c.warnings} warning
                  {c.warnings === 1 ? '' : 's'}
                </span>
              </li>
            ))}
          </ul>
          <h3>Across OpenShift versions (FBC Studio, not opm)</h3>
          {repo.findings.length === 0 ? (
            <p className="muted small">Nothing to report.</p>
          ) : (
            <ul className="repository-findings">
              {repo.findings.map((f, i) => (
                <li key={i} className="small">
                  <span className={`sev sev-${f.severity}`}>{f.severity}</span>{' '}
                  {f.accepted && <span className="kind kind-accepted">accepted</span>} {f.message}
                  {f.location && (
                    <span className="muted">
                      {' '}
                      — {f.location.file}:{f.location.start.line}
                    </span>
                  )}
                  {f.accepted && (
                    <span className="accepted-reason">
                      {' '}
                      Accepted: {f.accepted.reason} ({f.accepted.by})
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <h3>Templates</h3>
          <ul>
            {repo.templates.map((t) => (
              <li key={t.path} className="small">
                {t.path} <span className="muted">({t.schema})</span> → {t.catalogs.join(', ') || 'no catalog'}
                : <TemplateState template={t.path} status={t.status} pulls={t.pulls} />
              </li>
            ))}
          </ul>
          <h3>Not part of any catalog</h3>
          <p className="small muted">{repo.other.join(', ') || 'none'}</p>
        </div>
      </details>
      <button
        type="button"
        disabled={!view.pkg}
        aria-describedby={view.pkg ? undefined : 'matrix-why'}
        onClick={() => setMatrix(true)}
      >
        Versions matrix
      </button>
      {/* A disabled button says why: the matrix is one package's, across the versions. */}
      {!view.pkg && (
        <span id="matrix-why" className="muted small">
          (pick a package to compare it across versions)
        </span>
      )}
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

/**
 * A template's render against its catalogs: in sync, drifted (what differs; the diff on opening), or
 * why it did not render — with images no catalog holds, the offer to pull them (served by
 * `fbc-studio open`) and what the last pull did.
 */
function TemplateState({
  template,
  status,
  pulls,
}: {
  template: string;
  status: TemplateStatus;
  pulls?: TemplatePulls | undefined;
}) {
  return (
    <>
      <TemplateVerdict template={template} status={status} />
      <TemplatePullResult pulls={pulls} />
    </>
  );
}

function TemplateVerdict({ template, status }: { template: string; status: TemplateStatus }) {
  if (status.error) return <span className="error-text">{status.error}</span>;
  if (status.unresolved.length > 0)
    return (
      <>
        <span className="muted">not rendered offline: {status.unresolved.join('; ')}</span>{' '}
        <PullTemplateImages template={template} images={status.unresolvedImages} />
      </>
    );
  const drifted = status.drift.filter((d) => d.lines.length > 0);
  if (drifted.length === 0)
    return <span>in sync{status.mappings.length > 0 && ` (${status.mappings.join(', ')})`}</span>;
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
