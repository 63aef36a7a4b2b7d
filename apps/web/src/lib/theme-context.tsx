import { THEME_STORAGE_KEY, type Theme } from '@casebridge/domain/constants';
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

type ThemeContextValue = {
  theme: Theme;
  toggleTheme: () => void;
  setTheme: (theme: Theme) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * The theme of a page rendered outside the browser (app/server-render.tsx): the stored choice is
 * the browser's, so such a page is light until the app has taken it over.
 */
export const RENDERED_PAGE_THEME: Theme = 'light';

/** The theme already applied by page-init.js before the app started. */
function readAppliedTheme(): Theme {
  if (typeof document === 'undefined') return RENDERED_PAGE_THEME;
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/**
 * `renderedTheme`: the theme of server markup the app hydrates (main.tsx). Hydrating keeps the
 * markup's attributes, so the first render must be that theme's; the applied theme follows in a
 * layout effect, before the first paint.
 */
export function ThemeProvider({
  children,
  renderedTheme,
}: {
  children: ReactNode;
  renderedTheme?: Theme;
}) {
  const [theme, setThemeState] = useState<Theme>(() => renderedTheme ?? readAppliedTheme());
  useLayoutEffect(() => {
    if (!renderedTheme) return;
    // oxlint-disable-next-line react/set-state-in-effect -- the applied theme is outside React (page-init.js); hydration must first match the markup's
    setThemeState(readAppliedTheme());
  }, [renderedTheme]);

  const setTheme = useCallback((next: Theme) => {
    document.documentElement.classList.toggle('dark', next === 'dark');
    document.documentElement.style.colorScheme = next;
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
    setThemeState(next);
  }, []);

  const value = useMemo(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}
