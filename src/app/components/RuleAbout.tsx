import { useEffect, useRef } from 'react';
import { GROUP_TITLES, ruleById } from '../../core/rules';
import './rule-about.css';

const PACK: Record<string, string> = { konflux: 'Konflux pack', community: 'community pipeline pack' };
const SOURCE: Record<string, string> = { opm: 'opm', ...PACK };

/**
 * "About this rule" for the Problems panel: the rule catalogue's entry for a problem's rule id.
 * Loaded on first use (ProblemsPanel imports it lazily), so the catalogue's text is not part of
 * the initial bundle.
 */
export default function RuleAbout({ rule, onClose }: { rule: string; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  // Focus moves here when it opens, so a keyboard or screen-reader user lands on the text, and
  // back to where it was (the problem list or the button) when it closes. Done here rather than
  // in ProblemsPanel to keep that code out of the initial bundle.
  useEffect(() => {
    const before = document.activeElement;
    ref.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  const r = ruleById(rule);
  return (
    <section
      ref={ref}
      className="rule-about"
      aria-label={`About rule ${rule}`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <button type="button" className="link small close" onClick={onClose}>
        Close
      </button>
      {r === undefined ? (
        <p>The rule catalogue has no entry for {rule}.</p>
      ) : (
        <>
          <h3>
            <span className="mono">{r.id}</span> {r.title}
          </h3>
          <p className="muted small">
            Source: {SOURCE[r.source] ?? 'FBC Studio'} · severity {r.severity} · {GROUP_TITLES[r.group]}
            {r.since && ` · since opm ${r.since}`}
          </p>
          <p>{r.description}</p>
          {r.message && (
            <p className="small">
              {r.source === 'opm' ? "opm's" : r.source in PACK ? "The pipeline's" : 'The'} message:{' '}
              <code>{r.message}</code>
            </p>
          )}
          <p className="small">
            {r.source === 'opm' ? 'Ports ' : r.source in PACK ? 'The pipeline’s check: ' : 'Why: '}
            <a href={r.upstream.url} target="_blank" rel="noreferrer">
              {r.upstream.text}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
