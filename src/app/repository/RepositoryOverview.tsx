import { useEffect, useRef, useState } from 'react';
import type { Diagnostic } from '../../core/diagnostics';
import type { PackageAcrossCell, PackagesAcrossView } from '../../core/repository/packages-across';
import type { RepositoryCatalogView, RepositoryView } from '../../core/repository/open-repository';
import { openInEditor } from '../editor/edit-store';
import { useApp, useSummary } from '../state/store';
import { navigate } from '../state/url';
import { plural } from '../ui/Badges';
import { AbsentCell, ButtonCell, MatrixHead } from '../ui/MatrixCells';
import { switchCatalog, usePackagesAcross, useRepository } from './repository-client';
import { focusMatrixIfAsked, forgetMatrixFocus, MATRIX_HEADING_ID } from './matrix-focus';
import { TemplateState } from './template-state';
import './repository.css';

const POLICY_NAME: Record<string, string> = { konflux: 'Konflux', community: 'community pipeline' };
const versionLabel = (c: { ocpVersion: string | null; catalog?: string; path?: string }) =>
  c.ocpVersion ? `OpenShift ${c.ocpVersion}` : (c.catalog ?? c.path ?? '');

/**
 * What a repository opens on: each catalog's opm verdict, its template and whether the catalog is
 * still what the template renders, the findings only the whole repository shows (each opens where it
 * is), and every package across the versions with what changes from one to the next.
 */
export default function RepositoryOverview() {
  const { data: repo } = useRepository();
  const current = useSummary()?.catalog;
  if (!repo) return <p className="muted pad">Reading the repository…</p>;
  const failing = repo.catalogs.filter((c) => !c.passed).length;
  return (
    <div className="overview repository-overview pad">
      <h2>{repo.name}</h2>
      <p data-testid="repository-summary">
        {plural(repo.catalogs.length, 'catalog')} · {failing === 0 ? 'all pass' : `${failing} failing`} opm
        validate · {plural(repo.templates.length, 'template')}
        {repo.loadMs > 0 && ` · loaded in ${formatMs(repo.loadMs)}`}
        {repo.policy && ` · policy: ${POLICY_NAME[repo.policy.pack] ?? repo.policy.pack}`}
      </p>
      <CatalogsTable repo={repo} current={current} />
      <PackagesMatrix />
      <Findings repo={repo} />
      {repo.other.length > 0 && (
        <p className="small muted">
          Not part of any catalog (listed, never checked): {repo.other.join(', ')}
        </p>
      )}
    </div>
  );
}

const formatMs = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

function CatalogsTable({ repo, current }: { repo: RepositoryView; current?: string }) {
  return (
    <section aria-labelledby="ro-catalogs">
      <h3 id="ro-catalogs">Catalogs</h3>
      <table className="ro-table">
        <thead>
          <tr>
            <th scope="col">Catalog</th>
            <th scope="col">opm validate</th>
            <th scope="col">FBC Studio warnings</th>
            <th scope="col">Packages</th>
            <th scope="col">Template</th>
          </tr>
        </thead>
        <tbody>
          {repo.catalogs.map((c) => (
            <tr key={c.id} aria-current={c.id === current ? 'true' : undefined}>
              <th scope="row">
                <button type="button" className="link" onClick={() => void showCatalog(c.id)}>
                  {versionLabel(c)}
                </button>
                <div className="muted small mono">{c.path}</div>
              </th>
              <td>
                <span className={`verdict ${c.passed ? 'ok' : 'bad'}`}>{c.passed ? 'passed' : 'failed'}</span>{' '}
                <span className="small">{plural(c.errors, 'error')}</span>
              </td>
              {/* Ours, beside opm's verdict: they never fail a catalog. */}
              <td>{c.warnings}</td>
              <td>{c.packages}</td>
              <td className="small">
                <CatalogTemplates repo={repo} catalog={c} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function CatalogTemplates({ repo, catalog }: { repo: RepositoryView; catalog: RepositoryCatalogView }) {
  const mine = repo.templates.filter((t) => t.catalogs.includes(catalog.id));
  if (mine.length === 0) return <span className="muted">none (the catalog is edited as it is)</span>;
  return (
    <>
      {mine.map((t) => (
        <div key={t.path}>
          <span className="mono">{t.path}</span> <span className="muted">({t.schema})</span>:{' '}
          <TemplateState template={t.path} status={t.status} catalog={catalog.id} pulls={t.pulls} />
        </div>
      ))}
    </>
  );
}

/** Shows another catalog of the repository, staying on the overview. */
async function showCatalog(id: string): Promise<void> {
  if (id !== useApp.getState().summary?.catalog) await switchCatalog(id);
}

/** The catalog a repository path is in (its folder, or the template rendering it) and the path inside it. */
function whereIs(repo: RepositoryView, file: string): { catalog: string; path: string } | undefined {
  const inside = repo.catalogs.find((c) => file.startsWith(`${c.path}/`));
  if (inside) return { catalog: inside.id, path: file.slice(inside.path.length + 1) };
  const template = repo.templates.find((t) => t.path === file);
  const catalog = template?.catalogs[0];
  return catalog ? { catalog, path: relativePath(catalog, file) } : undefined;
}

/** `to` relative to the folder `from` (both repository paths): how the editor names a template. */
function relativePath(from: string, to: string): string {
  const a = from.split('/');
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

/** A finding across versions, opened in its catalog: the bundle or package it names, else its file. */
async function openFinding(repo: RepositoryView, f: Diagnostic): Promise<void> {
  const at = f.location && whereIs(repo, f.location.file);
  if (!at) return;
  await switchCatalog(at.catalog);
  if (f.package && at.path.indexOf('../') !== 0) navigate({ pkg: f.package, bundle: f.bundle });
  else openInEditor(at.path, f.location);
}

/** Past this many, the list starts folded: the matrix above already shows what changes. */
const FINDINGS_SHOWN = 10;

function Findings({ repo }: { repo: RepositoryView }) {
  const [all, setAll] = useState(false);
  const shown = all ? repo.findings : repo.findings.slice(0, FINDINGS_SHOWN);
  return (
    <section aria-labelledby="ro-findings">
      <h3 id="ro-findings">
        Across OpenShift versions <span className="muted small">(FBC Studio, not opm)</span>
      </h3>
      {repo.findings.length === 0 ? (
        <p className="muted small">Nothing to report.</p>
      ) : (
        <ul className="ro-findings">
          {shown.map((f, i) => {
            const at = f.location && whereIs(repo, f.location.file);
            return (
              <li key={i} className="small">
                <span className={`badge badge-${f.severity}`}>{f.severity}</span>{' '}
                {f.accepted && <span className="kind kind-accepted">accepted</span>}{' '}
                {at ? (
                  <button type="button" className="link" onClick={() => void openFinding(repo, f)}>
                    {f.message}
                  </button>
                ) : (
                  f.message
                )}
                {f.location && (
                  <span className="muted mono">
                    {' '}
                    {f.location.file}:{f.location.start.line}
                  </span>
                )}
                {f.accepted && (
                  <span className="accepted-reason">
                    {' '}
                    Accepted: {f.accepted.reason} ({f.accepted.by})
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {shown.length < repo.findings.length && (
        <button type="button" className="link small" onClick={() => setAll(true)}>
          Show all {repo.findings.length} findings
        </button>
      )}
    </section>
  );
}

/** What a cell says, for the eye (short, changes marked) and for a screen reader (in words). */
function cellParts(c: PackageAcrossCell): { text: string; changed: boolean }[] {
  const head = c.headVersion ?? (c.heads.length ? c.heads.join(', ') : 'no head');
  const ch = c.change;
  if (!ch) return [{ text: `${c.defaultChannel} · ${head}`, changed: false }];
  const parts: { text: string; changed: boolean }[] = [];
  if (ch.returned) parts.push({ text: 'back', changed: true });
  if (ch.defaultChannel !== undefined)
    parts.push({ text: `default ${c.defaultChannel} (was ${ch.defaultChannel})`, changed: true });
  if (ch.head !== undefined) parts.push({ text: `head ${head} (was ${ch.head})`, changed: true });
  if (ch.added.length) parts.push({ text: `+${ch.added.length}`, changed: true });
  if (ch.dropped.length) parts.push({ text: `−${ch.dropped.length}`, changed: true });
  if (parts.length === 0) parts.push({ text: 'same', changed: false });
  return parts;
}

function cellLabel(pkg: string, version: string, c: PackageAcrossCell): string {
  const head = c.headVersion ?? (c.heads.join(', ') || 'no head');
  const ch = c.change;
  const what = [`default channel ${c.defaultChannel}, head ${head}`];
  if (ch?.returned) what.push('back after a version without it');
  if (ch?.defaultChannel !== undefined) what.push(`default channel was ${ch.defaultChannel}`);
  if (ch?.head !== undefined) what.push(`head was ${ch.head}`);
  if (ch?.added.length) what.push(`added ${ch.added.join(', ')}`);
  if (ch?.dropped.length) what.push(`dropped ${ch.dropped.join(', ')}`);
  if (ch && what.length === 1) what.push('same as the version before');
  return `${pkg} in ${version}: ${what.join('; ')}`;
}

/** Every package across the versions: the first column says what is there, the next ones what changes. */
function PackagesMatrix() {
  const { data: m } = usePackagesAcross();
  const [onlyChanging, setOnlyChanging] = useState<boolean | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  // The bar's "Versions matrix" may have been pressed before the matrix was read (matrix-focus.ts).
  useEffect(() => focusMatrixIfAsked(heading.current), [m]);
  useEffect(() => forgetMatrixFocus, []);
  if (!m) return <p className="muted small">Reading every catalog…</p>;
  const changing = m.rows.filter((r) => r.changes > 0).length;
  // Many packages: start with the ones that change (the rest are the same in every version).
  const only = onlyChanging ?? (m.rows.length > 15 && changing > 0);
  const rows = only ? m.rows.filter((r) => r.changes > 0) : m.rows;
  return (
    <section aria-labelledby={MATRIX_HEADING_ID} id="packages-across">
      <h3 id={MATRIX_HEADING_ID} ref={heading} tabIndex={-1}>
        Versions matrix
      </h3>
      <p className="small muted">
        Each package's default channel and head in the first version that has it, then only what changes from
        the version before (+ bundles added, − dropped). A cell opens that catalog at the package.{' '}
        {plural(changing, 'package')} of {m.rows.length} change across versions.
      </p>
      {m.rows.length > 0 && changing > 0 && changing < m.rows.length && (
        <label className="small">
          <input type="checkbox" checked={only} onChange={(e) => setOnlyChanging(e.target.checked)} /> Only
          packages that change
        </label>
      )}
      <MatrixTable m={m} rows={rows} />
    </section>
  );
}

function MatrixTable({ m, rows }: { m: PackagesAcrossView; rows: PackagesAcrossView['rows'] }) {
  return (
    <div className="ro-matrix-scroll">
      <table className="versions-matrix ro-matrix" aria-label="Packages across OpenShift versions">
        <MatrixHead corner="Package">
          {m.columns.map((c) => (
            <th key={c.catalog} scope="col" title={c.catalog}>
              {versionLabel(c)}
            </th>
          ))}
        </MatrixHead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.package}>
              <th scope="row">{r.package}</th>
              {r.cells.map((c, i) => {
                const col = m.columns[i]!;
                if (!c) {
                  const left = r.cells.slice(0, i).some((x) => x !== null);
                  return <AbsentCell key={col.catalog} gone={left} where={versionLabel(col)} />;
                }
                const parts = cellParts(c);
                const changed = parts.some((p) => p.changed);
                return (
                  <ButtonCell
                    key={col.catalog}
                    className={changed ? 'changed' : c.change ? 'same' : 'first'}
                    buttonClass="ro-cell"
                    label={cellLabel(r.package, versionLabel(col), c)}
                    onClick={() => void openCell(col.catalog, r.package, c.defaultChannel)}
                  >
                    {parts.map((p, k) => (
                      <span key={k} className={p.changed ? 'diff' : undefined}>
                        {p.text}
                      </span>
                    ))}
                  </ButtonCell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

async function openCell(catalog: string, pkg: string, channel: string): Promise<void> {
  await switchCatalog(catalog);
  navigate({ pkg, ch: channel || undefined });
}
