import { ColorSpace, OKLCH, contrastWCAG21, sRGB, serialize, to, toGamut, tryColor, type PlainColorObject } from 'colorjs.io/fn';
import { useObservableEagerState } from 'observable-hooks';
import { useCallback } from 'react';
import { THEME_SURFACES, theme$, type Theme } from './theme.ts';

ColorSpace.register(sRGB);
ColorSpace.register(OKLCH);

/** WCAG 2.1's least contrast for graphical objects (1.4.11): what a status dot or chart part needs against the page. */
export const GRAPHICS_CONTRAST = 3;

/** A colour's least contrast against a theme's surfaces. */
export function contrastOn(theme: Theme, color: PlainColorObject): number {
  return Math.min(...THEME_SURFACES[theme].map((surface) => contrastWCAG21(color, surface)));
}

const shown = new Map<string, string>();

/**
 * A colour as drawn on the theme's surfaces: as it is when it stands out from them (3:1), else
 * lighter on the dark theme or darker on the light one, its hue kept, until it does. Statuses
 * made before the default palette changed (a near-black Skipped) and custom colours stay visible.
 * Anything that is not a colour is left as it is.
 */
export function visibleColor(color: string, theme: Theme): string {
  const key = `${theme}:${color}`;
  let found = shown.get(key);
  if (found === undefined) {
    found = lifted(color, theme);
    shown.set(key, found);
  }
  return found;
}

function lifted(color: string, theme: Theme): string {
  const parsed = tryColor(color);
  if (!parsed || contrastOn(theme, parsed) >= GRAPHICS_CONTRAST) return color;
  const [lightness, chroma, hue] = to(parsed, OKLCH).coords;
  const step = theme === 'dark' ? 0.01 : -0.01;
  for (let next = (lightness ?? 0) + step; next >= 0 && next <= 1; next += step) {
    const candidate = toGamut({ space: OKLCH, coords: [next, chroma, hue], alpha: 1 }, { space: sRGB });
    if (contrastOn(theme, candidate) >= GRAPHICS_CONTRAST) return serialize(to(candidate, sRGB), { format: 'hex' });
  }
  return color;
}

/** `visibleColor` for the theme on screen, following the theme switch. */
export function useVisibleColor(): (color: string) => string {
  const theme = useObservableEagerState(theme$);
  return useCallback((color: string) => visibleColor(color, theme), [theme]);
}
