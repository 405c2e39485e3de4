import { atom } from 'jotai';
import { DEFAULT_THEME, THEME_COOKIE, THEMES, type Theme } from '@/lib/constants';
import { readCookie, writeCookie } from '@/lib/cookies';

const ONE_YEAR_S = 365 * 24 * 3600;

export function storedTheme(): Theme {
  const value = readCookie(THEME_COOKIE);
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

const baseThemeAtom = atom<Theme>(storedTheme());

/** The theme, kept in the `theme` cookie so it survives reloads; light by default. */
export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, theme: Theme) => {
    set(baseThemeAtom, theme);
    writeCookie(THEME_COOKIE, theme, ONE_YEAR_S);
    applyTheme(theme);
  },
);
