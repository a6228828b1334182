import type { PathAnswer, PathView, Semantics, WhoReachesAnswer } from '../../core/service/paths-views';

const LABEL: Record<Semantics, string> = { v0: 'OLM v0', v1: 'OLM v1' };

export interface PathResultsProps {
  answer?: PathAnswer;
  who?: WhoReachesAnswer;
  error?: string;
  /** The semantics highlighted on the graph. */
  shown: Semantics;
  onShown(s: Semantics): void;
  onSelect(pkg: string, channel: string, bundle: string): void;
}

/**
 * The answer to the last path question: timelines (installed → hop → … → head) or the bundles that
 * reach a target. Everything comes in through props: this chunk imports nothing from the shell.
 */
export default function PathResults({ answer, who, error, shown, onShown, onSelect }: PathResultsProps) {
  if (error) {
    return (
      <p className="error-text small" role="alert">
        {error}
      </p>
    );
  }

  const pick = (
    <div className="paths-pick" role="radiogroup" aria-label="Highlight on the graph">
      <span className="muted small">Highlight:</span>
      {(['v0', 'v1'] as const).map((s) => (
        <button key={s} type="button" role="radio" aria-checked={shown === s} onClick={() => onShown(s)}>
          {LABEL[s]}
        </button>
      ))}
    </div>
  );

  if (answer) {
    const select = (name: string) => onSelect(answer.package, answer.channel, name);
    return (
      <div className="paths-answer" aria-live="polite">
        <p className="small">
          From <strong>{answer.from.label}</strong> in channel <strong>{answer.channel}</strong>
        </p>
        {answer.differ ? (
          <>
            <p className="paths-differ" role="note" data-testid="path-difference">
              <strong>OLM v0 and v1 differ.</strong> {answer.explanation}.
            </p>
            {pick}
            <Timeline view={answer.v0} title={LABEL.v0} active={shown === 'v0'} onSelect={select} />
            <Timeline view={answer.v1} title={LABEL.v1} active={shown === 'v1'} onSelect={select} />
          </>
        ) : (
          <>
            <Timeline view={answer.v0} title="OLM v0 and v1 agree" active onSelect={select} both />
            {/* The same path, told apart only by how it ends (one side's error, or its reason). */}
            {answer.explanation && (
              <p className="paths-note small" role="note" data-testid="path-note">
                {answer.explanation}.
              </p>
            )}
          </>
        )}
      </div>
    );
  }

  if (who) {
    const same = who.v0.join('\0') === who.v1.join('\0');
    const list = (names: string[], s: Semantics | 'both') => (
      <div className="paths-who" data-testid={`who-${s}`}>
        <h4>
          {s === 'both' ? 'OLM v0 and v1' : LABEL[s]}: {names.length} bundle{names.length === 1 ? '' : 's'}
        </h4>
        {names.length === 0 ? (
          <p className="muted small">No other bundle’s users end up here.</p>
        ) : (
          <ul>
            {names.map((n) => (
              <li key={n}>
                <button type="button" className="link" onClick={() => onSelect(who.package, who.channel, n)}>
                  {n}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
    return (
      <div className="paths-answer" aria-live="polite">
        <p className="small">
          Who can reach <strong>{who.target}</strong> in channel <strong>{who.channel}</strong>
        </p>
        {same ? (
          list(who.v0, 'both')
        ) : (
          <>
            {pick}
            {list(who.v0, 'v0')}
            {list(who.v1, 'v1')}
          </>
        )}
      </div>
    );
  }
  return null;
}

function Timeline({
  view,
  title,
  active,
  both,
  onSelect,
}: {
  view: PathView;
  title: string;
  active: boolean;
  both?: boolean;
  onSelect(name: string): void;
}) {
  const id = both ? 'path-timeline' : `path-timeline-${view.semantics}`;
  return (
    <section className={`paths-timeline${active ? ' active' : ''}`} aria-label={title} data-testid={id}>
      <h4>
        {title}
        {active && !both && <span className="tag">highlighted</span>}
      </h4>
      <ol>
        {view.steps.map((step, i) => (
          <li key={`${i}:${step.name}`} data-step={step.name} className={step.head ? 'head' : undefined}>
            {step.reason && <p className="paths-reason">{step.reason}</p>}
            <div className="paths-step">
              {step.inChannel ? (
                <button type="button" className="link" onClick={() => onSelect(step.name)}>
                  {step.name}
                </button>
              ) : (
                <span>{step.name}</span>
              )}
              {i === 0 && <span className="tag">installed</span>}
              {step.head && <span className="tag tag-default">HEAD</span>}
              {step.deprecated !== undefined && (
                <span className="tag tag-warning" title={step.deprecated}>
                  deprecated
                </span>
              )}
              {!step.inChannel && <span className="tag">not in this channel</span>}
            </div>
          </li>
        ))}
      </ol>
      {!view.reachesHead && (
        <p className="paths-stuck" role="note">
          <strong>Stops here.</strong> {view.stuckReason}
          {view.error && <code className="paths-error">{view.error}</code>}
        </p>
      )}
    </section>
  );
}
