import { useApp } from '../state/store';

/**
 * The catalog generation right after the last open: a later generation means edits reached the
 * worker (whatever UI made them), so the impact of pending edits is worth asking for. An open
 * clears `loading` in the same update that sets the new summary; an edit sets only the summary.
 */
let opened: number | undefined;

useApp.subscribe((s, prev) => {
  if (prev.loading && !s.loading && s.summary) opened = s.summary.generation;
  else if (opened === undefined && s.summary) opened = s.summary.generation;
});

export function editedSinceOpen(generation: number | undefined): boolean {
  return generation !== undefined && opened !== undefined && generation > opened;
}
