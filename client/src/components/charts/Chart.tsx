import type { ApexOptions } from 'apexcharts';
import { useObservableEagerState } from 'observable-hooks';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useMemo, useState } from 'react';
import type { Props as ApexChartProps } from 'react-apexcharts';
import { useTranslation } from 'react-i18next';
import { theme$ } from '../../theme/theme.ts';
import { chartOptions } from './chart-options.ts';
import { preloadCharts } from './preload-charts.ts';
import './charts.css';

/** Runs `work` in a task of its own once the next frame is painted; answers a way to call it off. */
function afterNextPaint(work: () => void): () => void {
  let timer: number | undefined;
  // A frame's callbacks run just before it is painted; a task queued from there runs after the paint.
  const frame = window.requestAnimationFrame(() => (timer = window.setTimeout(work, 0)));
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

type ChartModule = Awaited<ReturnType<typeof preloadCharts>>;

/**
 * apexcharts' component once the page has painted what its first render showed and the module is loaded;
 * null until then. apexcharts draws in one long task: a chart drawn in the render that also shows a page's
 * rows would hold their paint back, so it is drawn in the task after. (Waiting for an idle period instead
 * cost up to its 300 ms limit on every page, since a page loading its chunks and data is never idle; and
 * React.lazy behind Suspense showed a chart whose module was long loaded up to 300 ms late, as React
 * throttles the reveal of a suspended boundary.)
 */
function useChartModule(): ChartModule | null {
  const [module, setModule] = useState<ChartModule | null>(null);
  useEffect(() => {
    let mounted = true;
    const cancel = afterNextPaint(() =>
      preloadCharts().then(
        (loaded) => mounted && setModule(() => loaded),
        // Thrown where the chart renders, so the screen's error boundary shows the failed download.
        (error: unknown) =>
          mounted &&
          setModule(() => {
            throw error;
          }),
      ),
    );
    return () => {
      mounted = false;
      cancel();
    };
  }, []);
  return module;
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
  const charts = useChartModule();
  const placeholder = <Skeleton height={typeof height === 'number' ? `${height}px` : height} />;
  return (
    <div className="chart" {...(label ? { role: 'img', 'aria-label': label } : {})}>
      {charts ? <charts.default key={language} type={type} options={themed} series={series} height={height} width="100%" /> : placeholder}
    </div>
  );
}
