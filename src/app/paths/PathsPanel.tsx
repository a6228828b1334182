import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { fetchImpact } from '../state/queries';
import { TextInput } from '../ui/TextInput';
import { WhileLoading } from '../ui/lazy-parts';
import { useEdits } from '../editor/edit-store';
import { useApp, useGeneration } from '../state/store';
import { navigate } from '../state/url';
import { editedSinceOpen } from './opened';
import { showSemantics, usePaths } from './store';
import './paths.css';
import './test-hook';

// The answers and the impact list are their own chunks: nothing of them loads until there is one.
const PathResults = lazy(() => import('./PathResults'));
const ImpactPanel = lazy(() => import('./ImpactPanel'));
/** The code that asks the worker, loaded with the first question. */
const ask = () => import('./ask');
const select = (pkg: string, ch: string, bundle?: string) => navigate({ pkg, ch, bundle });

export interface PathsPanelProps {
  pkg: string;
  channel: string;
  channels: string[];
  /** The selected bundle (graph node or Entries row). */
  bundle?: string;
}

/**
 * "Show upgrade path" and "Who can reach this bundle": pick an installed bundle (the selection, or a
 * typed version) and a channel. Sits above the bundle details.
 */
export function PathsPanel({ pkg, channel, channels, bundle }: PathsPanelProps) {
  const [installed, setInstalled] = useState(bundle ?? '');
  const [target, setTarget] = useState(channel);
  const { answer, who, error, busy, query, shown } = usePaths();
  const generation = useGeneration();
  const edited = useApp((s) => editedSinceOpen(s.summary?.generation));
  const saved = useEdits((s) => (s.edit?.dirty.length ?? 0) === 0);
  const ids = { installed: useId(), channel: useId() };

  // The selection and the channel on screen fill the form (typing overrides until the next pick).
  useEffect(() => setInstalled(bundle ?? ''), [bundle]);
  useEffect(() => setTarget(channel), [channel]);

  // After an edit, ask again: the highlight must follow the catalog as it is now.
  const asked = usePaths((s) => s.generation);
  useEffect(() => {
    if (generation === undefined || asked === undefined || asked === generation) return;
    if (query) void ask().then((m) => m.askPath(query, { follow: false }));
    else if (who) void ask().then((m) => m.askWhoReaches(who.package, who.channel, who.target));
  }, [generation, asked, query, who]);

  const text = installed.trim();
  const mine = (answer && answer.package === pkg) || (who && who.package === pkg) || error;
  return (
    <div className="paths-side">
      {edited && (
        <Suspense fallback={null}>
          {/* Asked afresh once everything is written: nothing is pending then, and the generation stays. */}
          <ImpactPanel
            key={saved ? 'saved' : 'pending'}
            generation={generation ?? 0}
            load={fetchImpact}
            onSelect={select}
          />
        </Suspense>
      )}
      <section className="paths-panel" aria-label="Upgrade paths">
        <h3>Upgrade path</h3>
        <form
          className="paths-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (text) void ask().then((m) => m.askPath({ package: pkg, channel: target, version: text }));
          }}
        >
          <label htmlFor={ids.installed}>Installed</label>
          <TextInput
            id={ids.installed}
            value={installed}
            onValue={setInstalled}
            placeholder="select a bundle, or type 1.2.0"
            autoComplete="off"
          />
          <label htmlFor={ids.channel}>Channel</label>
          <select id={ids.channel} value={target} onChange={(e) => setTarget(e.target.value)}>
            {channels.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <div className="paths-buttons">
            <button type="submit" className="primary" disabled={!text || busy}>
              Show upgrade path
            </button>
            <button
              type="button"
              disabled={!text || busy}
              title="Every bundle whose users end up at this one"
              onClick={() => void ask().then((m) => m.askWhoReaches(pkg, target, text))}
            >
              Who can reach it?
            </button>
            {mine && (
              <button type="button" className="link" onClick={() => void ask().then((m) => m.clearPaths())}>
                Clear
              </button>
            )}
          </div>
        </form>
        {mine && (
          <WhileLoading>
            <PathResults
              answer={answer}
              who={who}
              error={error}
              shown={shown}
              onShown={showSemantics}
              onSelect={select}
            />
          </WhileLoading>
        )}
      </section>
    </div>
  );
}
