import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { DiagnosticView } from '../../core/service/views';
import { useDiagnostics } from '../state/queries';
import { fetchFullMessage } from '../state/perf-diagnostics';
import { filterProblems, toggleProblems, useApp, type ProblemsFilter } from '../state/store';
import { navigate } from '../state/url';
import { plural } from '../ui/Badges';
import { formatLocation, verdictLabel } from '../ui/format';
import { listboxKey } from './listbox-keys';
import { VirtualList } from './VirtualList';
import { countBySeverity, filterDiagnostics } from './problems-order';
import { openInEditor, useEdits } from '../editor/edit-store';
import { Splitter } from '../layout/Splitter';

const ROW = 46;
// The rule catalogue's text loads on first use, outside the initial bundle.
const RuleAbout = lazy(() => import('./RuleAbout'));
// The source filter loads only when a pipeline pack's findings are listed (a repository with a pack).
const ProblemSources = lazy(() => import('./ProblemSources'));

const SOURCE_NAME: Partial<Record<DiagnosticView['source'], string>> = {
  opm: 'opm',
  crossplane: 'Crossplane',
  fleet: 'Fleet',
  konflux: 'Konflux',
  community: 'Community pipeline',
};

/**
 * "opm error" (what `opm validate` reports) versus "FBC Studio warning" (our own checks), or a
 * Crossplane package's or Fleet bundle's own check.
 */
export function problemKind(d: DiagnosticView): string {
  return `${SOURCE_NAME[d.source] ?? 'FBC Studio'} ${d.severity}`;
}

export function ProblemsPanel() {
  const { data: all = [] } = useDiagnostics();
  const summary = useApp((s) => s.summary);
  const open = useApp((s) => s.problemsOpen);
  const filter = useApp((s) => s.problemsFilter);
  const [active, setActive] = useState<number>(-1);
  const [showOpm, setShowOpm] = useState(false);
  // A capped message's whole text, fetched when "show all" is clicked on its row.
  const [whole, setWhole] = useState<{ id: number; text: string } | null>(null);
  // "About this rule" follows the selected problem while it is open.
  const [about, setAbout] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const shown = useMemo(() => filterDiagnostics(all, filter), [all, filter]);
  const packages = useMemo(
    () => [...new Set(all.map((d) => d.package).filter((p): p is string => !!p))].sort(),
    [all],
  );
  const counts = useMemo(() => countBySeverity(all), [all]);
  const accepted = useMemo(() => all.filter((d) => d.accepted).length, [all]);
  // The Source filter (lazy: the initial JS is budgeted) once a pipeline pack's findings are listed.
  const packs = useMemo(() => all.some((d) => d.source === 'konflux' || d.source === 'community'), [all]);
  const activeIndex = shown.findIndex((d) => d.id === active);
  const activeRule = shown[activeIndex]?.rule;

  const go = (d: DiagnosticView) => {
    setActive(d.id);
    // The node it concerns: its bundle, else the first entry it names (a stranded bundle, a head).
    if (d.package)
      navigate({ pkg: d.package, ch: d.channel ?? d.navChannel, bundle: d.bundle ?? d.targets?.[0]?.bundle });
    // Editing: with the editor open, the problem is also shown there, at its range.
    if (d.location && useEdits.getState().editorOpen) openInEditor(d.location.file, d.location);
  };

  return (
    <section ref={sectionRef} className={`problems${open ? '' : ' collapsed'}`} aria-label="Problems">
      {open && (
        <Splitter
          name="problems-height"
          label="Resize the Problems panel"
          panel={() => sectionRef.current}
          min={90}
          max={0.6}
        />
      )}
      <div className="pane-head problems-head">
        <h2>
          <button
            type="button"
            className="disclosure"
            aria-expanded={open}
            aria-controls="problems-body"
            onClick={toggleProblems}
          >
            <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
            Problems
          </button>
        </h2>
        <span className="muted small" aria-live="polite">
          {plural(counts.error, 'error')}, {plural(counts.warning, 'warning')}
          {counts.info > 0 && `, ${counts.info} info`}
          {accepted > 0 && ` (${accepted} accepted)`}
          {shown.length !== all.length && ` · showing ${shown.length}`}
        </span>
        {summary && (
          // While the deferred bundle-object check runs, "passed" is not known yet ("failed" is).
          <span
            className={`verdict ${summary.passed ? (summary.bundleObjects === 'checking' ? 'pending' : 'ok') : 'bad'}`}
          >
            {verdictLabel(summary)}:{' '}
            {summary.passed
              ? summary.bundleObjects === 'checking'
                ? 'checking bundle objects…'
                : 'passed'
              : 'failed'}
          </span>
        )}
        {summary?.bundleObjects === 'checking' && !summary.passed && (
          <span className="muted small" role="status">
            checking bundle objects…
          </span>
        )}
        {summary?.opmMessage && (
          <button
            type="button"
            className="link small"
            aria-expanded={showOpm}
            onClick={() => setShowOpm(!showOpm)}
          >
            {showOpm ? 'Hide opm output' : 'Show opm output'}
          </button>
        )}
        {activeRule && (
          <button type="button" className="link small" aria-expanded={about} onClick={() => setAbout(!about)}>
            About rule {activeRule}
          </button>
        )}
        <span className="spacer" />
        <label className="small">
          Severity{' '}
          <select
            value={filter.severity}
            onChange={(e) => filterProblems({ severity: e.target.value as ProblemsFilter['severity'] })}
          >
            <option value="all">All</option>
            <option value="error">Errors</option>
            <option value="warning">Warnings</option>
            <option value="info">Info</option>
          </select>
        </label>
        {(packs || filter.group) && (
          <Suspense fallback={null}>
            <ProblemSources all={all} />
          </Suspense>
        )}
        <label className="small">
          Package{' '}
          <select value={filter.package} onChange={(e) => filterProblems({ package: e.target.value })}>
            <option value="">All packages</option>
            {packages.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </div>
      {open && (
        <div id="problems-body" className="problems-body">
          {showOpm && summary?.opmMessage && (
            <pre className="opm-output" aria-label="opm validate output">
              {summary.opmMessage}
            </pre>
          )}
          {whole !== null && (
            <pre className="opm-output" aria-label="Whole message">
              {whole.text}
            </pre>
          )}
          {about && activeRule && (
            <Suspense fallback={null}>
              <RuleAbout rule={activeRule} onClose={() => setAbout(false)} />
            </Suspense>
          )}
          {shown.length === 0 ? (
            <p className="muted pad">
              {all.length ? 'No problem matches the filters.' : 'No problems found.'}
            </p>
          ) : (
            <VirtualList
              ref={listRef}
              className="listbox problem-list"
              role="listbox"
              aria-label="Problems"
              tabIndex={0}
              aria-activedescendant={activeIndex >= 0 ? `problem-${shown[activeIndex]!.id}` : undefined}
              count={shown.length}
              rowHeight={ROW}
              scrollToIndex={activeIndex}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && activeIndex >= 0) {
                  go(shown[activeIndex]!);
                  return;
                }
                if (e.key === '?') {
                  e.preventDefault(); // not the shortcuts sheet: the rule of this problem
                  return setAbout(true);
                }
                const page = Math.max(1, Math.floor(e.currentTarget.clientHeight / ROW) - 1);
                const next = listboxKey(e, activeIndex, shown.length, page);
                if (next !== undefined) {
                  e.preventDefault();
                  setActive(shown[next]!.id);
                }
              }}
              renderRow={(i, style) => {
                const d = shown[i]!;
                return (
                  <div
                    key={d.id}
                    id={`problem-${d.id}`}
                    role="option"
                    aria-selected={d.id === active}
                    className={`problem-row sev-${d.severity} src-${d.source}${d.id === active ? ' selected' : ''}`}
                    style={style}
                    onClick={() => go(d)}
                    onDoubleClick={() => d.location && openInEditor(d.location.file, d.location)}
                    title={
                      d.accepted
                        ? `${d.message}\nAccepted: ${d.accepted.reason} (${d.accepted.by})`
                        : d.message
                    }
                  >
                    <div className="row-line">
                      <span className={`kind kind-${d.source}-${d.severity}`}>{problemKind(d)}</span>
                      {d.accepted && (
                        // Accepted in the repository configuration: listed, and failing nothing.
                        <span className="kind kind-accepted" title={`Accepted in ${d.accepted.by}`}>
                          accepted
                        </span>
                      )}
                      <span className="message">{firstLine(d.message)}</span>
                    </div>
                    <div className="row-line muted small">
                      <span className="context">
                        {[d.package, d.channel, d.bundle].filter(Boolean).join(' › ')}
                        {d.targets && ` · ${plural(d.targets.length, 'bundle')}`}
                      </span>
                      {d.accepted && <span className="accepted-reason">Accepted: {d.accepted.reason}</span>}
                      {d.messageLength !== undefined && (
                        <button
                          type="button"
                          className="link small"
                          aria-expanded={whole?.id === d.id}
                          onClick={(e) => {
                            e.stopPropagation();
                            if (whole?.id === d.id) return setWhole(null);
                            void fetchFullMessage(d.id).then((text) =>
                              setWhole(text === null ? null : { id: d.id, text }),
                            );
                          }}
                        >
                          show all
                        </button>
                      )}
                      <span className="mono location">{d.location ? formatLocation(d.location) : ''}</span>
                    </div>
                  </div>
                );
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}

function firstLine(s: string): string {
  const i = s.indexOf('\n');
  return i < 0 ? s : `${s.slice(0, i)} …`;
}
