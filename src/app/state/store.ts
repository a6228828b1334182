import { create } from 'zustand';
import type { RecentFolder } from '../../browser/recent-folders';
import type { CatalogSummary, LoadProgress } from '../../core/service/views';
import type { Severity } from '../../core/diagnostics';

export type Theme = 'light' | 'dark';

export interface ProblemsFilter {
  severity: Severity | 'all';
  /** '' = every package. */
  package: string;
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
  set: (patch: Partial<Omit<AppState, 'set'>>) => void;
}

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

export const useApp = create<AppState>()((set) => ({
  recent: [],
  theme: initialTheme(),
  problemsOpen: true,
  problemsFilter: { severity: 'all', package: '' },
  wholePackage: false,
  set: (patch) => set(patch),
}));

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
    useApp.getState().set({ theme });
    document.documentElement.dataset.theme = theme;
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function setTheme(theme: Theme): void {
  useApp.getState().set({ theme });
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Not persisted; the toggle still works for this page.
  }
}
