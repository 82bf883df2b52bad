import { BehaviorSubject, type Observable, combineLatest, defer, distinctUntilChanged, fromEvent, map, shareReplay, startWith } from 'rxjs';
import { readLocal, writeLocal } from '../app/local-settings.ts';

export const THEME_SETTINGS = ['light', 'dark', 'system'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
export type Theme = 'light' | 'dark';

/**
 * The surfaces each theme draws status colours on (its stylesheet's --surface-ground, -section,
 * -card and -overlay, kept equal to them by status-colors.test.ts): what a colour must stand out from.
 */
export const THEME_SURFACES: Record<Theme, readonly string[]> = {
  light: ['#f9fafb', '#ffffff'],
  dark: ['#111827', '#1f2937'],
};

function storedSetting(): ThemeSetting {
  const stored = readLocal('theme');
  return (THEME_SETTINGS as readonly string[]).includes(stored ?? '') ? (stored as ThemeSetting) : 'system';
}

/** The user's choice, kept in this browser. */
export const themeSetting$ = new BehaviorSubject<ThemeSetting>(storedSetting());

export function chooseTheme(setting: ThemeSetting): void {
  writeLocal('theme', setting);
  themeSetting$.next(setting);
}

/** The operating system's preference, following its changes while the page is open. */
export function systemTheme(media: MediaQueryList = window.matchMedia('(prefers-color-scheme: dark)')): Observable<Theme> {
  return fromEvent<MediaQueryListEvent>(media, 'change').pipe(
    map((event) => event.matches),
    startWith(media.matches),
    map((dark): Theme => (dark ? 'dark' : 'light')),
  );
}

/** The theme on screen: the choice, or the system's when the choice is 'system'. */
export function effectiveTheme(setting$: Observable<ThemeSetting>, system$: Observable<Theme>): Observable<Theme> {
  return combineLatest([setting$, system$]).pipe(
    map(([setting, system]) => (setting === 'system' ? system : setting)),
    distinctUntilChanged(),
  );
}

/**
 * The theme on screen, one for all who follow it (the stylesheet, the charts); the first of them starts listening to the system's
 * preference.
 */
export const theme$: Observable<Theme> = defer(() => effectiveTheme(themeSetting$, systemTheme())).pipe(
  shareReplay({ bufferSize: 1, refCount: true }),
);
