/**
 * The app's state: the catalog on screen (its summary: the one copy the UI keeps), the open in
 * progress, the recent folders, the theme and the problems panel. Changed only through the named
 * mutations below (each says what happened); they are plain functions rather than store members,
 * so components call them without subscribing to anything.
 */
import { create } from 'zustand';
import type { RecentFolder } from '../../browser/recent-folders';
import type { CatalogSummary, LoadProgress } from '../../core/service/views';
import type { Severity } from '../../core/diagnostics';

export type Theme = 'light' | 'dark';

export interface ProblemsFilter {
  severity: Severity | 'all';
  /** '' = every package. */
  package: string;
  /** One source's problems (opm, FBC Studio, Konflux, community); '' or absent = all. */
  group?: '' | 'opm' | 'fbc-studio' | 'konflux' | 'community';
}

export interface AppState {
  summary?: CatalogSummary;
  /** Set while a catalog is being opened. */
  loading?: { label: string; progress: LoadProgress };
  /** The last open that failed as a whole (no catalog shown changes). */
  openError?: string;
  recent: RecentFolder[];
  theme: Theme;
  problemsOpen: boolean;
  problemsFilter: ProblemsFilter;
  /** The graph shows every channel of the package at once. */
  wholePackage: boolean;
}

import { remember, remembered } from '../layout/panel-sizes';

const THEME_KEY = 'fbc-studio.theme';

function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // Storage can be blocked; fall through to the system preference.
  }
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const useApp = create<AppState>()(() => ({
  recent: [],
  theme: initialTheme(),
  problemsOpen: remembered<boolean>('problems-open', true),
  problemsFilter: { severity: 'all', package: '' },
  wholePackage: false,
}));

/** The catalog on screen: the one copy of its summary the UI keeps. */
export const useSummary = () => useApp((s) => s.summary);
/** The generation on screen; every worker query is keyed by it (queries.ts). */
export const useGeneration = () => useApp((s) => s.summary?.generation);

const set = useApp.setState;

// Opening a catalog (actions.ts).
export const openStarted = (label: string, progress: LoadProgress) =>
  set({ loading: { label, progress }, openError: undefined });
export function loadProgressed(progress: LoadProgress): void {
  const loading = useApp.getState().loading;
  if (loading) set({ loading: { ...loading, progress } });
}
/** The catalog on screen is taken down, the load still shown, just before the new one is shown. */
export const catalogLeaving = () => set({ summary: undefined });
/** The new catalog replaces the one on screen, in the same update that ends the load. */
export const catalogOpened = (summary: CatalogSummary) => set({ summary, loading: undefined });
export const openCancelled = () => set({ loading: undefined });
export const openFailed = (message: string) => set({ loading: undefined, openError: message });
/** An error before any load started (the folder picker, a permission). */
export const showOpenError = (message: string) => set({ openError: message });
export const dismissOpenError = () => set({ openError: undefined });
export const recentFoldersListed = (recent: RecentFolder[]) => set({ recent });

/** A newer generation of the open catalog (an edit, the deferred check) is shown: show-generation.ts. */
export const showSummary = (summary: CatalogSummary) => set({ summary });

export function toggleProblems(): void {
  const open = !useApp.getState().problemsOpen;
  set({ problemsOpen: open });
  remember('problems-open', open);
}
export const filterProblems = (patch: Partial<ProblemsFilter>) =>
  set((s) => ({ problemsFilter: { ...s.problemsFilter, ...patch } }));
export const showWholePackage = (on: boolean) => set({ wholePackage: on });

/** Until the user picks a theme, follow the system's light/dark setting as it changes. */
export function followSystemTheme(): () => void {
  const media = matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    let saved: string | null = null;
    try {
      saved = localStorage.getItem(THEME_KEY);
    } catch {
      // Treated as no saved choice.
    }
    if (saved) return;
    const theme: Theme = media.matches ? 'dark' : 'light';
    set({ theme });
    document.documentElement.dataset.theme = theme;
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function setTheme(theme: Theme): void {
  set({ theme });
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Not persisted; the toggle still works for this page.
  }
}
