import type { ApexOptions } from 'apexcharts';
import { useObservableEagerState } from 'observable-hooks';
import { Skeleton } from 'primereact/skeleton';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { Props as ApexChartProps } from 'react-apexcharts';
import { useTranslation } from 'react-i18next';
import { theme$ } from '../../theme/theme.ts';
import { chartOptions } from './chart-options.ts';
import { preloadCharts } from './preload-charts.ts';
import './charts.css';

/** Runs `work` once the browser is idle, or after `withinMs` at the latest; answers a way to call it off. */
function whenIdle(work: () => void, withinMs: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(work, 0);
    return () => window.clearTimeout(timer);
  }
  const request = window.requestIdleCallback(work, { timeout: withinMs });
  return () => window.cancelIdleCallback(request);
}

const ApexChart = lazy(preloadCharts);

/** The longest a first drawing waits for the page to go idle. */
const DRAW_WITHIN_MS = 300;

/**
 * False until the browser is idle after the first render (or DRAW_WITHIN_MS has passed). apexcharts
 * draws in one long task: a chart whose figures came first held back the tests' rows that came a moment
 * later, so a chart is drawn once what else the page had to show is on screen.
 */
function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), DRAW_WITHIN_MS), []);
  return idle;
}

export interface ChartProps {
  type: NonNullable<ApexChartProps['type']>;
  /** The chart's own options; keep the object between renders (useMemo), or the chart redraws on every render. */
  options: ApexOptions;
  series: NonNullable<ApexOptions['series']>;
  height?: number | string;
  /** What the chart shows, for screen readers (the drawing itself is not read). */
  label?: string;
}

/**
 * An apexcharts chart in the app's theme and language: it follows the theme
 * switch as it happens, and is drawn anew in a newly chosen language (its
 * month and day names are fixed when it is drawn).
 */
export function Chart({ type, options, series, height = 300, label }: ChartProps) {
  const theme = useObservableEagerState(theme$);
  const { i18n } = useTranslation();
  const language = i18n.language;
  const themed = useMemo(() => chartOptions(options, { theme, language }), [options, theme, language]);
  const idle = useIdleAfterMount();
  const placeholder = <Skeleton height={typeof height === 'number' ? `${height}px` : height} />;
  return (
    <div className="chart" {...(label ? { role: 'img', 'aria-label': label } : {})}>
      {idle ? (
        <Suspense fallback={placeholder}>
          <ApexChart key={language} type={type} options={themed} series={series} height={height} width="100%" />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
