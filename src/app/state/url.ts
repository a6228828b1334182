/**
 * The URL says what is shown: `?pkg=<package>&ch=<channel>&bundle=<bundle>` (and `cat`, a
 * repository's catalog). The History API is
 * the single source of truth for the selection, so a pasted link lands on the same view and
 * back/forward work without any extra bookkeeping.
 */
import { useSyncExternalStore } from 'react';

export interface View {
  pkg?: string;
  ch?: string;
  bundle?: string;
}

const listeners = new Set<() => void>();
let cachedSearch: string | undefined;
let cachedView: View = {};

function notify(): void {
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

export function parseView(search: string): View {
  const q = new URLSearchParams(search);
  const view: View = {};
  const pkg = q.get('pkg');
  const ch = q.get('ch');
  const bundle = q.get('bundle');
  if (pkg) view.pkg = pkg;
  if (pkg && ch) view.ch = ch;
  if (pkg && bundle) view.bundle = bundle;
  return view;
}

/** The repository catalog on screen (`cat`), kept across navigations within it. */
export const catalogParam = (): string | null => new URLSearchParams(location.search).get('cat');

export function setCatalogParam(cat: string): void {
  const q = new URLSearchParams(location.search);
  q.set('cat', cat);
  history.replaceState(null, '', `${location.pathname}?${q}${location.hash}`);
  notify();
}

export function viewToSearch(view: View): string {
  const q = new URLSearchParams();
  const cat = typeof location === 'undefined' ? null : catalogParam();
  if (cat) q.set('cat', cat);
  if (view.pkg) q.set('pkg', view.pkg);
  if (view.pkg && view.ch) q.set('ch', view.ch);
  if (view.pkg && view.bundle) q.set('bundle', view.bundle);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function currentView(): View {
  if (location.search !== cachedSearch) {
    cachedSearch = location.search;
    cachedView = parseView(location.search);
  }
  return cachedView;
}

/** Shows `view`. `replace` for moves that should not each get a history entry (arrow keys, fix-ups). */
export function navigate(view: View, opts: { replace?: boolean } = {}): void {
  const search = viewToSearch(view);
  if (search === location.search) return;
  const url = `${location.pathname}${search}${location.hash}`;
  if (opts.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useView(): View {
  return useSyncExternalStore(subscribe, currentView, () => ({}));
}
