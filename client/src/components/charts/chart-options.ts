import type { ApexOptions } from 'apexcharts';
import english from 'apexcharts/dist/locales/en.json';
import russian from 'apexcharts/dist/locales/ru.json';
import type { Theme } from '../../theme/theme.ts';
import { visibleColor } from '../../theme/visible-color.ts';

/** apexcharts' own words (months, days, toolbar) in each of the app's languages. */
const LOCALES = [english, russian];

/** What the app decides about every chart: its theme and the reader's language. */
export interface ChartLook {
  theme: Theme;
  language: string;
}

/** A number as the reader's language writes it, to at most two decimals (§9: percentages and estimates to 2 decimals). */
export function formatChartNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A percentage (50 for a half) as the reader's language writes one: "33.33%", "33,33 %". */
export function formatChartPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `base` with `over` laid on top: objects merge key by key, anything else (arrays, functions) is replaced. */
function merged(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const result = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = result[key];
    result[key] = isPlainObject(below) && isPlainObject(value) ? merged(below, value) : value;
  }
  return result;
}

/**
 * A chart's own options over the app's look: the light or dark mode with the
 * page showing through (the theme's surface, not apexcharts' grey), the
 * page's font, apexcharts' words and the numbers in the reader's language,
 * and the series' colours as the theme shows them (`visibleColor`).
 */
export function chartOptions(options: ApexOptions, { theme, language }: ChartLook): ApexOptions {
  const number = (value: number) => formatChartNumber(value, language);
  const locale = LOCALES.some((candidate) => candidate.name === language) ? language : english.name;
  const look: ApexOptions = {
    // Drawn once, without apexcharts' animation: its frames kept the page busy for most of a second after the
    // drawing, beside the rows and the other charts still to come.
    chart: {
      background: 'transparent',
      fontFamily: 'inherit',
      toolbar: { show: false },
      animations: { enabled: false },
      locales: LOCALES,
      defaultLocale: locale,
    },
    theme: { mode: theme },
    tooltip: { theme, y: { formatter: number } },
    ...(Array.isArray(options.yaxis) ? {} : { yaxis: { labels: { formatter: number } } }),
  };
  const themed = merged(look as Record<string, unknown>, options as Record<string, unknown>) as ApexOptions;
  // Series in colours too faint for the theme (a near-black status on the dark page) are drawn so they show.
  if (themed.colors) themed.colors = themed.colors.map((color) => (typeof color === 'string' ? visibleColor(color, theme) : color));
  return themed;
}
