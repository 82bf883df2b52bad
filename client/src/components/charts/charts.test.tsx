import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { chartOptions, formatChartNumber, formatChartPercent } from './chart-options.ts';
import { legendShown, percentOf } from './figures.ts';
import { ProgressMeter } from './ProgressMeter.tsx';
import { StatisticsBar, type StatisticsItem } from './StatisticsBar.tsx';
import { visibleColor } from '../../theme/visible-color.ts';

describe('the charts’ look', () => {
  it('lays a chart’s options over the theme, the page showing through, and the reader’s language', () => {
    const options = chartOptions(
      { chart: { stacked: true }, tooltip: { x: { show: false } }, colors: ['#111', '#C44D56'] },
      { theme: 'dark', language: 'ru' },
    );
    expect(options.chart).toMatchObject({
      stacked: true,
      background: 'transparent',
      defaultLocale: 'ru',
      toolbar: { show: false },
      animations: { enabled: false },
    });
    expect(options.chart?.locales?.map((locale) => locale.name)).toEqual(['en', 'ru']);
    expect(options.theme).toEqual({ mode: 'dark' });
    expect(options.tooltip).toMatchObject({ theme: 'dark', x: { show: false } });
    // A near-black series is lifted off the dark page; one that shows is kept.
    expect(options.colors).toEqual([visibleColor('#111', 'dark'), '#C44D56']);
    expect(options.colors?.[0]).not.toBe('#111');
    expect(options.tooltip?.y).toMatchObject({ formatter: expect.any(Function) });
    const yaxis = options.yaxis as { labels: { formatter(value: number): string } };
    expect(yaxis.labels.formatter(1234.567)).toMatch(/^1\s234,57$/);
  });

  it('keeps a chart’s own formatters and falls back to English for a language apexcharts lacks', () => {
    const own = (value: number) => `${value} min`;
    const options = chartOptions({ yaxis: { labels: { formatter: own } } }, { theme: 'light', language: 'xx' });
    expect((options.yaxis as { labels: { formatter: unknown } }).labels.formatter).toBe(own);
    expect(options.chart?.defaultLocale).toBe('en');
    expect(options.theme).toEqual({ mode: 'light' });
  });

  it('writes numbers and percentages to two decimals, as each language does', () => {
    expect([formatChartNumber(2.345, 'en'), formatChartNumber(2.5, 'ru'), formatChartNumber(1500, 'en')]).toEqual(['2.35', '2,5', '1,500']);
    expect([formatChartPercent(33.33, 'en'), formatChartPercent(100, 'en')]).toEqual(['33.33%', '100%']);
    expect(formatChartPercent(12.5, 'ru')).toBe('12,5\u00a0%');
  });
});

describe('the statistics widgets’ figures (§9)', () => {
  it('give percentages to two decimals, 0 of nothing', () => {
    expect([percentOf(1, 3), percentOf(2, 3), percentOf(3, 3), percentOf(0, 0), percentOf(1, 8)]).toEqual([33.33, 66.67, 100, 0, 12.5]);
  });

  it('show seven legend items before “Show all”', () => {
    const items = Array.from({ length: 9 }, (_, index) => index);
    expect(legendShown(items, false)).toEqual({ shown: [0, 1, 2, 3, 4, 5, 6], more: 2 });
    expect(legendShown(items, true)).toEqual({ shown: items, more: 0 });
    expect(legendShown(items.slice(0, 7), false)).toEqual({ shown: items.slice(0, 7), more: 0 });
  });
});

const statuses: StatisticsItem[] = ['Passed', 'Failed', 'Skipped', 'Broken', 'Blocked', 'Retest', 'Flaky', 'Slow', 'UNTESTED'].map(
  (label, index) => ({
    key: label,
    label,
    value: index === 0 ? 2 : 1,
    color: '#123456',
  }),
);

describe('the segmented statistics bar', () => {
  it('lists each part with its value and share, seven of them until “Show all (+N)”, then back with “Show less”', async () => {
    render(<StatisticsBar items={statuses} label="Tests count" />);
    const legend = within(screen.getByRole('figure', { name: 'Tests count' })).getByRole('list');
    expect(within(legend).getAllByRole('listitem')).toHaveLength(7);
    expect(within(legend).getAllByRole('listitem')[0]!.textContent).toBe('Passed220%');
    expect(within(legend).getAllByRole('listitem')[1]!.textContent).toBe('Failed110%');
    await userEvent.click(screen.getByRole('button', { name: 'Show all (+2)' }));
    expect(within(legend).getAllByRole('listitem')).toHaveLength(9);
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(within(legend).getAllByRole('listitem')).toHaveLength(7);
  });

  it('speaks Russian', async () => {
    await chooseLanguage('ru');
    render(<StatisticsBar items={statuses.map((item) => ({ ...item, shownValue: `${item.value} мин` }))} label="Оценки" />);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe('Passed2 мин20\u00a0%');
    expect(screen.getByRole('button', { name: 'Показать все (+2)' })).toBeTruthy();
  });
});

describe('the progress meter', () => {
  it('shows the share done, in the success colour only once all is done', () => {
    const { rerender } = render(<ProgressMeter done={1} total={3} label="Progress of Sprint" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress of Sprint' });
    expect(bar.textContent).toBe('33.33%');
    expect(bar.classList.contains('progress-meter--done')).toBe(false);
    rerender(<ProgressMeter done={3} total={3} label="Progress of Sprint" />);
    expect(screen.getByRole('progressbar').textContent).toBe('100%');
    expect(screen.getByRole('progressbar').classList.contains('progress-meter--done')).toBe(true);
    rerender(<ProgressMeter done={0} total={0} label="Progress of Sprint" />);
    expect(screen.getByRole('progressbar').classList.contains('progress-meter--done')).toBe(false);
  });
});
