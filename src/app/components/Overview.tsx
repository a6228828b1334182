import { lazy, Suspense } from 'react';
import { hasDirectoryPicker } from '../../browser/recent-folders';
import { useBeside } from '../beside/beside-client';
import { openFolderWithPicker } from '../opening/open-catalog';
import { useSummary } from '../state/store';
import { formatBytes, plural } from '../ui/Badges';
import { formatLocation, verdictLabel } from '../ui/format';

/** A Crossplane package's or Fleet bundle's view: its own chunk, loaded only for such a folder. */
const BesideView = lazy(() => import('../beside/BesideView'));
/** A repository's overview (every catalog, across versions): its own chunk, loaded only for a repository. */
const RepositoryOverview = lazy(() => import('../repository/RepositoryOverview'));

/** What the centre shows when no package is selected: the catalog at a glance. */
export function Overview() {
  const summary = useSummary();
  const beside = useBeside().data;
  if (!summary) return null;
  // A Crossplane package or Fleet bundle: its own view, none of an OLM catalog's (packages, channels).
  if (summary.beside)
    return (
      <div className="overview pad">
        <Suspense fallback={<p className="muted">Loading…</p>}>
          {beside && <BesideView view={beside} />}
        </Suspense>
      </div>
    );
  if (summary.catalog)
    return (
      <Suspense fallback={<p className="muted pad">Loading…</p>}>
        <RepositoryOverview />
      </Suspense>
    );
  return (
    <div className="overview pad">
      <h2>{summary.kind === 'demo' ? 'Demo catalog' : summary.name}</h2>
      <p>
        {plural(summary.packages, 'package')}, {plural(summary.channels, 'channel')},{' '}
        {plural(summary.bundles, 'bundle')} in {plural(summary.files, 'file')} ({formatBytes(summary.bytes)})
        {summary.ignoredFiles > 0 && `, ${summary.ignoredFiles} ignored by .indexignore`}.
        {/* Under a millisecond is no figure worth showing ("Loaded in 0 ms"). */}
        {summary.durationMs >= 1 && ` Loaded in ${Math.round(summary.durationMs)} ms.`}
      </p>
      <p className={`verdict ${summary.passed ? 'ok' : 'bad'}`}>
        {verdictLabel(summary)}:{' '}
        {summary.passed
          ? summary.bundleObjects === 'checking'
            ? 'no problems so far'
            : 'passed'
          : `failed · ${plural(summary.errors, 'error')}`}
        {summary.warnings > 0 && ` · ${plural(summary.warnings, 'FBC Studio warning')}`}
        {summary.bundleObjects === 'checking' && ' · checking bundle objects…'}
      </p>
      {summary.fileProblems.length > 0 && (
        <section aria-label="Files with problems">
          <h3>Files that could not be loaded</h3>
          <ul className="file-problems">
            {summary.fileProblems.map((f) => (
              <li key={f.file}>
                <span className="mono">{f.location ? formatLocation(f.location) : f.file}</span>: {f.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="muted">
        Pick a package on the left, or a problem below, to see its channels and upgrade graph.
      </p>
      {summary.kind === 'demo' && <DemoIntro />}
    </div>
  );
}

function DemoIntro() {
  return (
    <div className="callout">
      <p>
        This is a small demo catalog, built in. It shows <code>replaces</code>, <code>skips</code> and{' '}
        <code>skipRange</code> edges, several channels, deprecations, and a real problem (a stranded bundle in{' '}
        <code>cirrus-operator</code>).
      </p>
      {hasDirectoryPicker() ? (
        <button type="button" className="primary" onClick={() => void openFolderWithPicker()}>
          Open your catalog folder
        </button>
      ) : (
        <p>
          This browser cannot write to folders: use “Choose folder (read-only)” or drop a folder on the page.
          Saving will download files instead.
        </p>
      )}
    </div>
  );
}
