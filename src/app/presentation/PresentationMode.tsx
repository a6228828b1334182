import { useEffect } from 'react';
import { presentationOpener } from '../filters/store';
import { useReturnFocus } from '../ui/use-return-focus';
import './presentation.css';

/**
 * Presentation mode: the graph alone, large and high-contrast (presentation.css), fitted to the
 * screen. PgDn/PgUp (or N/P, ] and [) step through the package's channels; Esc leaves.
 */
export default function PresentationMode({
  pkg,
  channels,
  channel,
  onChannel,
  onExit,
}: {
  pkg: string;
  channels: string[];
  channel: string;
  onChannel(channel: string): void;
  onExit(): void;
}) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('presenting');
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (
        t?.closest('input, textarea, select, dialog, [contenteditable="true"]') ||
        e.altKey ||
        e.ctrlKey ||
        e.metaKey
      )
        return;
      const i = channels.indexOf(channel);
      let step = 0;
      if (e.key === 'PageDown' || e.key === 'n' || e.key === ']') step = 1;
      else if (e.key === 'PageUp' || e.key === 'p' || e.key === '[') step = -1;
      else if (e.key === 'Escape') {
        onExit();
        return;
      }
      if (!step || channels.length === 0) return;
      e.preventDefault();
      const next = channels[(i + step + channels.length) % channels.length]!;
      onChannel(next);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      root.classList.remove('presenting');
    };
  }, [pkg, channels, channel, onChannel, onExit]);

  // Declared after the effect above, so the Present button is visible again when focus returns to it.
  useReturnFocus({ from: presentationOpener(), always: true });
  useEffect(() => {
    // The Present button is hidden now: the graph takes focus, so its keys work at once.
    const a = document.activeElement;
    if (!a || a === document.body || a.closest('.viewbar'))
      document.querySelector<HTMLElement>('.fbc-graph-canvas')?.focus();
  }, []);
  const i = channels.indexOf(channel);
  return (
    <div className="presentation-hud" role="status" aria-live="polite" data-testid="presentation-hud">
      <span>
        <strong>{pkg}</strong> · channel {i + 1} of {channels.length}: <strong>{channel}</strong>
      </span>
      <span className="presentation-keys">PgDn / PgUp: channels · +/−/0: zoom · Esc: leave</span>
      <button type="button" onClick={onExit}>
        Leave presentation
      </button>
    </div>
  );
}
