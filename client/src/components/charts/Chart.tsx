import type { ApexOptions } from 'apexcharts';
import { useObservableEagerState } from 'observable-hooks';
import { Skeleton } from 'primereact/skeleton';
import { Suspense, lazy, useMemo } from 'react';
import type { Props as ApexChartProps } from 'react-apexcharts';
import { useTranslation } from 'react-i18next';
import { theme$ } from '../../theme/theme.ts';
import { chartOptions } from './chart-options.ts';
import './charts.css';

// apexcharts is a large library: it loads with the first chart shown, not with the app.
const ApexChart = lazy(() => import('react-apexcharts'));

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
  return (
    <div className="chart" {...(label ? { role: 'img', 'aria-label': label } : {})}>
      <Suspense fallback={<Skeleton height={typeof height === 'number' ? `${height}px` : height} />}>
        <ApexChart key={language} type={type} options={themed} series={series} height={height} width="100%" />
      </Suspense>
    </div>
  );
}
