import { SYSTEM_STATUSES, UNTESTED_SLICE } from '@testament/contracts';
import { OKLCH, contrastWCAG21, deltaE2000, to, tryColor } from 'colorjs.io/fn';
import { describe, expect, it } from 'vitest';
import { themeStylesheet } from './apply-theme.ts';
import { THEME_SURFACES, type Theme } from './theme.ts';
import { GRAPHICS_CONTRAST, contrastOn, visibleColor } from './visible-color.ts';

const THEMES: Theme[] = ['light', 'dark'];
/** The surfaces a status colour is drawn on: the page, its sections, cards, drawers and menus. */
const SURFACE_VARIABLES = ['--surface-ground', '--surface-section', '--surface-card', '--surface-overlay'];
/**
 * CIEDE2000 of about 2 is the least difference seen side by side; status dots and chart parts must be
 * told apart at a glance, a dot in one place from a slice in another, so every two default colours differ
 * by ten times that.
 */
const DISTINCT = 20;

const colorOf = (text: string) => {
  const color = tryColor(text);
  if (!color) throw new Error(`"${text}" is not a colour`);
  return color;
};

async function themeSurfaces(theme: Theme): Promise<string[]> {
  const css = await themeStylesheet(theme);
  return SURFACE_VARIABLES.map((name) => {
    const value = new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
    if (!value) throw new Error(`${theme} theme has no ${name}`);
    return value.toLowerCase();
  });
}

/** What a new install seeds (contracts/src/statuses.ts) and the Untested slice the statistics add. */
const DEFAULTS = [
  ...SYSTEM_STATUSES.filter((status) => !status.deleted).map(({ name, color }) => ({ name, color })),
  { name: 'Untested', color: UNTESTED_SLICE.color },
];

describe('the default status colours', () => {
  it.each(THEMES)('are checked against the %s theme’s own surfaces', async (theme) => {
    expect(new Set(await themeSurfaces(theme))).toEqual(new Set(THEME_SURFACES[theme]));
  });

  it('differ from each other at a glance (CIEDE2000)', () => {
    const close: string[] = [];
    for (const [index, one] of DEFAULTS.entries()) {
      for (const other of DEFAULTS.slice(index + 1)) {
        const difference = deltaE2000(colorOf(one.color), colorOf(other.color));
        if (difference < DISTINCT) close.push(`${one.name}/${other.name}: ${difference.toFixed(1)}`);
      }
    }
    expect(close).toEqual([]);
  });

  it.each(THEMES)('stand out 3:1 from every surface of the %s theme (WCAG 2.1, graphics)', (theme) => {
    const faint = DEFAULTS.filter((status) =>
      THEME_SURFACES[theme].some((surface) => contrastWCAG21(colorOf(status.color), surface) < GRAPHICS_CONTRAST),
    );
    expect(faint.map((status) => status.name)).toEqual([]);
  });

  it('are drawn as they are', () => {
    for (const theme of THEMES) for (const status of DEFAULTS) expect(visibleColor(status.color, theme)).toBe(status.color);
  });
});

describe('a colour drawn on a theme', () => {
  it(
    'is lifted off the dark page when it would vanish there (TestY’s ' + 'near-black Skipped), and darkened on the light one when too pale',
    () => {
      const skipped = visibleColor('rgba(34, 34, 34, 1)', 'dark');
      expect(contrastOn('dark', colorOf(skipped))).toBeGreaterThanOrEqual(GRAPHICS_CONTRAST);
      expect(deltaE2000(colorOf(skipped), colorOf('rgba(34, 34, 34, 1)'))).toBeLessThan(35);
      expect(visibleColor('rgba(34, 34, 34, 1)', 'light')).toBe('rgba(34, 34, 34, 1)');
      const blocked = visibleColor('rgba(208, 208, 208, 1)', 'light');
      expect(contrastOn('light', colorOf(blocked))).toBeGreaterThanOrEqual(GRAPHICS_CONTRAST);
      expect(visibleColor('rgba(208, 208, 208, 1)', 'dark')).toBe('rgba(208, 208, 208, 1)');
    },
  );

  it('keeps its hue when lifted', () => {
    const [, , hueBefore] = to(colorOf('#3a0d12'), OKLCH).coords;
    const [, , hueAfter] = to(colorOf(visibleColor('#3a0d12', 'dark')), OKLCH).coords;
    expect(Math.abs((hueAfter ?? 0) - (hueBefore ?? 0))).toBeLessThan(3);
  });

  it('leaves what is not a colour as it is', () => {
    expect(visibleColor('', 'dark')).toBe('');
    expect(visibleColor('not a colour', 'light')).toBe('not a colour');
  });
});
