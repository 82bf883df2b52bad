import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/charts/Chart.tsx';
import { useDebouncedText } from '../../components/list/use-debounced-text.ts';
import { useResettingState } from '../../components/list/use-resetting-state.ts';
import { isoDay, type DayRange } from '../../i18n/dates.ts';
import { seededSliceLabel } from '../../i18n/seeded-names.ts';
import { statisticsApi, type HistogramQuery, type StatisticsScope } from './statistics-api.ts';
import { histogramOptions } from './statistics-figures.ts';
import { BUCKETINGS, histogramAttribute, type Bucketing, type StatisticsSettings } from './statistics-settings.ts';
import { useStatistics } from './statistics-streams.ts';

interface TestsHistogramProps {
  scope: StatisticsScope;
  settings: StatisticsSettings;
  onRange(range: DayRange): void;
  onBucketing(bucketing: Bucketing): void;
  onAttribute(attribute: string): void;
}

const dayOf = (day: string) => new Date(`${day}T00:00`);

/** The Bar segment (cases-and-plans §2): results per day of a range, or per value of a result attribute, stacked by status. */
export function TestsHistogram({ scope, settings, onRange, onBucketing, onAttribute }: TestsHistogramProps) {
  const { t } = useTranslation();
  const { range, bucketing } = settings;
  // The range shown while its second day is being picked; it is asked for once both are.
  const [picked, setPicked] = useResettingState<Array<Date | null>>([dayOf(range.start), dayOf(range.end)], `${range.start}/${range.end}`);
  const [attributeText, typeAttribute] = useDebouncedText(settings.attribute, (text) => onAttribute(text.trim()));
  const attribute = histogramAttribute(settings);
  const bucketings = BUCKETINGS.map((value) => ({
    value,
    label: t(value === 'by_time' ? 'planStatistics.bar.byTime' : 'planStatistics.bar.byAttribute'),
  }));

  const pick = (days: Array<Date | null>) => {
    setPicked(days);
    const [start, end] = days;
    if (start && end) onRange({ start: isoDay(start), end: isoDay(end) });
  };

  return (
    <section className="plan-statistics__card" aria-label={t('planStatistics.bar.title')}>
      <header className="plan-statistics__card-header">
        <h3>{t('planStatistics.bar.title')}</h3>
        <div className="plan-statistics__tools">
          <Calendar
            value={picked}
            onChange={(event) => pick(event.value ?? [])}
            selectionMode="range"
            maxDate={new Date()}
            readOnlyInput
            showIcon
            dateFormat="yy-mm-dd"
            aria-label={t('planStatistics.bar.range')}
          />
          <SelectButton
            value={bucketing}
            options={bucketings}
            allowEmpty={false}
            onChange={(event) => onBucketing(event.value as Bucketing)}
            aria-label={t('planStatistics.bar.bucketing')}
          />
          {bucketing === 'by_attribute' && (
            <InputText
              value={attributeText}
              onChange={(event) => typeAttribute(event.target.value)}
              placeholder={t('planStatistics.bar.attribute')}
              aria-label={t('planStatistics.bar.attribute')}
            />
          )}
        </div>
      </header>
      {attribute === '' ? (
        <p className="plan-statistics__empty">{t('planStatistics.bar.attributeNeeded')}</p>
      ) : (
        <HistogramChart query={{ ...scope, range, attribute }} />
      )}
    </section>
  );
}

/** The element's width as it changes, for what has to be sized in pixels. */
function useWidth(): [(element: HTMLElement | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [observe, width];
}

/** The stacked bars of one histogram query, sized to their container. */
export function HistogramChart({ query }: { query: HistogramQuery }) {
  const { t, i18n } = useTranslation();
  const points = useStatistics(query, statisticsApi.histogram).data;
  const [observe, width] = useWidth();
  const byDay = query.attribute === null;
  const chart = useMemo(() => {
    if (!points) return null;
    // A point is a UTC day (§4.6): it reads as that day wherever the reader is.
    const day = (options: Intl.DateTimeFormatOptions) => {
      const format = new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: 'UTC' });
      return (point: string) => format.format(new Date(`${point}T00:00:00Z`));
    };
    const { options, series } = histogramOptions(points, {
      plotWidth: width,
      axisLabel: byDay ? day({ day: 'numeric', month: 'short' }) : String,
      fullLabel: byDay ? day({ dateStyle: 'medium' }) : String,
    });
    return { options, series: series.map((status) => ({ name: seededSliceLabel(t, status.label), data: status.counts })) };
  }, [points, width, byDay, t, i18n.language]);
  return (
    <div ref={observe}>
      {chart ? (
        <Chart type="bar" options={chart.options} series={chart.series} height={320} label={t('planStatistics.bar.title')} />
      ) : (
        <Skeleton height="20rem" />
      )}
    </div>
  );
}
